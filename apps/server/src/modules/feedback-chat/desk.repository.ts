/**
 * The desk's members and canned replies, and its statistics. A member is a user of the desk's
 * company holding dealer_feedback_mgr; their row (feedback_desk_staff) keeps availability, cap and
 * active count. Round-robin takes the longest-unassigned available member under their cap with
 * SELECT ... FOR UPDATE SKIP LOCKED and raises their count in the same statement, so concurrent
 * assignments pick different people and nobody passes their cap.
 */
import { DESK_ASSIGN_CAP_DEFAULT } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { type Executor } from './conversations.repository';
import { rows } from '../../db/client';

const IS_MEMBER = sql`'dealer_feedback_mgr' = any(u.auth_res_list) and u.status = 'normal'`;

/** Rows for the company's members that have none yet (available, default cap). */
export async function enrolMembers(db: Executor, companyId: number): Promise<void> {
  await db.execute(sql`insert into feedback_desk_staff (user_id, company_id, cap)
    select u.id, u.company_id, ${DESK_ASSIGN_CAP_DEFAULT} from users u where u.company_id = ${companyId} and ${IS_MEMBER}
    on conflict (user_id) do nothing`);
}

/** Round-robin: the next member under their cap, their active count raised; null when nobody is free. */
export async function takeNextMember(db: Executor, companyId: number, now: Date): Promise<number | null> {
  const [r] = await rows<{ user_id: number }>(
    db,
    sql`with pick as (
          select s.user_id from feedback_desk_staff s join users u on u.id = s.user_id
           where s.company_id = ${companyId} and u.company_id = ${companyId} and s.available and s.active < s.cap and ${IS_MEMBER}
           order by s.last_assigned_at asc nulls first, s.user_id
           limit 1
           for update of s skip locked)
        update feedback_desk_staff s set active = s.active + 1, last_assigned_at = ${now}
          from pick where s.user_id = pick.user_id and s.active < s.cap
        returning s.user_id`,
  );
  return r?.user_id ?? null;
}

/** One member's count raised when under their cap: 'ok', 'full', or 'notMember'. */
export async function takeMember(db: Executor, companyId: number, userId: number, now: Date): Promise<'ok' | 'full' | 'notMember'> {
  const member = await rows<{ user_id: number }>(
    db,
    sql`select s.user_id from feedback_desk_staff s join users u on u.id = s.user_id
         where s.user_id = ${userId} and s.company_id = ${companyId} and u.company_id = ${companyId} and ${IS_MEMBER}`,
  );
  if (member.length === 0) return 'notMember';
  const r = await rows<{ user_id: number }>(
    db,
    sql`update feedback_desk_staff set active = active + 1, last_assigned_at = ${now}
         where user_id = ${userId} and company_id = ${companyId} and active < cap returning user_id`,
  );
  return r.length === 1 ? 'ok' : 'full';
}

/** A member's count raised without a cap check (a conversation reopened back to its assignee). */
export async function raiseActive(db: Executor, userId: number): Promise<void> {
  await db.execute(sql`update feedback_desk_staff set active = active + 1 where user_id = ${userId}`);
}

export async function lowerActive(db: Executor, userId: number): Promise<void> {
  await db.execute(sql`update feedback_desk_staff set active = greatest(active - 1, 0) where user_id = ${userId}`);
}

export async function setAssignee(db: Executor, conversationId: number, userId: number | null, now: Date): Promise<void> {
  await db.execute(sql`update feedback_conversations set assignee_id = ${userId}, updated_at = ${now} where id = ${conversationId}`);
}

export interface StaffRow {
  user_id: number;
  name: string;
  available: boolean;
  cap: number;
  active: number;
}

export async function listMembers(db: Executor, companyId: number): Promise<StaffRow[]> {
  return rows<StaffRow>(
    db,
    sql`select s.user_id, u.nickname as name, s.available, s.cap, s.active from feedback_desk_staff s join users u on u.id = s.user_id
         where s.company_id = ${companyId} and u.company_id = ${companyId} and ${IS_MEMBER} order by u.nickname, s.user_id`,
  );
}

