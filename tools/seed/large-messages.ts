/**
 * The benchmark's message centre volumes (issue 13, Figures): the Bench Partner's end users
 * brought to 1,000,000 (large-orders.ts made the first 200,000, bound to devices; the rest are app
 * users of the same app key, named the same way, in a mix of the app languages and the areas and
 * countries of the regional DCs, four in five bound to the partner's device of their number), a
 * third of them with a push token, every seventh muting promotions, ready sessions for
 * BENCH_END_USER_SESSIONS of the new ones too (benchEndUserSession), and released messages of the
 * partner totalling at least 2,000,000 receipts (plus a withdrawn one).
 *
 * The messages are stored by the message-center module's own repository (insertMessage,
 * markReleased, markWithdrawn, the fan-out's cursor update), and their receipts are written with
 * the module's audience predicate and language rule (endUserPredicate, recipientLanguage): the
 * receipts are exactly those the fan-out writes, each with its resolved language, plus the history
 * a live system would have (pushed for recipients with a token, unless a muted promotion; delivered,
 * read, a few hidden). Set-based: one INSERT ... SELECT per table or message, over generate_series.
 */
import { MESSAGE_LANGUAGES, type EndUserFilter, type MessageLanguage, type MessageType } from '@portal/contract';
import type { Database, Tx } from '@portal/server/db/client';
import {
  endUserPredicate,
  insertMessage,
  markReleased,
  markWithdrawn,
  recipientLanguage,
  unsafeAdvanceFanout,
} from '@portal/server/modules/message-center/messages.repository';
import { sql } from 'drizzle-orm';
import { BENCH_ACCOUNT } from './large';
import { benchPartner } from './large-devices';
import { BENCH_APP_KEY, BENCH_END_USER_SESSIONS, benchSessionPrefix } from './large-orders';
import { elapsed, one, rows, type Log } from './shared';

/** Titles of the seeded messages start with this (the release bench's own messages do not). */
export const BENCH_MESSAGE_PREFIX = '[Bench] ';

/**
 * The app languages of the end users added here, by weight (n-th user: entry 1 + n % length):
 * mostly English and Chinese, every other message language too.
 */
const LOCALE_MIX: readonly MessageLanguage[] = [
  'en-US',
  'en-US',
  'en-US',
  'en-US',
  'en-US',
  'en-US',
  'zh-CN',
  'zh-CN',
  'zh-CN',
  'de-DE',
  'de-DE',
  'fr-FR',
  'es-ES',
  'es-ES',
  'it-IT',
  'pt-BR',
  'ja-JP',
  'ko-KR',
  'ru-RU',
  'nl-NL',
  'ar-SA',
];

type Texts = Partial<Record<MessageLanguage, [string, string]>>;

interface BenchMessage {
  type: MessageType;
  texts: Texts;
  /** The audience; `geo` names the countries and areas the seeded end users live in. */
  filter: (geo: { countries: string[]; areaIds: number[] }) => EndUserFilter;
  daysAgo: number;
  /** Tenths of the recipients who have read it (delivered: 8 in 10). */
  readTenths: number;
  withdrawn?: boolean;
}

