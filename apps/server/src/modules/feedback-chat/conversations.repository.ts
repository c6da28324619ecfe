/**
 * The feedback chat's SQL. Every statement names its scope: a requester's own conversations
 * (requester_kind and requester_id), or a desk's (desk_company_id = the desk member's company).
 * A send locks its conversation row (FOR UPDATE), looks its client id up, then takes the next seq
 * with one UPDATE ... SET last_seq = last_seq + 1 RETURNING: senders of one conversation queue on
 * the row, so seqs have no gaps and a client id sent twice (two tabs) is stored once.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db, type Tx } from '../../db/client';
import type { Actor } from '../../lib/context';
import { escapeLike, paginate, type Page, type PageRequest } from '../../lib/tenancy';

export type Executor = Db | Tx;

export type Side = 'requester' | 'desk';

/** Who a conversation belongs to: its requester, or the desk (a company). */
export type Scope = { kind: 'requester'; requesterKind: 'user' | 'end_user'; requesterId: number } | { kind: 'desk'; companyId: number };

export function scopeSql(scope: Scope): SQL {
  return scope.kind === 'desk'
    ? sql`c.desk_company_id = ${scope.companyId}`
    : sql`c.requester_kind = ${scope.requesterKind} and c.requester_id = ${scope.requesterId}`;
}

export interface ConversationRow {
  id: number;
  desk_company_id: number;
  desk_company_name: string | null;
  requester_kind: 'user' | 'end_user';
  requester_id: number;
  requester_origin: string;
  requester_name: string;
  requester_email: string;
  requester_locale: string;
  topic: string;
  device_id: number | null;
  device_sn: string;
  device_model: string;
  state: 'open' | 'pending' | 'resolved';
  assignee_id: number | null;
  assignee_name: string | null;
  last_seq: number;
  requester_read_seq: number;
  desk_read_seq: number;
  requester_unread: number;
  last_message_text: string;
  last_message_at: Date | string;
  waiting_since: Date | string | null;
  created_at: Date | string;
  resolved_at: Date | string | null;
  csat_score: number | null;
  csat_comment: string;
  csat_at: Date | string | null;
}

/** Desk replies (not notes) after the requester's read seq. */
const REQUESTER_UNREAD = sql`(select count(*)::int from feedback_messages m
   where m.conversation_id = c.id and m.seq > c.requester_read_seq and m.side = 'desk' and not m.internal)`;

const SELECT = sql`select c.id, c.desk_company_id, d.name as desk_company_name, c.requester_kind, c.requester_id, c.requester_origin,
       c.requester_name, c.requester_email, c.requester_locale, c.topic, c.device_id, c.device_sn, c.device_model, c.state,
       c.assignee_id, a.nickname as assignee_name, c.last_seq, c.requester_read_seq, c.desk_read_seq, ${REQUESTER_UNREAD} as requester_unread,
       c.last_message_text, c.last_message_at, c.waiting_since, c.created_at, c.resolved_at, c.csat_score, c.csat_comment, c.csat_at
  from feedback_conversations c
  left join companies d on d.id = c.desk_company_id
  left join users a on a.id = c.assignee_id`;

export async function findConversation(db: Executor, scope: Scope, id: number): Promise<ConversationRow | null> {
  const [r] = await rows<ConversationRow>(db, sql`${SELECT} where c.id = ${id} and ${scopeSql(scope)}`);
  return r ?? null;
}

/** The conversation's row locked for a send or a move (null when out of scope). */
export type LockedConversation = Pick<
  ConversationRow,
  'id' | 'state' | 'resolved_at' | 'assignee_id' | 'desk_company_id' | 'csat_score' | 'requester_kind' | 'requester_id' | 'last_seq'
>;

export async function lockConversation(db: Executor, scope: Scope, id: number): Promise<LockedConversation | null> {
  const [r] = await rows<LockedConversation>(
    db,
    sql`select c.id, c.state, c.resolved_at, c.assignee_id, c.desk_company_id, c.csat_score, c.requester_kind, c.requester_id, c.last_seq
          from feedback_conversations c where c.id = ${id} and ${scopeSql(scope)} for update`,
  );
  return r ?? null;
}