/** The company's members, with the defaults (available, cap 10, none active) of those who have no row yet; writes nothing. */
export async function listMembersWithDefaults(db: Executor, companyId: number): Promise<StaffRow[]> {
  return rows<StaffRow>(
    db,
    sql`select u.id as user_id, u.nickname as name, coalesce(s.available, true) as available, coalesce(s.cap, 10) as cap,
               coalesce(s.active, 0) as active
          from users u left join feedback_desk_staff s on s.user_id = u.id
         where u.company_id = ${companyId} and 'dealer_feedback_mgr' = any(u.auth_res_list) and u.status = 'normal'
         order by u.nickname, u.id`,
  );
}

/** A member's name and cap (the over-cap message), for a user takeMember has just found in the desk's company. */
export async function memberNameAndCap(db: Executor, userId: number): Promise<{ nickname: string; cap: number } | null> {
  const [m] = await rows<{ nickname: string; cap: number }>(
    db,
    sql`select u.nickname, s.cap from feedback_desk_staff s join users u on u.id = s.user_id where s.user_id = ${userId}`,
  );
  return m ?? null;
}

export async function saveMember(
  db: Executor,
  companyId: number,
  userId: number,
  v: { available: boolean; cap: number },
): Promise<StaffRow | null> {
  const [r] = await rows<{ user_id: number }>(
    db,
    sql`update feedback_desk_staff set available = ${v.available}, cap = ${v.cap} where user_id = ${userId} and company_id = ${companyId}
         returning user_id`,
  );
  if (!r) return null;
  return (await listMembers(db, companyId)).find((m) => m.user_id === userId) ?? null;
}

/** Desk admins of a company: owners and administrators holding the desk's code (waiting mails without an assignee). */
export async function deskAdmins(db: Executor, companyId: number): Promise<{ email: string; locale: string; nickname: string }[]> {
  return rows(
    db,
    sql`select u.email, u.locale, u.nickname from users u where u.company_id = ${companyId} and ${IS_MEMBER} and u.user_auth_type in (1, 2)
         and u.email <> '' order by u.id`,
  );
}

// ----- canned replies -----

export interface CannedRow {
  id: number;
  language: string;
  title: string;
  text: string;
  updated_at: Date | string;
}

export async function listCanned(db: Executor, companyId: number, language?: string): Promise<CannedRow[]> {
  return rows<CannedRow>(
    db,
    sql`select id, language, title, text, updated_at from feedback_canned_replies where company_id = ${companyId}
         ${language ? sql`and language = ${language}` : sql``} order by language, title, id`,
  );
}

export async function countCanned(db: Executor, companyId: number): Promise<number> {
  const [r] = await rows<{ n: number }>(db, sql`select count(*)::int as n from feedback_canned_replies where company_id = ${companyId}`);
  return r!.n;
}

export async function insertCanned(
  db: Executor,
  companyId: number,
  v: { language: string; title: string; text: string; createdBy: number; now: Date },
): Promise<CannedRow> {
  const [r] = await rows<CannedRow>(
    db,
    sql`insert into feedback_canned_replies (company_id, language, title, text, created_by, created_at, updated_at)
        values (${companyId}, ${v.language}, ${v.title}, ${v.text}, ${v.createdBy}, ${v.now}, ${v.now})
        returning id, language, title, text, updated_at`,
  );
  return r!;
}

export async function updateCanned(
  db: Executor,
  companyId: number,
  id: number,
  v: { language: string; title: string; text: string; now: Date },
): Promise<CannedRow | null> {
  const [r] = await rows<CannedRow>(
    db,
    sql`update feedback_canned_replies set language = ${v.language}, title = ${v.title}, text = ${v.text}, updated_at = ${v.now}
         where id = ${id} and company_id = ${companyId} returning id, language, title, text, updated_at`,
  );
  return r ?? null;
}

export async function deleteCanned(db: Executor, companyId: number, id: number): Promise<boolean> {
  const r = await rows<{ id: number }>(
    db,
    sql`delete from feedback_canned_replies where id = ${id} and company_id = ${companyId} returning id`,
  );
  return r.length === 1;
}