const MESSAGES: BenchMessage[] = [
  {
    type: 'notice',
    texts: {
      'en-US': ['Privacy policy update', '<p>We updated our privacy policy. <b>Nothing changes</b> for your recordings.</p>'],
      'zh-CN': ['隐私政策更新', '<p>我们更新了隐私政策，您的录像<b>不受影响</b>。</p>'],
    },
    filter: () => ({ by: 'all' }),
    daysAgo: 60,
    readTenths: 7,
  },
  {
    type: 'promotion',
    texts: {
      'en-US': ['Cloud storage: 30% off this month', '<p>Every cloud storage plan is <b>30% off</b> until the end of the month.</p>'],
      'zh-CN': ['云存储本月七折', '<p>本月底前所有云存储套餐<b>七折</b>优惠。</p>'],
      'de-DE': ['Cloud-Speicher: 30 % Rabatt', '<p>Alle Cloud-Speicherpläne sind bis Monatsende <b>30 % günstiger</b>.</p>'],
      'fr-FR': [
        'Stockage cloud : -30 % ce mois-ci',
        '<p>Toutes les offres de stockage cloud sont à <b>-30 %</b> jusqu’à la fin du mois.</p>',
      ],
      'es-ES': [
        'Almacenamiento en la nube: 30 % de descuento',
        '<p>Todos los planes tienen un <b>30 % de descuento</b> hasta fin de mes.</p>',
      ],
      'ja-JP': ['クラウドストレージ 30% オフ', '<p>今月末まで、すべてのクラウドストレージプランが<b>30% オフ</b>です。</p>'],
    },
    filter: () => ({ by: 'all' }),
    daysAgo: 40,
    readTenths: 5,
  },
  {
    type: 'service',
    texts: {
      'en-US': ['Planned maintenance', '<p>The cloud service is under maintenance on Sunday, 02:00-04:00 local time.</p>'],
      'zh-CN': ['计划维护', '<p>云服务将于周日当地时间02:00-04:00进行维护。</p>'],
      'de-DE': ['Geplante Wartung', '<p>Der Cloud-Dienst wird am Sonntag von 02:00 bis 04:00 Uhr Ortszeit gewartet.</p>'],
    },
    filter: (g) => ({ by: 'country', countries: g.countries.slice(0, Math.max(1, Math.ceil(g.countries.length / 2))) }),
    daysAgo: 25,
    readTenths: 6,
  },
  {
    type: 'update',
    texts: {
      'en-US': ['Firmware V1.2.0 for IPC-300', '<p>Firmware V1.2.0 improves night vision. Your camera updates by itself.</p>'],
      'zh-CN': ['IPC-300 固件 V1.2.0', '<p>固件V1.2.0改进了夜视效果，摄像机将自动更新。</p>'],
    },
    filter: () => ({ by: 'deviceModel', models: ['IPC-300'] }),
    daysAgo: 15,
    readTenths: 4,
  },
  {
    type: 'notice',
    texts: {
      'en-US': ['Price list (corrected below)', '<p>This notice had an error and was withdrawn.</p>'],
      'zh-CN': ['价格表（已更正）', '<p>此通知有误，已撤回。</p>'],
    },
    filter: () => ({ by: 'firmware', versions: ['V1.0.0'] }),
    daysAgo: 12,
    readTenths: 2,
    withdrawn: true,
  },
  {
    type: 'notice',
    texts: {
      'en-US': ['New data centre in your region', '<p>Recordings in your region are now stored closer to you.</p>'],
      'zh-CN': ['您所在区域的新数据中心', '<p>您所在区域的录像现在存储在离您更近的数据中心。</p>'],
      'fr-FR': ['Nouveau centre de données dans votre région', '<p>Vos enregistrements sont désormais stockés plus près de chez vous.</p>'],
    },
    filter: (g) => ({ by: 'area', areaIds: g.areaIds.slice(0, 1) }),
    daysAgo: 10,
    readTenths: 5,
  },
  {
    type: 'service',
    texts: {
      'en-US': ['Two-step sign-in', '<p>Protect your account: turn on two-step sign-in in the app settings.</p>'],
      'zh-CN': ['两步登录', '<p>保护您的账户：在应用设置中开启两步登录。</p>'],
      'de-DE': ['Anmeldung in zwei Schritten', '<p>Schützen Sie Ihr Konto: Aktivieren Sie die Anmeldung in zwei Schritten.</p>'],
      'es-ES': ['Inicio de sesión en dos pasos', '<p>Proteja su cuenta: active el inicio de sesión en dos pasos en los ajustes.</p>'],
    },
    filter: (g) => ({ by: 'country', countries: g.countries.slice(Math.floor(g.countries.length / 2)) }),
    daysAgo: 5,
    readTenths: 3,
  },
  {
    type: 'promotion',
    texts: {
      'en-US': ['Refer a friend', '<p>Invite a friend and both of you get a month of cloud storage.</p>'],
      'zh-CN': ['推荐好友', '<p>邀请好友，双方均可获得一个月云存储。</p>'],
    },
    filter: (g) => ({ by: 'country', countries: g.countries.slice(0, 1) }),
    daysAgo: 2,
    readTenths: 1,
  },
];

