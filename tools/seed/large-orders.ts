/**
 * The benchmark's cloud storage volumes (issue 12, Figures): the Bench Partner's app key, goods (one
 * listed plan per area its devices are in, unlimited stock), its sandbox payee (verified, the
 * default of every platform), 200,000 end users each bound to one of its devices, ready sessions
 * for the first BENCH_END_USER_SESSIONS of them (known tokens: the bench signs as them without
 * 200,000 logins), and 1,000,000 orders over 18 months (5 per device, 108 days apart: paid plans
 * in every derived state, cancelled, refunded) with their payment attempts. Set-based: one
 * INSERT ... SELECT per table, over generate_series.
 */
import type { Database } from '@portal/server/db/client';
import { sealSecret } from '@portal/server/lib/secrets';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { benchPartner } from './large-devices';
import { benchKey, demoSealKeys, elapsed, one, type Log } from './shared';

/** The Bench Partner's application key: a known id, its secret derived from the bench secret (benchKey). */
export const BENCH_APP_KEY = {
  appId: 'appbenchpartner2026',
  get secret(): string {
    return `bench-app-${benchKey('app-secret')}`;
  },
};
/** End users with a session ready (token and sign key below). */
export const BENCH_END_USER_SESSIONS = 20_000;
/** The session of bench end user n (1-based), bound to bench device n (BN0000000n). */
export const benchEndUserSession = (n: number) => ({
  token: `${benchSessionPrefix('token')}${n}`,
  signKey: `${benchSessionPrefix('sign')}${n}`,
});
/** What bench end user n's session token, renew token and sign key are made of, n appended (benchKey). */
export const benchSessionPrefix = (part: 'token' | 'renew' | 'sign') => `beu-${benchKey(`eu-${part}`)}-${part}-`;
export const BENCH_GOODS_PREFIX = 'BENCH-PLAN-';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Whether the Bench Partner already has its orders. */
export async function hasLargeOrders(database: Pick<Database, 'db'>): Promise<boolean> {
  const partner = await benchPartner(database);
  if (!partner) return false;
  const r = await one<{ found: boolean }>(
    database.db,
    sql`select exists (select 1 from storage_orders where company_id = ${partner.id}::int) as found`,
  );
  return !!r?.found;
}

/** The sessions of the first BENCH_END_USER_SESSIONS end users expire in a day: a bench run renews them. */
export async function renewBenchSessions(database: Pick<Database, 'db'>): Promise<void> {
  await database.db.execute(sql`
    update end_user_sessions s set token_expires_at = now() + interval '1 day', last_active_at = now(), ended_at = null, end_reason = null
      from app_keys k where k.id = s.app_key_id and k.app_id = ${BENCH_APP_KEY.appId}`);
}

