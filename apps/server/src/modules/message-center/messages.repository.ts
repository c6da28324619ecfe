/**
 * Every statement of the messaging release: messages of the caller's subtree (`scopedToSubtree` on
 * m.company_path), the audience of a message as one SQL predicate (used alike by the preview and by
 * the fan-out, so the preview's counts are the receipts a release writes), the conditional state
 * changes, the fan-out page and the stats. The fan-out and the scheduled releases run across every
 * tenant (`unsafe...`): they act for a message whose sender was checked when it was saved.
 */
import type { EndUserFilter, MessageAudience } from '@portal/contract';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db, type Tx } from '../../db/client';
import type { Actor } from '../../lib/context';
import { escapeLike, paginate, scopedToSubtree, type Page, type PageRequest } from '../../lib/tenancy';

export type Executor = Db | Tx;

export interface MessageRow {
  id: number;
  company_id: number;
  company_path: string;
  company_name: string | null;
  created_by: number | null;
  created_by_name: string;
  system: boolean;
  type: string;
  contents: Record<string, { title: string; body: string }>;
  languages: string[];
  preferred_language: string;
  link: string;
  image_file_ids: (number | string)[];
  audience: MessageAudience;
  sender_area_ids: number[];
  state: string;
  release_at: Date | string | null;
  released_at: Date | string | null;
  withdrawn_at: Date | string | null;
  fanout_generation: number;
  fanout_cursor: number;
  fanout_done: boolean;
  recipients: number;
  created_at: Date | string;
  updated_at: Date | string;
}

const MESSAGE_SELECT = sql`select m.*, c.name as company_name from messages m left join companies c on c.id = m.company_id`;

// ---------------------------------------------------------------------------------------------
// The audience: one predicate over users u join companies c
// ---------------------------------------------------------------------------------------------

export interface AudienceScope {
  /** The sender's company path: recipients are in its subtree (the supplier's root: every tenant). */
  companyPath: string;
  senderAreaIds: readonly number[];
  /** The sender is not among the recipients. */
  excludeUserId: number | null;
}

/** Portal users the audience names, within the sender's reach. Aliases u (users), c (companies). */
export function audiencePredicate(audience: Exclude<MessageAudience, { kind: 'endUsers' }>, scope: AudienceScope): SQL {
  const base = sql`u.status = 'normal' and u.registered and c.status = 'active' and ${scopedToSubtree(sql`c.path`, scope)}
    and u.id <> ${scope.excludeUserId ?? 0}`;
  switch (audience.kind) {
    case 'companyType':
      return sql`${base} and c.type = any(${sql.param(audience.companyTypes)}::text[])`;
    case 'company':
      return sql`${base} and c.id = any(${sql.param(audience.companyIds)}::int[])`;
    case 'area':
      return sql`${base} and c.area_id = any(${sql.param(audience.areaIds)}::int[]) and c.area_id = any(${sql.param([...scope.senderAreaIds])}::int[])`;
    case 'users':
      return sql`${base} and u.id = any(${sql.param(audience.userIds)}::int[])`;
  }
}

/**
 * End users the filter names, within the sender's reach: the brand's end users (their brand in the
 * sender's subtree; the supplier's: every brand's), or, for a distributor below the brand, the end
 * users of devices it sold (a device in its subtree bound to them). Alias e (end_users).
 */
export function endUserPredicate(filter: EndUserFilter, scope: AudienceScope): SQL {
  const base = sql`e.status = 'normal' and (${scopedToSubtree(sql`e.company_path`, scope)}
    or exists (select 1 from devices d where d.end_user_id = e.id and ${scopedToSubtree(sql`d.company_path`, scope)}))`;
  switch (filter.by) {
    case 'all':
      return base;
    case 'country':
      return sql`${base} and e.country = any(${sql.param(filter.countries)}::text[])`;
    case 'area':
      return sql`${base} and e.area_id = any(${sql.param(filter.areaIds)}::int[]) and e.area_id = any(${sql.param([...scope.senderAreaIds])}::int[])`;
    case 'deviceModel':
      return sql`${base} and exists (select 1 from devices d where d.end_user_id = e.id and d.model = any(${sql.param(filter.models)}::text[]))`;
    case 'firmware':
      return sql`${base} and exists (select 1 from devices d where d.end_user_id = e.id
        and d.firmware_version = any(${sql.param(filter.versions)}::text[]) ${filter.model ? sql`and d.model = ${filter.model}` : sql``})`;
    case 'specified':
      return sql`${base} and e.id = any(${sql.param(filter.endUserIds)}::bigint[])`;
  }
}