export interface ListQuery extends PageRequest {
  state?: string;
  queue?: 'mine' | 'unassigned' | 'all';
  userId?: number;
}

export async function listConversations(db: Executor, scope: Scope, q: ListQuery): Promise<Page<ConversationRow>> {
  const where = sql.join(
    [
      scopeSql(scope),
      q.state ? sql`c.state = ${q.state}` : undefined,
      q.queue === 'mine' ? sql`c.assignee_id = ${q.userId ?? 0}` : undefined,
      q.queue === 'unassigned' ? sql`c.assignee_id is null` : undefined,
    ].filter((x): x is SQL => !!x),
    sql` and `,
  );
  // The desk's queues: longest waiting first; a requester's list: latest activity first.
  const order =
    scope.kind === 'desk' ? sql`c.waiting_since asc nulls last, c.last_message_at desc, c.id desc` : sql`c.last_message_at desc, c.id desc`;
  return paginate(
    q,
    (w) => rows<ConversationRow>(db, sql`${SELECT} where ${where} order by ${order} limit ${w.limit} offset ${w.offset}`),
    async () => (await rows<{ n: number }>(db, sql`select count(*)::int as n from feedback_conversations c where ${where}`))[0]!.n,
  );
}

export interface NewConversation {
  deskCompanyId: number;
  deskCompanyPath: string;
  requesterKind: 'user' | 'end_user';
  requesterId: number;
  requesterCompanyId: number | null;
  requesterOrigin: string;
  requesterName: string;
  requesterEmail: string;
  requesterLocale: string;
  topic: string;
  device: { id: number; sn: string; model: string } | null;
  now: Date;
}

export async function insertConversation(db: Executor, c: NewConversation): Promise<number> {
  const [r] = await rows<{ id: number }>(
    db,
    sql`insert into feedback_conversations (desk_company_id, desk_company_path, requester_kind, requester_id, requester_company_id,
          requester_origin, requester_name, requester_email, requester_locale, topic, device_id, device_sn, device_model,
          last_message_at, created_at, updated_at)
        values (${c.deskCompanyId}, ${c.deskCompanyPath}, ${c.requesterKind}, ${c.requesterId}, ${c.requesterCompanyId}, ${c.requesterOrigin},
          ${c.requesterName}, ${c.requesterEmail}, ${c.requesterLocale}, ${c.topic}, ${c.device?.id ?? null}, ${c.device?.sn ?? ''},
          ${c.device?.model ?? ''}, ${c.now}, ${c.now}, ${c.now})
        returning id`,
  );
  return r!.id;
}

export interface MessageRow {
  id: number | string;
  conversation_id: number;
  seq: number;
  side: Side;
  internal: boolean;
  sender_kind: string;
  sender_id: number;
  sender_name: string;
  text: string;
  file_ids: (number | string)[];
  client_id: string;
  created_at: Date | string;
}

export async function findByClientId(
  db: Executor,
  conversationId: number,
  sender: { kind: string; id: number },
  clientId: string,
): Promise<MessageRow | null> {
  const [r] = await rows<MessageRow>(
    db,
    sql`select * from feedback_messages where conversation_id = ${conversationId} and sender_kind = ${sender.kind}
          and sender_id = ${sender.id} and client_id = ${clientId}`,
  );
  return r ?? null;
}

/** The next seq of a conversation (its row is locked by the caller's transaction from here on). */
export async function nextSeq(db: Executor, conversationId: number): Promise<number> {
  const [r] = await rows<{ last_seq: number }>(
    db,
    sql`update feedback_conversations set last_seq = last_seq + 1 where id = ${conversationId} returning last_seq`,
  );
  return r!.last_seq;
}

