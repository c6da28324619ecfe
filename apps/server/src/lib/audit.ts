import { operationLogs } from '../db/schema';
import type { Db, Tx } from '../db/client';
import type { Actor, AuditEntry } from './context';

/** One operation-log row: who, on whose behalf, what, when, before and after. */
export async function writeOperationLog(
  db: Db | Tx,
  actor: Actor | null,
  entry: AuditEntry & { action: string },
  meta: { requestId: string; ip: string; at: Date },
) {
  // Under remote access the superior acts on behalf of the account's user.
  const actorUserId = actor ? (actor.actingUserId ?? actor.userId) : null;
  const onBehalfOf = actor && actor.actingUserId ? actor.userId : null;
  await db.insert(operationLogs).values({
    at: meta.at,
    actorUserId,
    actorName: actor ? (actor.actingUserId ? (actor.actingNickname ?? '') : actor.nickname) : '',
    onBehalfOfUserId: onBehalfOf,
    companyId: entry.companyId ?? actor?.companyId ?? null,
    companyPath: entry.companyPath ?? actor?.companyPath ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: meta.requestId,
    ip: meta.ip,
  });
}