// ----- statistics -----

export interface PersonStatsRow {
  user_id: number;
  name: string;
  replies: number;
  resolved: number;
  avg_first_response: number | string | null;
  csat_count: number;
  csat_average: number | string | null;
}

/** Per person over [from, to): replies, resolutions, first response times and CSAT of their conversations (the assignee's, else the resolver's). */
export async function personStats(db: Executor, companyId: number, from: Date, to: Date): Promise<PersonStatsRow[]> {
  return rows<PersonStatsRow>(
    db,
    sql`with people as (
          select s.user_id from feedback_desk_staff s where s.company_id = ${companyId}
          union select m.sender_id from feedback_messages m join feedback_conversations c on c.id = m.conversation_id
           where c.desk_company_id = ${companyId} and m.side = 'desk' and m.sender_kind = 'user' and m.created_at >= ${from} and m.created_at < ${to}
        )
        select p.user_id, coalesce(u.nickname, '') as name,
          (select count(*)::int from feedback_messages m join feedback_conversations c on c.id = m.conversation_id
            where c.desk_company_id = ${companyId} and m.side = 'desk' and not m.internal and m.sender_kind = 'user' and m.sender_id = p.user_id
              and m.created_at >= ${from} and m.created_at < ${to}) as replies,
          (select count(*)::int from feedback_conversations c where c.desk_company_id = ${companyId} and c.resolved_by = p.user_id
              and c.resolved_at >= ${from} and c.resolved_at < ${to}) as resolved,
          (select avg(extract(epoch from (c.first_response_at - c.created_at))) from feedback_conversations c
            where c.desk_company_id = ${companyId} and c.first_responder_id = p.user_id and c.first_response_at >= ${from}
              and c.first_response_at < ${to}) as avg_first_response,
          (select count(*)::int from feedback_conversations c where c.desk_company_id = ${companyId}
              and coalesce(c.assignee_id, c.resolved_by) = p.user_id and c.csat_at >= ${from} and c.csat_at < ${to}) as csat_count,
          (select avg(c.csat_score) from feedback_conversations c where c.desk_company_id = ${companyId}
              and coalesce(c.assignee_id, c.resolved_by) = p.user_id and c.csat_at >= ${from} and c.csat_at < ${to}) as csat_average
        from people p left join users u on u.id = p.user_id
        order by name, p.user_id`,
  );
}

export async function deskTotals(
  db: Executor,
  companyId: number,
  from: Date,
  to: Date,
): Promise<{ conversations: number; resolved: number }> {
  const [r] = await rows<{ conversations: number; resolved: number }>(
    db,
    sql`select (select count(*)::int from feedback_conversations c where c.desk_company_id = ${companyId} and c.created_at >= ${from} and c.created_at < ${to}) as conversations,
               (select count(*)::int from feedback_conversations c where c.desk_company_id = ${companyId} and c.resolved_at >= ${from} and c.resolved_at < ${to}) as resolved`,
  );
  return r!;
}

export interface ExportRow {
  id: number;
  topic: string;
  requester_name: string;
  requester_origin: string;
  state: string;
  assignee_name: string | null;
  device_sn: string;
  created_at: Date | string;
  first_response_at: Date | string | null;
  resolved_at: Date | string | null;
  csat_score: number | null;
  csat_comment: string;
}

export async function exportRows(db: Executor, companyId: number, from: Date, to: Date): Promise<ExportRow[]> {
  return rows<ExportRow>(
    db,
    sql`select c.id, c.topic, c.requester_name, c.requester_origin, c.state, a.nickname as assignee_name, c.device_sn, c.created_at,
               c.first_response_at, c.resolved_at, c.csat_score, c.csat_comment
          from feedback_conversations c left join users a on a.id = c.assignee_id
         where c.desk_company_id = ${companyId} and c.created_at >= ${from} and c.created_at < ${to}
         order by c.created_at, c.id`,
  );
}