export interface NewMessage {
  conversationId: number;
  seq: number;
  side: Side;
  internal: boolean;
  senderKind: string;
  senderId: number;
  senderName: string;
  text: string;
  fileIds: number[];
  clientId: string;
  now: Date;
}

export async function insertMessage(db: Executor, m: NewMessage): Promise<MessageRow> {
  const [r] = await rows<MessageRow>(
    db,
    sql`insert into feedback_messages (conversation_id, seq, side, internal, sender_kind, sender_id, sender_name, text, file_ids, client_id, created_at)
        values (${m.conversationId}, ${m.seq}, ${m.side}, ${m.internal}, ${m.senderKind}, ${m.senderId}, ${m.senderName}, ${m.text},
          ${sql.raw(`'{${m.fileIds.map(Number).join(',')}}'::bigint[]`)}, ${m.clientId}, ${m.now})
        returning *`,
  );
  return r!;
}

/** After a message: the conversation's state, read seq of the sender's side, last message, waiting time. */
export async function afterMessage(
  db: Executor,
  m: { conversationId: number; seq: number; side: Side; internal: boolean; text: string; state: string; senderId: number; now: Date },
): Promise<void> {
  const preview = m.text.slice(0, 200);
  if (m.internal) {
    await db.execute(sql`update feedback_conversations set desk_read_seq = greatest(desk_read_seq, ${m.seq}), updated_at = ${m.now}
      where id = ${m.conversationId}`);
    return;
  }
  if (m.side === 'requester') {
    await db.execute(sql`update feedback_conversations
         set state = ${m.state}, requester_read_seq = greatest(requester_read_seq, ${m.seq}), last_message_text = ${preview},
             last_message_at = ${m.now}, waiting_since = coalesce(waiting_since, ${m.now}), resolved_at = null, resolved_by = null,
             updated_at = ${m.now}
       where id = ${m.conversationId}`);
  } else {
    await db.execute(sql`update feedback_conversations
         set state = ${m.state}, desk_read_seq = greatest(desk_read_seq, ${m.seq}), last_message_text = ${preview},
             last_message_at = ${m.now}, waiting_since = null, waiting_mailed_at = null,
             first_response_at = coalesce(first_response_at, ${m.now}), first_responder_id = coalesce(first_responder_id, ${m.senderId}),
             updated_at = ${m.now}
       where id = ${m.conversationId}`);
  }
}

export async function setState(db: Executor, id: number, to: string, extra: { resolvedBy?: number | null; now: Date }): Promise<void> {
  if (to === 'resolved') {
    await db.execute(sql`update feedback_conversations set state = 'resolved', resolved_at = ${extra.now}, resolved_by = ${extra.resolvedBy ?? null},
      waiting_since = null, updated_at = ${extra.now} where id = ${id}`);
  } else {
    await db.execute(sql`update feedback_conversations set state = ${to}, resolved_at = null, resolved_by = null, updated_at = ${extra.now}
      where id = ${id}`);
  }
}

export async function setRating(db: Executor, id: number, score: number, comment: string, now: Date): Promise<boolean> {
  const r = await rows<{ id: number }>(
    db,
    sql`update feedback_conversations set csat_score = ${score}, csat_comment = ${comment}, csat_at = ${now}, updated_at = ${now}
         where id = ${id} and state = 'resolved' and csat_score is null returning id`,
  );
  return r.length === 1;
}

export async function history(
  db: Executor,
  conversationId: number,
  afterSeq: number,
  limit: number,
  withNotes: boolean,
): Promise<MessageRow[]> {
  return rows<MessageRow>(
    db,
    sql`select * from feedback_messages where conversation_id = ${conversationId} and seq > ${afterSeq}
          ${withNotes ? sql`` : sql`and not internal`} order by seq limit ${limit + 1}`,
  );
}

