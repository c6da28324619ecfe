/**
 * Every statement of push: a brand app's push settings (its application key in the caller's
 * subtree), end users' push tokens and preferences, the push queue (claimed with a lease by
 * `FOR UPDATE SKIP LOCKED`, settled after the provider answered) and the local provider's outbox.
 * The queue's claim and settle run across every tenant (`unsafe...`): they act for messages and
 * tokens checked when they were released and registered.
 */
import { sql } from 'drizzle-orm';
import type { Actor } from '../../lib/context';
import { escapeLike, paginate, scopedToSubtree, type Page, type PageRequest } from '../../lib/tenancy';
import type { Executor } from './messages.repository';
import { rows } from '../../db/client';

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export interface AppKeyRow {
  id: number;
  app_id: string;
  name: string;
  company_id: number;
  company_path: string;
  company_name: string;
}

const APP_KEY_SELECT = sql`select k.id, k.app_id, k.name, k.company_id, k.company_path, coalesce(c.name, '') as company_name
  from app_keys k left join companies c on c.id = k.company_id`;

/** An application key (brand app) of the caller's subtree, or null (another tenant's). */
export async function findAppKeyInReach(db: Executor, actor: Pick<Actor, 'companyPath'>, id: number): Promise<AppKeyRow | null> {
  const [r] = await rows<AppKeyRow>(db, sql`${APP_KEY_SELECT} where k.id = ${id} and ${scopedToSubtree(sql`k.company_path`, actor)}`);
  return r ?? null;
}

/** The application keys (brand apps) of the caller's subtree with their push settings, newest first. */
export async function listAppKeysInReach(
  db: Executor,
  actor: Pick<Actor, 'companyPath'>,
  q: PageRequest & { keyword?: string },
): Promise<Page<AppKeyRow & { settings: PushSettingsRow | null }>> {
  const like = q.keyword ? '%' + escapeLike(q.keyword) + '%' : null;
  const where = like
    ? sql`${scopedToSubtree(sql`k.company_path`, actor)} and (k.name ilike ${like} or k.app_id ilike ${like})`
    : scopedToSubtree(sql`k.company_path`, actor);
  return paginate(
    q,
    async (w) => {
      const keys = await rows<AppKeyRow>(db, sql`${APP_KEY_SELECT} where ${where} order by k.id desc limit ${w.limit} offset ${w.offset}`);
      const settings = new Map(
        (
          await unsafePushSettingsOf(
            db,
            keys.map((k) => k.id),
          )
        ).map((s) => [s.app_key_id, s]),
      );
      return keys.map((k) => ({ ...k, settings: settings.get(k.id) ?? null }));
    },
    async () => (await rows<{ n: number }>(db, sql`select count(*)::int as n from app_keys k where ${where}`))[0]!.n,
  );
}

export interface PushSettingsRow {
  app_key_id: number;
  provider: string;
  credentials_enc: string | null;
  credentials_mask: string;
  updated_at: Date | string;
}

export async function pushSettingsOf(db: Executor, appKeyId: number): Promise<PushSettingsRow | null> {
  const [r] = await rows<PushSettingsRow>(db, sql`select * from app_push_settings where app_key_id = ${appKeyId}`);
  return r ?? null;
}

/** The push settings of these brand apps (the push job: the apps of the tokens it sends to). */
export async function unsafePushSettingsOf(db: Executor, appKeyIds: readonly number[]): Promise<PushSettingsRow[]> {
  if (appKeyIds.length === 0) return [];
  return rows(db, sql`select * from app_push_settings where app_key_id = any(${sql.param([...appKeyIds])}::int[])`);
}