/** The language a recipient reads: their own if written, else the preferred one, else en-US. */
export function recipientLanguage(languages: readonly string[], preferred: string, locale: SQL = sql`u.locale`): SQL {
  return sql`case when ${locale} = any(${sql.param([...languages])}::text[]) then ${locale}
                  when ${preferred} = any(${sql.param([...languages])}::text[]) then ${preferred}::text else 'en-US' end`;
}

/**
 * Recipients per resolved language, exactly as a release now would write them; for end users also
 * how many of them muted promotions.
 */
export async function countAudience(
  db: Executor,
  audience: MessageAudience,
  scope: AudienceScope,
  languages: readonly string[],
  preferred: string,
): Promise<{ language: string; count: number; muted: number }[]> {
  if (audience.kind === 'endUsers')
    return rows(
      db,
      sql`select ${recipientLanguage(languages, preferred, sql`e.locale`)} as language, count(*)::int as count,
                 count(*) filter (where e.mute_promotions)::int as muted
            from end_users e
           where ${endUserPredicate(audience.filter, scope)}
           group by 1 order by 2 desc, 1`,
    );
  return rows(
    db,
    sql`select ${recipientLanguage(languages, preferred)} as language, count(*)::int as count, 0 as muted
          from users u join companies c on c.id = u.company_id
         where ${audiencePredicate(audience, scope)}
         group by 1 order by 2 desc, 1`,
  );
}

/** End users among `ids` within the sender's reach (as endUserPredicate's base). */
export async function endUsersInReach(db: Executor, scope: Pick<Actor, 'companyPath'>, ids: readonly number[]): Promise<number[]> {
  const r = await rows<{ id: number }>(
    db,
    sql`select e.id::int as id from end_users e
         where ${endUserPredicate({ by: 'specified', endUserIds: [...ids] }, { companyPath: scope.companyPath, senderAreaIds: [], excludeUserId: null })}`,
  );
  return r.map((x) => Number(x.id));
}

/** Companies among `ids` within the caller's subtree. */
export async function companiesInSubtree(db: Executor, actor: Actor, ids: readonly number[]): Promise<number[]> {
  const r = await rows<{ id: number }>(
    db,
    sql`select c.id from companies c where c.id = any(${sql.param([...ids])}::int[]) and ${scopedToSubtree(sql`c.path`, actor)}`,
  );
  return r.map((x) => x.id);
}

/** Users among `ids` within the caller's subtree. */
export async function usersInSubtree(db: Executor, actor: Pick<Actor, 'companyPath'>, ids: readonly number[]): Promise<number[]> {
  const r = await rows<{ id: number }>(
    db,
    sql`select u.id from users u join companies c on c.id = u.company_id
         where u.id = any(${sql.param([...ids])}::int[]) and u.status <> 'deleted' and ${scopedToSubtree(sql`c.path`, actor)}`,
  );
  return r.map((x) => x.id);
}

/** Area names (for an error naming areas that are not the caller's). */
export async function areaNames(db: Executor, ids: readonly number[], zh: boolean): Promise<string[]> {
  const r = await rows<{ name: string }>(
    db,
    sql`select ${zh ? sql`display_name_zh_cn` : sql`display_name`} as name from areas where id = any(${sql.param([...ids])}::int[]) order by id`,
  );
  return r.map((x) => x.name);
}

/** The caller's own uploaded files among `ids` (message images). */
export async function ownFiles(
  db: Executor,
  actor: Actor,
  ids: readonly number[],
): Promise<{ id: number; path: string; name: string; mime: string }[]> {
  return rows(
    db,
    sql`select f.id::int as id, f.path, f.name, f.mime from files f
         where f.id = any(${sql.param([...ids])}::bigint[]) and f.company_id = ${actor.companyId}`,
  );
}

/** Files by id, for presenting a message's images (the message was found in scope first). */
export async function filesOfMessage(db: Executor, ids: readonly number[]): Promise<{ id: number; path: string; name: string }[]> {
  if (ids.length === 0) return [];
  return rows(db, sql`select f.id::int as id, f.path, f.name from files f where f.id = any(${sql.param([...ids])}::bigint[])`);
}

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

export interface NewMessage {
  companyId: number;
  companyPath: string;
  createdBy: number | null;
  createdByName: string;
  system: boolean;
  type: string;
  contents: Record<string, { title: string; body: string }>;
  preferredLanguage: string;
  link: string;
  imageFileIds: number[];
  audience: MessageAudience;
  senderAreaIds: readonly number[];
  now: Date;
}