/** A message sent to every end user to reach the receipts asked for (k-th: k days ago). */
const topUpMessage = (k: number): BenchMessage => ({
  type: 'notice',
  texts: {
    'en-US': [`Tip of the week #${k}`, '<p>Pinch to zoom in on a recording while it plays.</p>'],
    'zh-CN': [`每周技巧 #${k}`, '<p>播放录像时可双指缩放。</p>'],
  },
  filter: () => ({ by: 'all' }),
  daysAgo: 1 + k,
  readTenths: 3,
});

/** Whether the Bench Partner already has its messages (and the end users and push tokens seeded with them). */
export async function hasLargeMessages(database: Pick<Database, 'db'>): Promise<boolean> {
  const partner = await benchPartner(database);
  if (!partner) return false;
  const r = await one<{ found: boolean }>(
    database.db,
    sql`select exists (select 1 from messages where company_id = ${partner.id}::int
                        and left(contents->'en-US'->>'title', ${BENCH_MESSAGE_PREFIX.length}::int) = ${BENCH_MESSAGE_PREFIX}) as found`,
  );
  return !!r?.found;
}

export interface LargeMessagesResult {
  /** End users of the Bench Partner's app after the seed, and how many it added. */
  endUsers: number;
  added: number;
  /** Of those added, how many were bound to one of the partner's devices. */
  bound: number;
  pushTokens: number;
  sessions: number;
  messages: number;
  /** Receipts of the released messages (the withdrawn one's not counted). */
  receipts: number;
  seconds: number;
}

/**
 * Bring the Bench Partner's app to `endUsers` end users (default 1,000,000) and release messages
 * until their receipts total at least `receipts` (default 2,000,000). Needs the large orders seed
 * (its app key and first end users). Refuses to run twice.
 */