/** Moves a side's read seq forward (never back, never past the last seq). */
/** Moves a side's read mark up to `seq` (at most the last message); answers the new mark, or null when it did not move. */
export async function markRead(db: Executor, conversationId: number, side: Side, seq: number): Promise<number | null> {
  const col = side === 'desk' ? sql.raw('desk_read_seq') : sql.raw('requester_read_seq');
  const [r] = await rows<{ seq: number }>(
    db,
    sql`update feedback_conversations set ${col} = least(${seq}, last_seq)
         where id = ${conversationId} and ${col} < least(${seq}, last_seq)
         returning ${col} as seq`,
  );
  return r ? Number(r.seq) : null;
}

export async function requesterUnreadTotal(db: Executor, requesterKind: string, requesterId: number): Promise<number> {
  const [r] = await rows<{ n: number }>(
    db,
    sql`select coalesce(sum(${REQUESTER_UNREAD}), 0)::int as n from feedback_conversations c
         where c.requester_kind = ${requesterKind} and c.requester_id = ${requesterId}`,
  );
  return r?.n ?? 0;
}

/** The desk's unread: last_seq - desk_read_seq over its unresolved conversations (mine and unassigned). */
export async function deskUnreadTotal(db: Executor, companyId: number, userId: number): Promise<number> {
  const [r] = await rows<{ n: number }>(
    db,
    sql`select coalesce(sum(c.last_seq - c.desk_read_seq), 0)::int as n from feedback_conversations c
         where c.desk_company_id = ${companyId} and c.state <> 'resolved' and (c.assignee_id = ${userId} or c.assignee_id is null)`,
  );
  return r?.n ?? 0;
}

export interface FileRow {
  id: number;
  company_id: number | null;
  created_by: number | null;
  path: string;
  name: string;
  mime: string;
  size: number;
}

export async function filesByIds(db: Executor, ids: number[]): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  return rows<FileRow>(
    db,
    sql`select id::int as id, company_id, created_by, path, name, mime, size::int as size from files
         where id = any(${sql.raw(`'{${ids.map(Number).join(',')}}'::bigint[]`)})`,
  );
}

/** The name of the calling app's own key (an end user's conversations show it as their origin). */
export async function appKeyName(db: Executor, appKeyId: number): Promise<string | null> {
  const [k] = await rows<{ name: string }>(db, sql`select name from app_keys where id = ${appKeyId}`);
  return k?.name ?? null;
}

/**
 * A portal user's desk: the nearest partner or supplier above their company (on its path, never
 * the company itself); null for the supplier, which has none.
 */
export async function nearestDeskAbove(
  db: Executor,
  actor: Pick<Actor, 'companyId' | 'companyPath'>,
): Promise<{ id: number; path: string } | null> {
  const [d] = await rows<{ id: number; path: string }>(
    db,
    sql`select id, path from companies
         where id = any(string_to_array(trim(both '/' from ${actor.companyPath}), '/')::int[]) and id <> ${actor.companyId}
           and type in ('partner', 'supplier')
         order by depth desc limit 1`,
  );
  return d ?? null;
}

/** Who may name a device: a portal user's subtree, or an end user's own devices in their brand. */
export type DeviceReach = { companyPath: string } | { endUserId: number; brandPath: string };

/** A device the requester may name, or null. */
export async function findRequesterDevice(
  db: Executor,
  reach: DeviceReach,
  deviceId: number,
): Promise<{ id: number; sn: string; model: string } | null> {
  const where =
    'companyPath' in reach
      ? sql`company_path like ${escapeLike(reach.companyPath) + '%'}`
      : sql`end_user_id = ${reach.endUserId} and company_path like ${escapeLike(reach.brandPath) + '%'}`;
  const [d] = await rows<{ id: number; sn: string; model: string }>(
    db,
    sql`select id, sn, model from devices where id = ${deviceId} and ${where}`,
  );
  return d ?? null;
}

/** How far each side has read a conversation the caller's scope has already reached (0 when none). */
export async function readSeqs(db: Executor, conversationId: number): Promise<{ requester: number; desk: number }> {
  const [r] = await rows<{ requester_read_seq: number; desk_read_seq: number }>(
    db,
    sql`select requester_read_seq, desk_read_seq from feedback_conversations where id = ${conversationId}`,
  );
  return { requester: r?.requester_read_seq ?? 0, desk: r?.desk_read_seq ?? 0 };
}