export async function insertMessage(db: Executor, m: NewMessage): Promise<number> {
  const [r] = await rows<{ id: number }>(
    db,
    sql`insert into messages (company_id, company_path, created_by, created_by_name, system, type, contents, languages, preferred_language,
                              link, image_file_ids, audience, sender_area_ids, created_at, updated_at)
        values (${m.companyId}, ${m.companyPath}, ${m.createdBy}, ${m.createdByName}, ${m.system}, ${m.type}, ${JSON.stringify(m.contents)}::jsonb,
                ${sql.param(Object.keys(m.contents))}::text[], ${m.preferredLanguage}, ${m.link}, ${sql.param(m.imageFileIds)}::bigint[],
                ${JSON.stringify(m.audience)}::jsonb, ${sql.param([...m.senderAreaIds])}::int[], ${m.now.toISOString()}::timestamptz,
                ${m.now.toISOString()}::timestamptz)
        returning id`,
  );
  return r!.id;
}

/** Edits a message that is still to be released (conditional: null when it has moved on meanwhile). */
export async function updateDraft(
  db: Executor,
  id: number,
  m: Omit<NewMessage, 'companyId' | 'companyPath' | 'createdBy' | 'createdByName' | 'system'>,
): Promise<boolean> {
  const r = await rows<{ id: number }>(
    db,
    sql`update messages set type = ${m.type}, contents = ${JSON.stringify(m.contents)}::jsonb, languages = ${sql.param(Object.keys(m.contents))}::text[],
               preferred_language = ${m.preferredLanguage}, link = ${m.link}, image_file_ids = ${sql.param(m.imageFileIds)}::bigint[],
               audience = ${JSON.stringify(m.audience)}::jsonb, sender_area_ids = ${sql.param([...m.senderAreaIds])}::int[],
               updated_at = ${m.now.toISOString()}::timestamptz
         where id = ${id} and state = 'to_be_released' returning id`,
  );
  return r.length === 1;
}

/** A message of the caller's subtree, or null (another tenant's). */
export async function findVisibleMessage(db: Executor, actor: Actor, id: number, lock = false): Promise<MessageRow | null> {
  const [r] = await rows<MessageRow>(
    db,
    sql`${MESSAGE_SELECT} where m.id = ${id} and ${scopedToSubtree(sql`m.company_path`, actor)} ${lock ? sql`for update of m` : sql``}`,
  );
  return r ?? null;
}

export async function unsafeFindMessage(db: Executor, id: number): Promise<MessageRow | null> {
  // The fan-out and the scheduler act for a message already checked at save; no caller here.
  const [r] = await rows<MessageRow>(db, sql`${MESSAGE_SELECT} where m.id = ${id}`);
  return r ?? null;
}

export async function listVisibleMessages(
  db: Executor,
  actor: Actor,
  q: PageRequest & { state?: string; type?: string; searchText?: string; origin?: 'staff' | 'system' },
): Promise<Page<MessageRow>> {
  const where = sql.join(
    [
      scopedToSubtree(sql`m.company_path`, actor),
      q.origin === 'system' ? sql`m.system` : sql`not m.system`,
      q.state ? sql`m.state = ${q.state}` : undefined,
      q.type ? sql`m.type = ${q.type}` : undefined,
      q.searchText
        ? sql`exists (select 1 from jsonb_each(m.contents) e where e.value->>'title' ilike ${'%' + escapeLike(q.searchText) + '%'})`
        : undefined,
    ].filter((x): x is SQL => !!x),
    sql` and `,
  );
  return paginate(
    q,
    (w) => rows<MessageRow>(db, sql`${MESSAGE_SELECT} where ${where} order by m.id desc limit ${w.limit} offset ${w.offset}`),
    async () => (await rows<{ n: number }>(db, sql`select count(*)::int as n from messages m where ${where}`))[0]!.n,
  );
}

export async function deleteDraft(db: Executor, id: number): Promise<boolean> {
  const r = await rows<{ id: number }>(db, sql`delete from messages where id = ${id} and state = 'to_be_released' returning id`);
  return r.length === 1;
}

export async function setReleaseAt(db: Executor, id: number, at: Date | null, now: Date): Promise<boolean> {
  const r = await rows<{ id: number }>(
    db,
    sql`update messages set release_at = ${at ? at.toISOString() : null}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
         where id = ${id} and state = 'to_be_released' returning id`,
  );
  return r.length === 1;
}

/**
 * to_be_released -> released, as one conditional UPDATE; a new fan-out generation starts at the
 * first recipient. `dueAt`: the scheduled release of that exact time only (an edited schedule
 * leaves the old job without effect). Answers the new generation, or null when the state had moved.
 */
