/**
 * The app-facing API's demo (issue 12 items 8-9): an application key per demo brand (partner), with
 * a fixed appId and the seed's random secret (demo-keys.ts: sealed like any other, printed by the
 * seed and kept in DATA_DIR/secrets/demo-keys.json, where `npm run app-sim` reads it), and end users:
 * 2,000 of Acme Vision in six languages (DEMO_END_USER_LANGUAGES) and 30 of Northwind, the first
 * ones bound to demo devices. Every demo device gets a verification code derived from its SN with the
 * seed's random key (`demoVerifyCode`), so the simulator, which reads the same key, can bind the
 * devices left unbound.
 */
import type { Tx } from '@portal/server/db/client';
import { type SealKeyring, sealSecret } from '@portal/server/lib/secrets';
import { createHash, createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DemoKeys } from './demo-keys';
import { one, rows } from './shared';

/** End users per brand, the first ones bound to that brand's devices. */
const DEMO_END_USERS: ReadonlyArray<{ company: string; count: number; mailDomain: string; snPrefix: string }> = [
  { company: 'Acme Vision', count: 2000, mailDomain: 'acme-app.demo.local', snPrefix: 'ACME' },
  { company: 'Northwind Security Systems', count: 30, mailDomain: 'northwind-app.demo.local', snPrefix: 'NWS' },
];

/**
 * The app languages of the demo's end users. The first DEMO_EARLY_END_USERS of a brand alternate
 * en-US and zh-CN (every third zh-CN: user001 en-US, user003 zh-CN, as the end-to-end specs use
 * them); the later ones cycle through all six, with a country of that language
 * (DEMO_END_USER_LANGUAGES[n % 6]: user126 is de-DE in DE), and joined before the early ones (so
 * the early ones stay first in the newest-first lists).
 */
export const DEMO_END_USER_LANGUAGES = ['de-DE', 'fr-FR', 'es-ES', 'ja-JP', 'en-US', 'zh-CN'] as const;
const DEMO_END_USER_COUNTRIES = ['DE', 'FR', 'ES', 'JP', 'US', 'CN'] as const;
export const DEMO_EARLY_END_USERS = 120;
/** The e-mail of a brand's n-th demo end user (`user001@acme-app.demo.local`, ..., `user2000@...`). */
export const demoEndUserEmail = (n: number, mailDomain = 'acme-app.demo.local') => `user${String(n).padStart(3, '0')}@${mailDomain}`;

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/**
 * A demo device's verification code, keyed by the seed's random `verifyCodeKey` (a real device gets
 * a random one from the device API's register).
 */