export async function seedLargeMessages(
  database: Database,
  opts: { endUsers?: number; receipts?: number; passwordHash: string; log?: Log },
): Promise<LargeMessagesResult> {
  const log = opts.log ?? (() => {});
  const target = Math.floor(opts.endUsers ?? 1_000_000);
  const wantReceipts = Math.floor(opts.receipts ?? 2_000_000);
  const partner = await benchPartner(database);
  if (!partner) throw new Error('seedLargeMessages: the Bench Partner does not exist; seed the large volumes first');
  if (await hasLargeMessages(database)) throw new Error('seedLargeMessages: the Bench Partner already has its messages');
  const appKey = await one<{ id: number }>(database.db, sql`select id from app_keys where app_id = ${BENCH_APP_KEY.appId}`);
  if (!appKey) throw new Error('seedLargeMessages: the Bench Partner has no app key; seed the large orders first');
  const owner = (await one<{ id: number; nickname: string; area_ids: number[] }>(
    database.db,
    sql`select id, nickname, area_ids from users where email = ${BENCH_ACCOUNT.email}`,
  ))!;
  const startedAt = performance.now();
  const step = (what: string) => log(`large: ${what} (${elapsed(startedAt)} s)`);

  // Where the new end users live: the countries each DC serves (as the device fleet), in the owner's areas.
  const areaRows = await rows<{ id: number; kind: string; res_vals: string[] }>(
    database.db,
    sql`select id, kind, res_vals from areas where id = any(${sql.param(owner.area_ids)}::int[]) order by id`,
  );
  const dcs = areaRows.filter((a) => a.kind === 'DDC');
  const pairs = (dcs.length ? dcs : areaRows).flatMap((a) =>
    (a.res_vals.length ? a.res_vals.slice(0, 3) : ['US']).map((c) => ({ areaId: a.id, country: c })),
  );
  if (pairs.length === 0) pairs.push({ areaId: owner.area_ids[0]!, country: 'US' });

  const result = await database.db.transaction(async (tx) => {
    const app = appKey.id;
    // Bench end user n is bench-eu-<n>@bench-app.local (large-orders.ts made 1..its count).
    const existing = Number(
      (await one<{ n: number }>(tx, sql`select count(*)::int as n from end_users where app_key_id = ${app}::int`))!.n,
    );
    const added = Math.max(0, target - existing);
    if (added > 0) {
      await tx.execute(sql`
        insert into end_users (company_id, company_path, app_key_id, email, nickname, locale, country, area_id, status, password_hash,
                               mute_promotions, created_at)
        select ${partner.id}::int, ${partner.path}, ${app}::int, 'bench-eu-' || n || '@bench-app.local', 'Bench user ' || n,
               (${sql.param([...LOCALE_MIX])}::text[])[1 + abs(hashtext('bench-locale-' || n)) % ${LOCALE_MIX.length}::int],
               (${sql.param(pairs.map((p) => p.country))}::text[])[1 + n % ${pairs.length}::int],
               (${sql.param(pairs.map((p) => p.areaId))}::int[])[1 + n % ${pairs.length}::int],
               'normal', ${opts.passwordHash}::text, abs(hashtext('bench-mute-' || n)) % 7 = 0, now() - (n % 600) * interval '1 day'
          from generate_series(${existing + 1}::int, ${target}::int) n
         order by n`);
    }
    step(`${added} end users added (${existing + added} in all)`);

    // Four in five of them own one of the partner's cameras (end user n: device n, when it exists and
    // is free), so device-model and firmware audiences and the device-based scoping reach them too;
    // the fifth have not added a camera yet. One UPDATE ... FROM over the new numbers.
    const bound =
      added > 0
        ? (await one<{ n: number }>(
            tx,
            sql`with b as (
                  select e.id as end_user_id, e.created_at, 'BN' || lpad(n::text, 8, '0') as sn
                    from generate_series(${existing + 1}::int, ${target}::int) n
                    join end_users e on e.app_key_id = ${app}::int and e.email = 'bench-eu-' || n || '@bench-app.local'
                   where n % 5 <> 0),
                upd as (
                  update devices d set end_user_id = b.end_user_id, bound_at = b.created_at
                    from b where d.sn = b.sn and d.company_id = ${partner.id}::int and d.end_user_id is null
                  returning 1)
                select count(*)::int as n from upd`,
          ))!.n
        : 0;
    step(`${bound} of them bound to devices`);

    // Ready sessions for the first new ones too (languages other than en-US and zh-CN), as for the first ones.
    const sessions = Math.min(added, BENCH_END_USER_SESSIONS);
    if (sessions > 0) {
      await tx.execute(sql`
        insert into end_user_sessions (end_user_id, app_key_id, token_hash, renew_token_hash, sign_key, token_expires_at, last_active_at)
        select e.id, ${app}::int, encode(sha256(convert_to(${benchSessionPrefix('token')}::text || n, 'UTF8')), 'hex'),
               encode(sha256(convert_to(${benchSessionPrefix('renew')}::text || n, 'UTF8')), 'hex'), ${benchSessionPrefix('sign')}::text || n, now() + interval '1 day', now()
          from generate_series(${existing + 1}::int, ${existing + sessions}::int) n
          join end_users e on e.app_key_id = ${app}::int and e.email = 'bench-eu-' || n || '@bench-app.local'`);
    }
    step(`${sessions} more end-user sessions`);

    // A third of all of them have the app installed with notifications on: Android and iOS alternate.
    const tokens = await one<{ n: number }>(
      tx,
      sql`with ins as (
            insert into push_tokens (end_user_id, app_key_id, platform, token, created_at, updated_at)
            select e.id, ${app}::int, case when e.id % 2 = 0 then 'android' else 'ios' end, 'bench-push-' || e.id, e.created_at, e.created_at
              from end_users e where e.app_key_id = ${app}::int and e.status = 'normal' and abs(hashtext('bench-push-' || e.id)) % 3 = 0
            on conflict do nothing returning 1)
          select count(*)::int as n from ins`,
    );
    step(`${tokens!.n} push tokens`);

    const geo = { countries: [...new Set(pairs.map((p) => p.country))], areaIds: [...new Set(pairs.map((p) => p.areaId))] };
    let receipts = 0;
    let messages = 0;
    const plan = [...MESSAGES];
    for (let i = 0; i < plan.length || receipts < wantReceipts; i++) {
      const m = plan[i] ?? topUpMessage(i - MESSAGES.length + 1);
      const written = await releaseBenchMessage(tx, m, geo, { partner, owner });
      messages++;
      if (!m.withdrawn) receipts += written;
      step(`message ${messages} (${m.type}, ${Object.keys(m.texts).length} languages): ${written} receipts`);
      if (written === 0 && i >= plan.length) throw new Error('seedLargeMessages: a message to every end user reached nobody');
    }
    return { endUsers: existing + added, added, bound, pushTokens: tokens!.n, sessions, messages, receipts };
  });
  // Statistics and the visibility map, as a live database would have them (the inbox reads index-only).
  for (const t of ['end_users', 'end_user_sessions', 'devices', 'push_tokens', 'messages', 'message_receipts'])
    await database.db.execute(sql.raw(`vacuum analyze ${t}`));
  const seconds = Number(elapsed(startedAt));
  log(`large: ${result.endUsers} end users and ${result.messages} messages with ${result.receipts} receipts in ${seconds.toFixed(2)} s`);
  return { ...result, seconds };
}

