/**
 * The live channel's reads: the session behind a socket (who it is, whether it still counts) and the
 * desk members a conversation's notice goes to. `unsafe`: by session id, the ticket's; no scope.
 */
import { IDLE_TIMEOUT_MS } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { LiveIdentity } from '../../lib/live';
import { type Executor } from './conversations.repository';
import { rows } from '../../db/client';

/**
 * A session that still counts: not ended, not idle, its account and company usable. An expired
 * access token does not end it (the next call renews it, 7004), so it does not close the socket:
 * closing it there made every client reconnect each token lifetime.
 */
const PORTAL_ALIVE = (now: Date) =>
  sql`s.ended_at is null and s.last_active_at > ${new Date(now.getTime() - IDLE_TIMEOUT_MS)}
      and (s.remote_expires_at is null or s.remote_expires_at > ${now})
      and u.status not in ('deleted', 'operation_locked') and c.status <> 'frozen'`;
const END_USER_ALIVE = (_now: Date) => sql`s.ended_at is null and u.status not in ('deleted', 'frozen')`;

export async function unsafeLiveIdentity(
  db: Executor,
  kind: 'user' | 'end_user',
  sessionId: number,
  now: Date,
): Promise<LiveIdentity | null> {
  if (kind === 'user') {
    const [r] = await rows<{ user_id: number; company_id: number; codes: string[] }>(
      db,
      sql`select u.id as user_id, u.company_id, u.auth_res_list as codes
            from sessions s join users u on u.id = s.user_id join companies c on c.id = u.company_id
           where s.id = ${sessionId} and ${PORTAL_ALIVE(now)}`,
    );
    return r ? { kind: 'user', sessionId, userId: r.user_id, companyId: r.company_id, codes: new Set(r.codes) } : null;
  }
  const [r] = await rows<{ end_user_id: number }>(
    db,
    sql`select u.id as end_user_id from end_user_sessions s join end_users u on u.id = s.end_user_id
         where s.id = ${sessionId} and ${END_USER_ALIVE(now)}`,
  );
  return r ? { kind: 'end_user', sessionId, endUserId: Number(r.end_user_id) } : null;
}

/** Of these sessions, the ones that still count. */
export async function unsafeAliveSessions(db: Executor, kind: 'user' | 'end_user', ids: number[], now: Date): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const list = sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
  const found =
    kind === 'user'
      ? await rows<{ id: number }>(
          db,
          sql`select s.id from sessions s join users u on u.id = s.user_id join companies c on c.id = u.company_id
               where s.id in ${list} and ${PORTAL_ALIVE(now)}`,
        )
      : await rows<{ id: number }>(
          db,
          sql`select s.id from end_user_sessions s join end_users u on u.id = s.end_user_id where s.id in ${list} and ${END_USER_ALIVE(now)}`,
        );
  return new Set(found.map((r) => Number(r.id)));
}
