/**
 * An inbox: receipts whose recipient is the caller (a portal user, kind 'user', or an end user), of
 * messages that are released now. A withdrawn message is gone from every list and count at once,
 * because each of these statements joins the message's state. Lists and unread counts are served by
 * the partial index message_receipts_inbox_idx (visible receipts by recipient, carrying read_at).
 */
import { sql, type SQL } from 'drizzle-orm';
import { pageWindow, type Page, type PageRequest } from '../../lib/tenancy';
import type { Executor } from './messages.repository';
import { rows } from '../../db/client';

/** Whose inbox: a portal user ('user') or an end user of the app API ('end_user'). */
export interface Recipient {
  kind: 'user' | 'end_user';
  id: number;
}

/** The recipient's receipts (alias r) of released messages (alias m). */
function ownReceipts(me: Recipient): SQL {
  return sql`r.recipient_kind = ${me.kind} and r.recipient_id = ${me.id} and m.state = 'released' and r.hidden_at is null`;
}

export interface InboxRow {
  message_id: number;
  type: string;
  language: string;
  title: string;
  body?: string;
  link?: string;
  image_file_ids?: (number | string)[];
  sender: string | null;
  released_at: Date | string;
  read_at: Date | string | null;
}

export interface InboxQuery extends PageRequest {
  type?: string;
  read: 'all' | 'unread' | 'read';
  from?: number;
  to?: number;
}

/**
 * A page of the inbox and the filter's total, in one statement (the total is a window count over
 * the recipient's matching receipts, counted before the page is cut). With `deliveredAt`, the same
 * statement marks the page's receipts delivered (fetched by the recipient's client), once. An app
 * request is then two statements (its session and this), not four: on this machine each statement
 * round trip costs the server a socket write, a quarter of its time under load. A page past the end
 * holds no row to carry the total: it is counted then.
 */
export async function listInbox(db: Executor, me: Recipient, q: InboxQuery, deliveredAt?: Date): Promise<Page<InboxRow>> {
  const where = sql.join(
    [
      ownReceipts(me),
      q.type ? sql`m.type = ${q.type}` : undefined,
      q.read === 'unread' ? sql`r.read_at is null` : q.read === 'read' ? sql`r.read_at is not null` : undefined,
      q.from !== undefined ? sql`m.released_at >= ${new Date(q.from).toISOString()}::timestamptz` : undefined,
      q.to !== undefined ? sql`m.released_at < ${new Date(q.to).toISOString()}::timestamptz` : undefined,
    ].filter((x): x is SQL => !!x),
    sql` and `,
  );
  const w = pageWindow(q);
  const delivered = deliveredAt
    ? sql`, delivered as (
          update message_receipts d set delivered_at = ${deliveredAt.toISOString()}::timestamptz
            from page p
           where d.recipient_kind = ${me.kind} and d.recipient_id = ${me.id} and d.message_id = p.message_id and d.delivered_at is null
        )`
    : sql``;
  const found = await rows<InboxRow & { total: number }>(
    db,
    sql`with page as (
          select r.message_id, m.type, r.language, coalesce(m.contents->r.language->>'title', '') as title,
                 coalesce(c.name, '') as sender, m.released_at, r.read_at, count(*) over ()::int as total
            from message_receipts r join messages m on m.id = r.message_id left join companies c on c.id = m.company_id
           where ${where} order by m.released_at desc, r.message_id desc limit ${w.limit} offset ${w.offset}
        )${delivered}
        select * from page order by released_at desc, message_id desc`,
  );
  const total =
    found[0]?.total ??
    (w.offset === 0
      ? 0
      : (
          await rows<{ n: number }>(
            db,
            sql`select count(*)::int as n from message_receipts r join messages m on m.id = r.message_id where ${where}`,
          )
        )[0]!.n);
  return { records: found, total: Number(total), pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function findInboxMessage(db: Executor, me: Recipient, messageId: number): Promise<InboxRow | null> {
  const [r] = await rows<InboxRow>(
    db,
    sql`select r.message_id, m.type, r.language, coalesce(m.contents->r.language->>'title', '') as title,
               coalesce(m.contents->r.language->>'body', '') as body, m.link, m.image_file_ids,
               coalesce(c.name, '') as sender, m.released_at, r.read_at
          from message_receipts r join messages m on m.id = r.message_id left join companies c on c.id = m.company_id
         where r.message_id = ${messageId} and ${ownReceipts(me)}`,
  );
  return r ?? null;
}

/** The client has fetched these: delivered (once). */
export async function markDelivered(db: Executor, me: Recipient, messageIds: readonly number[], now: Date): Promise<void> {
  if (messageIds.length === 0) return;
  await db.execute(
    sql`update message_receipts set delivered_at = ${now.toISOString()}::timestamptz
         where recipient_kind = ${me.kind} and recipient_id = ${me.id} and message_id = any(${sql.param([...messageIds])}::int[])
           and delivered_at is null`,
  );
}

/** Marks read (and delivered) the caller's unread receipts among `messageIds`, or of every message (of a type). */
export async function markRead(
  db: Executor,
  me: Recipient,
  filter: { messageIds?: readonly number[]; type?: string },
  now: Date,
): Promise<number> {
  const r = await rows<{ n: number }>(
    db,
    sql`with done as (
          update message_receipts r set read_at = ${now.toISOString()}::timestamptz, delivered_at = coalesce(r.delivered_at, ${now.toISOString()}::timestamptz)
            from messages m
           where m.id = r.message_id and ${ownReceipts(me)} and r.read_at is null
             ${filter.messageIds ? sql`and r.message_id = any(${sql.param([...filter.messageIds])}::int[])` : sql``}
             ${filter.type ? sql`and m.type = ${filter.type}` : sql``}
          returning 1)
        select count(*)::int as n from done`,
  );
  return r[0]!.n;
}

export async function hide(db: Executor, me: Recipient, messageIds: readonly number[], now: Date): Promise<number> {
  const r = await rows<{ n: number }>(
    db,
    sql`with done as (
          update message_receipts r set hidden_at = ${now.toISOString()}::timestamptz
            from messages m
           where m.id = r.message_id and ${ownReceipts(me)} and r.message_id = any(${sql.param([...messageIds])}::int[])
          returning 1)
        select count(*)::int as n from done`,
  );
  return r[0]!.n;
}

export async function unreadByType(db: Executor, me: Recipient): Promise<{ type: string; n: number }[]> {
  return rows(
    db,
    sql`select m.type, count(*)::int as n from message_receipts r join messages m on m.id = r.message_id
         where ${ownReceipts(me)} and r.read_at is null group by m.type`,
  );
}