/**
 * One message stored and released as the portal does, its receipts written in one INSERT ... SELECT
 * with the fan-out's predicate and language rule, and its fan-out marked done; withdrawn after an
 * hour when asked. Answers the receipts written.
 */
async function releaseBenchMessage(
  tx: Tx,
  m: BenchMessage,
  geo: { countries: string[]; areaIds: number[] },
  who: { partner: { id: number; path: string }; owner: { id: number; nickname: string; area_ids: number[] } },
): Promise<number> {
  const at = new Date(Date.now() - m.daysAgo * 86_400_000);
  const contents = Object.fromEntries(
    MESSAGE_LANGUAGES.filter((l) => m.texts[l]).map((l) => {
      const [title, body] = m.texts[l]!;
      return [l, { title: (l === 'en-US' ? BENCH_MESSAGE_PREFIX : '') + title, body }];
    }),
  );
  const filter = m.filter(geo);
  const id = await insertMessage(tx, {
    companyId: who.partner.id,
    companyPath: who.partner.path,
    createdBy: who.owner.id,
    createdByName: who.owner.nickname,
    system: false,
    type: m.type,
    contents,
    preferredLanguage: 'en-US',
    link: '',
    imageFileIds: [],
    audience: { kind: 'endUsers', filter },
    senderAreaIds: who.owner.area_ids,
    now: at,
  });
  const generation = (await markReleased(tx, id, at))!;
  const languages = Object.keys(contents);
  const scope = { companyPath: who.partner.path, senderAreaIds: who.owner.area_ids, excludeUserId: who.owner.id };
  const ts = sql`${at.toISOString()}::timestamptz`;
  // k: a recipient's place in 0..9 for this message (who has it delivered, read, hidden).
  const k = sql`((e.id * 7 + ${id}::int) % 10)`;
  const r = (await one<{ n: number; last_id: number | null }>(
    tx,
    sql`with ins as (
          insert into message_receipts (message_id, recipient_kind, recipient_id, language, created_at, delivered_at, read_at, hidden_at, pushed_at)
          select ${id}::int, 'end_user', e.id, ${recipientLanguage(languages, 'en-US', sql`e.locale`)}, ${ts},
                 case when ${k} < 8 then ${ts} + (e.id % 720) * interval '1 minute' end,
                 case when ${k} < ${m.readTenths}::int then ${ts} + (e.id % 720 + 30) * interval '1 minute' end,
                 case when ${k} = 0 and e.id % 9 = 0 then ${ts} + interval '1 day' end,
                 case when exists (select 1 from push_tokens t where t.end_user_id = e.id)
                       and not (${m.type}::text = 'promotion' and e.mute_promotions) then ${ts} + interval '5 seconds' end
            from end_users e
           where ${endUserPredicate(filter, scope)}
           order by e.id
          on conflict do nothing returning recipient_id)
        select count(*)::int as n, max(recipient_id)::int as last_id from ins`,
  ))!;
  await unsafeAdvanceFanout(tx, id, generation, r.last_id ?? 0, true, r.n);
  if (m.withdrawn) await markWithdrawn(tx, id, new Date(at.getTime() + 3_600_000));
  return r.n;
}