export async function seedLargeOrders(
  database: Database,
  opts: { endUsers?: number; orders?: number; passwordHash: string; log?: Log },
): Promise<{ endUsers: number; orders: number; seconds: number }> {
  const log = opts.log ?? (() => {});
  const U = Math.floor(opts.endUsers ?? 200_000);
  const perDevice = Math.max(1, Math.round((opts.orders ?? 1_000_000) / U));
  const partner = await benchPartner(database);
  if (!partner) throw new Error('seedLargeOrders: the Bench Partner does not exist; seed the large volumes first');
  if (await hasLargeOrders(database)) throw new Error('seedLargeOrders: the Bench Partner already has orders');
  const startedAt = performance.now();
  const step = (what: string) => log(`large: ${what} (${elapsed(startedAt)} s)`);
  const ring = demoSealKeys();

  await database.db.transaction(async (tx) => {
    const appKey = (await one<{ id: number }>(
      tx,
      sql`insert into app_keys (company_id, company_path, app_id, name, secret_enc, secret_last4)
          values (${partner.id}::int, ${partner.path}, ${BENCH_APP_KEY.appId}, 'Bench app', ${sealSecret(ring, BENCH_APP_KEY.secret)},
                  ${BENCH_APP_KEY.secret.slice(-4)}) returning id`,
    ))!;
    const sandboxKey = 'sbx_benchPartnerSandboxKey01';
    await tx.execute(sql`
      insert into payee_accounts (company_id, company_path, provider, mode, account_id, secret_enc, secret_last4, verified_at, default_for)
      values (${partner.id}::int, ${partner.path}, 'sandbox', 'test', 'bench-sandbox', ${sealSecret(ring, sandboxKey)},
              ${sandboxKey.slice(-4)}, now(), array['android', 'ios', 'web'])`);
    const plan = (await one<{ id: number }>(
      tx,
      sql`insert into storage_plans (name, storage_value, storage_unit, service_days, cost_price, guide_price)
          values ('Bench 7-day loop, 30 days', 7, 'day', 30, 1000, 2000) returning id`,
    ))!;
    const cover = (await one<{ id: number }>(
      tx,
      sql`insert into files (company_id, path, name, mime, size, sha256, is_public)
          values (${partner.id}::int, ${`bench/${partner.id}/cover.png`}, 'cover.png', 'image/png', 1, ${sha256('bench-cover')}, true)
          returning id`,
    ))!;
    // One listed plan per area of the partner's devices, in both languages.
    await tx.execute(sql`
      insert into storage_goods (company_id, company_path, goods_code, name, plan_id, cost_price, guide_price, android_price, ios_price,
                                 stock, area_id, cover_file_id, contents, status, approved_snapshot)
      select ${partner.id}::int, ${partner.path}, ${BENCH_GOODS_PREFIX} || a.area_id, 'Bench cloud plan ' || a.area_id, ${plan.id}::int,
             1000, 2000, 3000, 3300, null, a.area_id, ${cover.id}::int,
             jsonb_build_object('en-US', jsonb_build_object('graphic', '<p>Seven days of recordings</p>', 'terms', '<p>Terms</p>', 'detailImages', '[]'::jsonb),
                                'zh-CN', jsonb_build_object('graphic', '<p>保存7天录像</p>', 'terms', '<p>条款</p>', 'detailImages', '[]'::jsonb)),
             'listed', '{}'::jsonb
        from (select distinct area_id from devices where company_id = ${partner.id}::int and area_id is not null) a`);
    step('app key, payee, plan and goods');

    await tx.execute(sql`
      insert into end_users (company_id, company_path, app_key_id, email, nickname, locale, country, area_id, status, password_hash, created_at)
      select ${partner.id}::int, ${partner.path}, ${appKey.id}::int, 'bench-eu-' || n || '@bench-app.local', 'Bench user ' || n,
             case when n % 3 = 0 then 'zh-CN' else 'en-US' end, 'US', d.area_id, 'normal', ${opts.passwordHash}::text,
             now() - (n % 600) * interval '1 day'
        from generate_series(1, ${U}::int) n
        join devices d on d.sn = 'BN' || lpad(n::text, 8, '0')
       order by n`);
    await tx.execute(sql`
      update devices d set end_user_id = e.id, bound_at = e.created_at
        from end_users e
       where e.app_key_id = ${appKey.id}::int and d.sn = 'BN' || lpad(substr(split_part(e.email, '@', 1), 10), 8, '0')`);
    step(`${U} end users bound to devices`);
    await tx.execute(sql`
      insert into end_user_sessions (end_user_id, app_key_id, token_hash, renew_token_hash, sign_key, token_expires_at, last_active_at)
      select e.id, ${appKey.id}::int, encode(sha256(convert_to(${benchSessionPrefix('token')}::text || n, 'UTF8')), 'hex'),
             encode(sha256(convert_to(${benchSessionPrefix('renew')}::text || n, 'UTF8')), 'hex'), ${benchSessionPrefix('sign')}::text || n, now() + interval '1 day', now()
        from generate_series(1, ${Math.min(U, BENCH_END_USER_SESSIONS)}::int) n
        join end_users e on e.app_key_id = ${appKey.id}::int and e.email = 'bench-eu-' || n || '@bench-app.local'`);
    step(`${Math.min(U, BENCH_END_USER_SESSIONS)} end-user sessions`);

    // Order j (0-based) of device n: created (perDevice-1-j)*108 + n%97 days ago; its 30-day period
    // from then (plans of a device never overlap). 1 in 20 cancelled, 1 in 20 refunded, 1 in 25 of the
    // newest paid ones still unused; the rest paid, in use, near expiry or expired by their age.
    await tx.execute(sql`
      with dev as (
        select d.id, d.sn, d.end_user_id, e.email, n, g.id as goods_id,
               jsonb_build_object('goodsCode', g.goods_code, 'name', g.name, 'planId', g.plan_id, 'planName', 'Bench 7-day loop, 30 days',
                 'storageValue', 7, 'storageUnit', 'day', 'serviceDays', 30, 'androidPrice', 3000, 'iosPrice', 3300,
                 'guidePrice', 2000, 'costPrice', 1000, 'currency', 'USD') as snap
          from generate_series(1, ${U}::int) n
          join devices d on d.sn = 'BN' || lpad(n::text, 8, '0')
          join end_users e on e.id = d.end_user_id
          join storage_goods g on g.company_id = ${partner.id}::int and g.area_id = d.area_id and g.goods_code like ${BENCH_GOODS_PREFIX + '%'}),
      o as (
        select dev.*, j, (n::bigint - 1) * ${perDevice}::int + j + 1 as k,
               date_trunc('milliseconds', now()) - make_interval(days => (${perDevice - 1}::int - j) * 108 + n % 97, hours => n % 24) as created,
               case when (n + j * 7) % 20 = 0 then 'cancelled' when (n + j * 7) % 20 = 1 then 'refunded'
                    when j = ${perDevice - 1}::int and n % 25 = 2 then 'unused' else 'paid' end as kind,
               case when (n + j) % 10 < 6 then 'android' when (n + j) % 10 < 9 then 'ios' else 'web' end as platform
          from dev, generate_series(0, ${perDevice - 1}::int) j)
      insert into storage_orders (order_no, transaction_id, provider, amount, platform, device_id, device_sn, end_user_id, end_user_email,
          company_id, company_path, goods_id, goods_snapshot, service_days, cost_price, state, period, paid_at, cancelled_at, cancel_reason,
          refunded_amount, refunded_at, created_at, updated_at)
      select 'CS9' || lpad(k::text, 12, '0'),
             case when kind <> 'cancelled' then 'sbx_tx_bench_' || k end,
             case when kind <> 'cancelled' then 'sandbox' end,
             case when platform = 'ios' then 3300 else 3000 end,
             platform, id, sn, end_user_id, email, ${partner.id}::int, ${partner.path}, goods_id, snap, 30, 1000,
             case kind when 'unused' then 'paid' else kind end,
             case when kind = 'paid' then tstzrange(created + interval '1 minute', created + interval '1 minute' + interval '30 days', '[)') end,
             case when kind <> 'cancelled' then created + interval '1 minute' end,
             case when kind = 'cancelled' then created + interval '30 minutes' end,
             case when kind = 'cancelled' then 'timeout' end,
             case when kind = 'refunded' then case when platform = 'ios' then 3300 else 3000 end else 0 end,
             case when kind = 'refunded' then created + interval '2 days' end,
             created, created
        from o`);
    step(`${U * perDevice} orders`);
    await tx.execute(sql`
      insert into storage_order_attempts (order_id, provider, amount, status, transaction_id, card_last4, created_at, updated_at)
      select id, 'sandbox', amount, case when state = 'refunded' then 'refunded' else 'succeeded' end, transaction_id, '4242', paid_at, paid_at
        from storage_orders where company_id = ${partner.id}::int and transaction_id is not null`);
    step('payment attempts');
  });
  // Statistics, and the visibility map autovacuum would set on a live database: the order list's
  // count is an index-only scan of its window (storage_orders_window_idx).
  for (const t of ['end_users', 'end_user_sessions', 'devices', 'storage_orders', 'storage_order_attempts'])
    await database.db.execute(sql.raw(`vacuum analyze ${t}`));
  const seconds = Number(elapsed(startedAt));
  log(`large: ${U} end users and ${U * perDevice} orders of the Bench Partner in ${seconds.toFixed(2)} s`);
  return { endUsers: U, orders: U * perDevice, seconds };
}