export async function markReleased(db: Executor, id: number, now: Date, dueAt?: Date): Promise<number | null> {
  const due = dueAt ? sql`and release_at = ${dueAt.toISOString()}::timestamptz and release_at <= ${now.toISOString()}::timestamptz` : sql``;
  const [r] = await rows<{ g: number }>(
    db,
    sql`update messages set state = 'released', released_at = ${now.toISOString()}::timestamptz, release_at = null, withdrawn_at = null,
               fanout_generation = fanout_generation + 1, fanout_cursor = 0, fanout_done = false, recipients = 0,
               updated_at = ${now.toISOString()}::timestamptz
         where id = ${id} and state = 'to_be_released' ${due} returning fanout_generation as g`,
  );
  return r ? r.g : null;
}

/** released -> withdrawn: one UPDATE takes the message out of every inbox and count (they join its state). */
export async function markWithdrawn(db: Executor, id: number, now: Date): Promise<boolean> {
  const r = await rows<{ id: number }>(
    db,
    sql`update messages set state = 'withdrawn', withdrawn_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
         where id = ${id} and state = 'released' returning id`,
  );
  return r.length === 1;
}

/**
 * A withdraw's pushes, in its transaction: pending notifications of the message are dropped, and
 * every end user's token that was pushed one gets a silent 'remove' push (the app takes the shown
 * notification away).
 */
export async function queueWithdrawPushes(db: Executor, id: number, now: Date): Promise<{ dropped: number; removals: number }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [r] = await rows<{ dropped: number; removals: number }>(
    db,
    sql`with dropped as (
          delete from push_queue where message_id = ${id} and kind = 'notify' returning 1
        ), removals as (
          insert into push_queue (message_id, kind, end_user_id, token_id, next_at, created_at)
          select ${id}, 'remove', r.recipient_id, t.id, ${at}, ${at}
            from message_receipts r join push_tokens t on t.end_user_id = r.recipient_id
           where r.message_id = ${id} and r.recipient_kind = 'end_user' and r.pushed_at is not null
          on conflict do nothing returning 1
        )
        select (select count(*) from dropped)::int as dropped, (select count(*) from removals)::int as removals`,
  );
  return { dropped: Number(r!.dropped), removals: Number(r!.removals) };
}