export async function savePushSettings(
  db: Executor,
  s: { appKeyId: number; provider: string; credentialsEnc: string | null; credentialsMask: string; updatedBy: number; now: Date },
): Promise<void> {
  await db.execute(
    sql`insert into app_push_settings (app_key_id, provider, credentials_enc, credentials_mask, updated_by, updated_at)
        values (${s.appKeyId}, ${s.provider}, ${s.credentialsEnc}, ${s.credentialsMask}, ${s.updatedBy}, ${ts(s.now)})
        on conflict (app_key_id) do update set provider = excluded.provider, credentials_enc = excluded.credentials_enc,
          credentials_mask = excluded.credentials_mask, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
  );
}

// ---------------------------------------------------------------------------------------------
// Tokens and preferences (the signed-in end user's own)
// ---------------------------------------------------------------------------------------------

/**
 * Registers a token for the end user (one install's token belongs to its last signed-in user), and
 * keeps the user's newest `keep` tokens.
 */
export async function registerPushToken(
  db: Executor,
  t: { endUserId: number; appKeyId: number; platform: string; token: string; now: Date; keep: number },
): Promise<void> {
  await db.execute(
    sql`insert into push_tokens (end_user_id, app_key_id, platform, token, created_at, updated_at)
        values (${t.endUserId}, ${t.appKeyId}, ${t.platform}, ${t.token}, ${ts(t.now)}, ${ts(t.now)})
        on conflict (app_key_id, token) do update set end_user_id = excluded.end_user_id, platform = excluded.platform,
          updated_at = excluded.updated_at`,
  );
  await db.execute(
    sql`delete from push_tokens where end_user_id = ${t.endUserId} and id not in (
          select id from push_tokens where end_user_id = ${t.endUserId} order by updated_at desc, id desc limit ${t.keep})`,
  );
}

export async function removePushToken(db: Executor, endUserId: number, appKeyId: number, token: string): Promise<number> {
  const r = await rows<{ id: number }>(
    db,
    sql`delete from push_tokens where end_user_id = ${endUserId} and app_key_id = ${appKeyId} and token = ${token} returning id`,
  );
  return r.length;
}

export async function mutePromotionsOf(db: Executor, endUserId: number): Promise<boolean> {
  const [r] = await rows<{ mute_promotions: boolean }>(db, sql`select mute_promotions from end_users where id = ${endUserId}`);
  return r?.mute_promotions ?? false;
}

export async function setMutePromotions(db: Executor, endUserId: number, mute: boolean): Promise<void> {
  await db.execute(sql`update end_users set mute_promotions = ${mute} where id = ${endUserId}`);
}

// ---------------------------------------------------------------------------------------------
// The queue
// ---------------------------------------------------------------------------------------------

export interface ClaimedPush {
  id: number;
  /** The message of a 'notify' or 'remove' push; null for 'chat'. */
  message_id: number | null;
  /** The conversation of a 'chat' push (an unread desk reply); null otherwise. */
  conversation_id: number | null;
  kind: 'notify' | 'remove' | 'chat';
  end_user_id: number;
  token_id: number;
  attempts: number;
  token: string;
  platform: 'android' | 'ios';
  app_key_id: number;
  type: string;
  link: string;
  title: string;
  body: string;
}

/**
 * Claims up to `limit` due pushes (notifications only of messages still released; a conversation's
 * push always): each is leased until `leaseUntil` (a process that dies mid-send leaves them to be
 * claimed again then) and counted as an attempt. Another process's claim is skipped, never waited for.
 * A due push whose token is gone (deleted while a fan-out page that still saw it queued the push:
 * push_queue has no key to push_tokens, migration 0050) is deleted here, not sent, and counted in
 * `dropped` (so a batch of orphans is still a full batch: the run goes on to the pushes after them).
 */
export async function unsafeClaimDuePushes(
  db: Executor,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<{ pushes: ClaimedPush[]; dropped: number }> {
  // One row at least (the count of orphans dropped), with the claimed pushes joined to it.
  const found = await rows<ClaimedPush & { dropped: number; id: number | null }>(
    db,
    sql`with due as (
          select q.id, t.id is null as orphan from push_queue q left join messages m on m.id = q.message_id
            left join push_tokens t on t.id = q.token_id
           where q.next_at <= ${ts(now)} and (q.kind in ('remove', 'chat') or m.state = 'released')
           order by q.next_at, q.id limit ${limit}
           for update of q skip locked
        ), orphans as (
          delete from push_queue q using due where q.id = due.id and due.orphan returning q.id
        ), claimed as (
          update push_queue q set attempts = q.attempts + 1, next_at = ${ts(leaseUntil)} from due where q.id = due.id and not due.orphan
          returning q.id, q.message_id, q.conversation_id, q.kind, q.end_user_id, q.token_id, q.attempts, q.title, q.body
        )
        select s.dropped, p.* from (select count(*)::int as dropped from orphans) s left join (
          select c.id::int as id, c.message_id, c.conversation_id, c.kind, c.end_user_id::int as end_user_id, c.token_id::int as token_id,
                 c.attempts, t.token, t.platform, t.app_key_id, coalesce(m.type, '') as type, coalesce(m.link, '') as link,
                 coalesce(c.title, m.contents->coalesce(r.language, m.preferred_language)->>'title', '') as title,
                 coalesce(c.body, m.contents->coalesce(r.language, m.preferred_language)->>'body', '') as body
            from claimed c join push_tokens t on t.id = c.token_id left join messages m on m.id = c.message_id
            left join message_receipts r on r.message_id = c.message_id and r.recipient_kind = 'end_user' and r.recipient_id = c.end_user_id
        ) p on true
         order by p.id`,
  );
  const pushes = found.filter((r): r is ClaimedPush & { dropped: number } => r.id !== null).map(({ dropped: _, ...p }) => p as ClaimedPush);
  return { pushes, dropped: Number(found[0]?.dropped ?? 0) };
}

/** A conversation's push: an end user's unread desk reply (feedback chat), its text in their language. */
export interface ChatPush {
  conversationId: number;
  endUserId: number;
  title: string;
  body: string;
}

/**
 * Queues each chat push to every push token of its end user, due now: one pending push per
 * conversation and token (a later reply's text replaces a pending one's). Run it in the
 * transaction that claimed the replies, so a rolled-back claim queues nothing. Answers how many
 * pushes are queued.
 */
export async function queueChatPushes(db: Executor, items: readonly ChatPush[], now: Date): Promise<number> {
  if (items.length === 0) return 0;
  const r = await rows<{ id: number }>(
    db,
    sql`insert into push_queue (conversation_id, kind, end_user_id, token_id, title, body, next_at, created_at)
        select x.conversation_id, 'chat', t.end_user_id, t.id, x.title, x.body, ${ts(now)}, ${ts(now)}
          from (select unnest(${sql.param(items.map((i) => i.conversationId))}::int[]) as conversation_id,
                       unnest(${sql.param(items.map((i) => i.endUserId))}::bigint[]) as end_user_id,
                       unnest(${sql.param(items.map((i) => i.title))}::text[]) as title,
                       unnest(${sql.param(items.map((i) => i.body))}::text[]) as body) x
          join push_tokens t on t.end_user_id = x.end_user_id
        on conflict (conversation_id, token_id) where conversation_id is not null
          do update set title = excluded.title, body = excluded.body
        returning id`,
  );
  return r.length;
}

/**
 * The provider's answers, in one transaction: sent ones leave the queue (a notification marks its
 * receipt pushed; one sent while its message was being withdrawn gets its silent removal queued),
 * dead tokens are deleted (their queued pushes with them), the rest wait `backoff(attempts)` or,
 * after `maxAttempts`, are given up.
 */
export async function unsafeSettlePushes(
  db: Executor,
  s: {
    sent: number[];
    deadTokenIds: number[];
    retry: { id: number; error: string }[];
    now: Date;
    baseDelayS: number;
    maxDelayS: number;
    maxAttempts: number;
  },
): Promise<void> {
  const at = ts(s.now);
  if (s.sent.length) {
    await db.execute(
      sql`with gone as (
            delete from push_queue where id = any(${sql.param(s.sent)}::bigint[]) returning message_id, kind, end_user_id, token_id
          ), marked as (
            update message_receipts r set pushed_at = coalesce(r.pushed_at, ${at})
              from gone g where g.kind = 'notify' and r.message_id = g.message_id and r.recipient_kind = 'end_user' and r.recipient_id = g.end_user_id
            returning 1
          )
          insert into push_queue (message_id, kind, end_user_id, token_id, next_at, created_at)
          select g.message_id, 'remove', g.end_user_id, g.token_id, ${at}, ${at}
            from gone g join messages m on m.id = g.message_id
           where g.kind = 'notify' and m.state <> 'released'
          on conflict do nothing`,
    );
  }
  if (s.deadTokenIds.length) await db.execute(sql`delete from push_tokens where id = any(${sql.param(s.deadTokenIds)}::bigint[])`);
  if (s.retry.length) {
    const ids = s.retry.map((r) => r.id);
    const errors = s.retry.map((r) => r.error.slice(0, 500));
    await db.execute(sql`delete from push_queue where id = any(${sql.param(ids)}::bigint[]) and attempts >= ${s.maxAttempts}`);
    await db.execute(
      sql`update push_queue q set last_error = x.err,
                 next_at = ${at} + make_interval(secs => least(${s.maxDelayS}, ${s.baseDelayS} * power(2, q.attempts - 1)))
            from (select unnest(${sql.param(ids)}::bigint[]) as id, unnest(${sql.param(errors)}::text[]) as err) x
           where q.id = x.id`,
    );
  }
}

/** When the next queued push is due (the job waits until then), or null. */
export async function unsafeNextPushDue(db: Executor): Promise<Date | null> {
  const [r] = await rows<{ at: Date | string | null }>(db, sql`select min(next_at) as at from push_queue`);
  return r?.at ? new Date(r.at) : null;
}

// ---------------------------------------------------------------------------------------------
// The local provider's outbox
// ---------------------------------------------------------------------------------------------

export interface OutboxPush {
  appKeyId: number;
  platform: string;
  token: string;
  kind: string;
  messageId: number | null;
  title: string;
  body: string;
  data: Record<string, string>;
}

export async function insertOutboxPushes(db: Executor, items: readonly OutboxPush[], now: Date): Promise<void> {
  if (items.length === 0) return;
  const values = sql.join(
    items.map(
      (i) =>
        sql`(${i.appKeyId}, ${i.platform}, ${i.token}, ${i.kind}, ${i.messageId}, ${i.title}, ${i.body}, ${JSON.stringify(i.data)}::jsonb, ${ts(now)})`,
    ),
    sql`, `,
  );
  await db.execute(
    sql`insert into push_outbox (app_key_id, platform, token, kind, message_id, title, body, data, created_at) values ${values}`,
  );
}

/** What the outbox holds for the end user's current tokens, after `afterId`, oldest first (at most 100). */
export async function outboxOfEndUser(
  db: Executor,
  endUserId: number,
  appKeyId: number,
  afterId: number,
): Promise<{ id: number; kind: string; message_id: number | null; title: string; body: string; created_at: Date | string }[]> {
  return rows(
    db,
    sql`select o.id::int as id, o.kind, o.message_id, o.title, o.body, o.created_at from push_outbox o
         where o.app_key_id = ${appKeyId} and o.id > ${afterId}
           and o.token in (select t.token from push_tokens t where t.end_user_id = ${endUserId} and t.app_key_id = ${appKeyId})
         order by o.id limit 100`,
  );
}