export function demoVerifyCode(sn: string, verifyCodeKey: string): string {
  const mac = createHmac('sha256', verifyCodeKey).update(sn).digest();
  let code = '';
  for (let i = 0; i < 8; i++) code += ALPHABET[mac[i]! % ALPHABET.length];
  return code;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export async function seedDemoApp(
  tx: Tx,
  companyIds: Record<string, number>,
  passwordHash: string,
  sealKeys: SealKeyring,
  keys: Pick<DemoKeys, 'appKeys' | 'verifyCodeKey'>,
) {
  for (const k of keys.appKeys) {
    const companyId = companyIds[k.company];
    if (companyId === undefined) throw new Error(`seedDemoApp: no company ${k.company}`);
    await tx.execute(sql`
      insert into app_keys (company_id, company_path, app_id, name, secret_enc, secret_last4, created_at)
      select id, path, ${k.appId}, ${`${k.company} app`}, ${sealSecret(sealKeys, k.secret)}, ${k.secret.slice(-4)}, now() - interval '90 days'
        from companies where id = ${companyId}::int`);
  }
  // Every demo device's verification code (the simulator derives the same).
  const devs = await rows<{ id: number; sn: string }>(tx, sql`select id::float8 as id, sn from devices`);
  for (let i = 0; i < devs.length; i += 500) {
    const part = devs.slice(i, i + 500);
    await tx.execute(sql`
      update devices d set verify_code_hash = v.h
        from unnest(${sql.param(part.map((d) => d.id))}::bigint[], ${sql.param(part.map((d) => sha256(demoVerifyCode(d.sn, keys.verifyCodeKey))))}::text[]) as v(id, h)
       where d.id = v.id`);
  }
  let endUsers = 0;
  // The early users not deleted (every 40th is): where the second devices start.
  const earlyLive = DEMO_EARLY_END_USERS - Math.floor(DEMO_EARLY_END_USERS / 40);
  for (const b of DEMO_END_USERS) {
    const companyId = companyIds[b.company]!;
    const key = (await one<{ id: number }>(tx, sql`select id from app_keys where company_id = ${companyId}::int`))!;
    // n-th user: mostly normal, every 25th frozen, every 40th deleted; languages and countries as
    // DEMO_END_USER_LANGUAGES says. One statement for the whole brand.
    await tx.execute(sql`
      insert into end_users (company_id, company_path, app_key_id, email, nickname, locale, country, area_id, status, password_hash, created_at, deleted_at)
      select c.id, c.path, ${key.id}::int, 'user' || lpad(n::text, greatest(3, length(n::text)), '0') || '@' || ${b.mailDomain},
             (array['Mia','Noah','Lena','Ethan','Sofia','Liam','Emma','Lucas','Wei','Mei'])[1 + n % 10] || ' ' || n,
             case when n > ${DEMO_EARLY_END_USERS}::int then (${sql.param([...DEMO_END_USER_LANGUAGES])}::text[])[1 + n % 6]
                  when n % 3 = 0 then 'zh-CN' else 'en-US' end,
             case when n > ${DEMO_EARLY_END_USERS}::int then (${sql.param([...DEMO_END_USER_COUNTRIES])}::text[])[1 + n % 6]
                  else (array['DE','FR','GB','US','CA'])[1 + n % 5] end,
             c.area_id,
             case when n % 40 = 0 then 'deleted' when n % 25 = 0 then 'frozen' else 'normal' end,
             ${passwordHash},
             case when n > ${DEMO_EARLY_END_USERS}::int then now() - (400 + n % 300) * interval '1 day'
                  else now() - (n * 13 % 400) * interval '1 day' end,
             case when n % 40 = 0 then now() - interval '3 days' end
        from companies c, generate_series(1, ${b.count}::int) n
       where c.id = ${companyId}::int`);
    // The users not deleted get one device each (the brand's devices in SN order, every other one:
    // the rest stay unbound for the simulator) while devices last; every 4th of the early users a
    // second one (after the devices of the first DEMO_EARLY_END_USERS).
    await tx.execute(sql`
      with all_u as (select id, row_number() over (order by id) as k from end_users where company_id = ${companyId}::int and status <> 'deleted'),
           u as (select * from all_u where k <= 400),
           d as (select id, row_number() over (order by sn) as k from devices where company_path like (select path from companies where id = ${companyId}::int) || '%')
      update devices set end_user_id = u.id, bound_at = now() - (u.k % 200) * interval '1 day'
        from u, d
       where devices.id = d.id and (d.k = 2 * u.k - 1 or (u.k % 4 = 0 and d.k = 2 * (u.k + least((select count(*) from u), ${earlyLive}::int)) - 1))`);
    endUsers += b.count;
  }
  // Push (issue 13 §5): every third live end user has the app installed with notifications on (a
  // push token: Android and iOS alternate; which third shifts every six users, so that every
  // language has some), and every seventh muted promotions. The brand apps use
  // the local push provider (outbox) until their FCM or APNs credentials are set.
  await tx.execute(sql`
    insert into push_tokens (end_user_id, app_key_id, platform, token, created_at, updated_at)
    select e.id, e.app_key_id, case when e.id % 2 = 0 then 'android' else 'ios' end, 'demo-push-' || e.id, e.created_at, e.created_at
      from end_users e where e.status = 'normal' and e.app_key_id is not null and (e.id + e.id / 6) % 3 = 0`);
  await tx.execute(sql`update end_users set mute_promotions = true where status = 'normal' and id % 7 = 0`);
  return { appKeys: keys.appKeys.length, endUsers };
}