/** withdrawn -> to_be_released; the earlier release's receipts go (a new release writes its own). */
export async function markRevised(db: Executor, id: number, now: Date): Promise<boolean> {
  const r = await rows<{ id: number }>(
    db,
    sql`update messages set state = 'to_be_released', fanout_done = false, fanout_cursor = 0, recipients = 0,
               updated_at = ${now.toISOString()}::timestamptz
         where id = ${id} and state = 'withdrawn' returning id`,
  );
  if (r.length === 0) return false;
  await db.execute(sql`delete from message_receipts where message_id = ${id}`);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Fan-out
// ---------------------------------------------------------------------------------------------

/** The message's fan-out row, locked, while it is released in this generation and not done. */
export async function unsafeLockFanout(db: Executor, id: number, generation: number): Promise<MessageRow | null> {
  // The fan-out job (every tenant): the row was checked when the message was saved and released.
  const [r] = await rows<MessageRow>(
    db,
    sql`select m.*, null as company_name from messages m
         where m.id = ${id} and m.state = 'released' and m.fanout_generation = ${generation} and not m.fanout_done for update`,
  );
  return r ?? null;
}

/**
 * One page of receipts: the next `pageSize` recipients after the cursor, in id order, written with
 * one INSERT ... SELECT ... ON CONFLICT DO NOTHING (a page run again writes nothing twice). For end
 * users the same statement queues a push per push token of each new receipt (none for a promotion
 * to one who muted them); `queued` counts them.
 */
/**
 * Keeps PostgreSQL from JIT-compiling the rest of the caller's transaction (a fan-out page): the page's
 * statement is estimated costly enough to be compiled, which took about 0.45 s of each page's 3-4 s
 * (measured) and saves nothing on a plan of index scans and inserts.
 */
export async function unsafeNoJitForTransaction(db: Executor): Promise<void> {
  await db.execute(sql`set local jit = off`);
}

export async function unsafeInsertReceiptPage(
  db: Executor,
  m: MessageRow,
  pageSize: number,
  now: Date,
): Promise<{ lastId: number | null; n: number; inserted: number; queued: number }> {
  const scope: AudienceScope = { companyPath: m.company_path, senderAreaIds: m.sender_area_ids, excludeUserId: m.created_by };
  const at = sql`${now.toISOString()}::timestamptz`;
  const audience = m.audience;
  const q =
    audience.kind === 'endUsers'
      ? sql`with page as (
          select e.id, ${recipientLanguage(m.languages, m.preferred_language, sql`e.locale`)} as language, e.mute_promotions as muted
            from end_users e
           where e.id > ${m.fanout_cursor} and ${endUserPredicate(audience.filter, scope)}
           order by e.id limit ${pageSize}
        ), ins as (
          insert into message_receipts (message_id, recipient_kind, recipient_id, language, created_at)
          select ${m.id}, 'end_user', page.id, page.language, ${at} from page
          on conflict do nothing returning recipient_id
        ), pushes as (
          insert into push_queue (message_id, kind, end_user_id, token_id, next_at, created_at)
          select ${m.id}, 'notify', t.end_user_id, t.id, ${at}, ${at}
            from ins join page on page.id = ins.recipient_id join push_tokens t on t.end_user_id = ins.recipient_id
           where not (${m.type} = 'promotion' and page.muted)
          on conflict do nothing returning 1
        )
        select (select max(id) from page)::int as last_id, (select count(*) from page)::int as n, (select count(*) from ins)::int as inserted,
               (select count(*) from pushes)::int as queued`
      : sql`with page as (
          select u.id, ${recipientLanguage(m.languages, m.preferred_language)} as language
            from users u join companies c on c.id = u.company_id
           where u.id > ${m.fanout_cursor} and ${audiencePredicate(audience, scope)}
           order by u.id limit ${pageSize}
        ), ins as (
          insert into message_receipts (message_id, recipient_kind, recipient_id, language, created_at)
          select ${m.id}, 'user', page.id, page.language, ${at} from page
          on conflict do nothing returning 1
        )
        select (select max(id) from page)::int as last_id, (select count(*) from page)::int as n, (select count(*) from ins)::int as inserted,
               0 as queued`;
  const [r] = await rows<{ last_id: number | null; n: number; inserted: number; queued: number }>(db, q);
  return { lastId: r!.last_id, n: r!.n, inserted: r!.inserted, queued: Number(r!.queued) };
}

export async function unsafeAdvanceFanout(
  db: Executor,
  id: number,
  generation: number,
  cursor: number,
  done: boolean,
  inserted: number,
): Promise<void> {
  await db.execute(
    sql`update messages set fanout_cursor = ${cursor}, fanout_done = ${done}, recipients = recipients + ${inserted}
         where id = ${id} and fanout_generation = ${generation} and state = 'released'`,
  );
}

/** Released messages whose fan-out has not finished (the sweep restarts their chain). */
export async function unsafeUnfinishedFanouts(db: Executor): Promise<{ id: number; generation: number }[]> {
  return rows(db, sql`select id, fanout_generation as generation from messages where state = 'released' and not fanout_done order by id`);
}

/** Messages whose scheduled release time has come. */
export async function unsafeDueScheduled(db: Executor, now: Date): Promise<{ id: number; release_at: Date | string }[]> {
  return rows(
    db,
    sql`select id, release_at from messages where state = 'to_be_released' and release_at is not null
         and release_at <= ${now.toISOString()}::timestamptz order by release_at, id`,
  );
}

// ---------------------------------------------------------------------------------------------
// Stats
// ---------------------------------------------------------------------------------------------

export async function receiptStats(
  db: Executor,
  messageId: number,
): Promise<{ language: string; recipients: number; pushed: number; delivered: number; opened: number }[]> {
  return rows(
    db,
    sql`select language, count(*)::int as recipients, count(pushed_at)::int as pushed, count(delivered_at)::int as delivered,
               count(read_at)::int as opened
          from message_receipts where message_id = ${messageId} group by language order by 2 desc, 1`,
  );
}

/** A company's path (a system message's sender, named by the module posting it). */
export async function unsafeCompanyPath(db: Executor, companyId: number): Promise<string> {
  // The posting module names the company it acts for (its own caller was checked there).
  const [r] = await rows<{ path: string }>(db, sql`select path from companies where id = ${companyId}`);
  if (!r) throw new Error(`system message: no company ${companyId}`);
  return r.path;
}

/** Of these recipients, the ones holding a receipt of the message (the live channel's inbox routing). */
export async function unsafeRecipientsAmong(
  db: Executor,
  messageId: number,
  kind: 'user' | 'end_user',
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const r = await rows<{ recipient_id: number }>(
    db,
    sql`select recipient_id from message_receipts where message_id = ${messageId} and recipient_kind = ${kind} and recipient_id in (${list})`,
  );
  return new Set(r.map((x) => Number(x.recipient_id)));
}