/** The requester's own conversation whose first message they sent with this client id (a retried create), or null. */
export async function findCreatedByClientId(
  db: Executor,
  requester: { kind: 'user' | 'end_user'; id: number },
  clientId: string,
): Promise<number | null> {
  const [again] = await rows<{ conversation_id: number }>(
    db,
    sql`select m.conversation_id from feedback_messages m join feedback_conversations c on c.id = m.conversation_id
         where c.requester_kind = ${requester.kind} and c.requester_id = ${requester.id} and m.seq = 1 and m.sender_kind = ${requester.kind}
           and m.sender_id = ${requester.id} and m.client_id = ${clientId}`,
  );
  return again ? again.conversation_id : null;
}

export interface UnreadReplyClaim {
  id: number;
  topic: string;
  /** A portal user (mailed) or an app end user (pushed to their tokens). */
  requester_kind: 'user' | 'end_user';
  requester_id: number;
  requester_email: string;
  requester_locale: string;
  desk_name: string | null;
  preview: string;
}

/**
 * Unsafe: every desk's conversations (the reminder job runs for all tenants). Claims up to `batch`
 * conversations of portal requesters (with an address) and of end users with a desk reply unread
 * since `replyBefore` (FOR UPDATE SKIP LOCKED, marked reminded up to last_seq: one reminder per
 * batch of replies) and answers what their mails and pushes need. Run it in the transaction that
 * writes the mails and queues the pushes.
 */
export async function unsafeClaimUnreadReplies(tx: Executor, replyBefore: Date, batch: number): Promise<UnreadReplyClaim[]> {
  return rows<UnreadReplyClaim>(
    tx,
    sql`with due as (
          select c.id, (select m.text from feedback_messages m where m.conversation_id = c.id and m.side = 'desk' and not m.internal
                         order by m.seq desc limit 1) as preview
            from feedback_conversations c
           where (c.requester_kind = 'end_user' or c.requester_email <> '')
             and exists (select 1 from feedback_messages m where m.conversation_id = c.id and m.side = 'desk' and not m.internal
                           and m.seq > greatest(c.requester_read_seq, c.reply_mailed_seq) and m.created_at <= ${replyBefore})
           order by c.id limit ${batch}
           for update of c skip locked)
        update feedback_conversations c set reply_mailed_seq = c.last_seq from due where c.id = due.id
        returning c.id, c.topic, c.requester_kind, c.requester_id, c.requester_email, c.requester_locale, (select name from companies d where d.id = c.desk_company_id) as desk_name,
                  coalesce(due.preview, '') as preview`,
  );
}

export interface WaitingClaim {
  topic: string;
  requester_name: string;
  desk_company_id: number;
  email: string | null;
  locale: string | null;
}

/**
 * Unsafe: every desk's conversations (the reminder job runs for all tenants). Claims up to `batch`
 * open conversations waiting for the desk since `waitBefore` and not yet mailed (FOR UPDATE SKIP
 * LOCKED, waiting_mailed_at = now) and answers their assignee's address, if any. Run it in the
 * transaction that writes the mails.
 */
export async function unsafeClaimWaitingConversations(tx: Executor, waitBefore: Date, now: Date, batch: number): Promise<WaitingClaim[]> {
  return rows<WaitingClaim>(
    tx,
    sql`with due as (
          select c.id from feedback_conversations c
           where c.state = 'open' and c.waiting_since <= ${waitBefore} and c.waiting_mailed_at is null
           order by c.waiting_since limit ${batch}
           for update of c skip locked)
        update feedback_conversations c set waiting_mailed_at = ${now} from due where c.id = due.id
        returning c.topic, c.requester_name, c.desk_company_id,
                  (select u.email from users u where u.id = c.assignee_id) as email,
                  (select u.locale from users u where u.id = c.assignee_id) as locale`,
  );
}
