import { AUDIT_SECRET_CHANGED } from '@portal/contract';
import { operationLogs } from '../db/schema';
import type { Db, Tx } from '../db/client';
import type { Actor, AuditEntry } from './context';

/**
 * Field names whose values never enter a log row (passwords, keys, tokens, signs, codes): they are
 * kept only as AUDIT_SECRET_CHANGED. Matched on the whole name, case-insensitively.
 */
const SECRET_FIELD =
  /^(password|oldpassword|newpassword|confirmpassword|pwd|passwd|secret|.*secret|token|.*token|sign|signkey|signature|apikey|appkey|privatekey|accesskey|.*keysecret|provisioningkey|code|verifycode|captcha|imagecode|emailcode|otp|credentials?)$/i;

/** A copy of `value` with every secret field replaced by AUDIT_SECRET_CHANGED, at any depth. */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_FIELD.test(k) ? AUDIT_SECRET_CHANGED : redactSecrets(v);
    return out;
  }
  return value;
}

/** One operation-log row: who, on whose behalf, what, when, before and after, and whether it was refused. */
export async function writeOperationLog(
  db: Db | Tx,
  actor: Actor | null,
  entry: AuditEntry & { action: string },
  meta: { requestId: string; ip: string; at: Date },
) {
  // Under remote access the superior acts on behalf of the account's user.
  const actorUserId = entry.actorUserId ?? (actor ? (actor.actingUserId ?? actor.userId) : null);
  const onBehalfOf = actor && actor.actingUserId ? actor.userId : null;
  await db.insert(operationLogs).values({
    at: meta.at,
    actorUserId,
    actorName: entry.actorName ?? (actor ? (actor.actingUserId ? (actor.actingNickname ?? '') : actor.nickname) : ''),
    onBehalfOfUserId: onBehalfOf,
    actorCompanyPath: entry.actorCompanyPath ?? actor?.companyPath ?? null,
    companyId: entry.companyId ?? actor?.companyId ?? null,
    companyPath: entry.companyPath ?? actor?.companyPath ?? null,
    action: entry.action,
    module: entry.action.split('/')[0] ?? '',
    result: entry.result ?? 'success',
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    before: entry.before === undefined ? null : redactSecrets(entry.before),
    after: entry.after === undefined ? null : redactSecrets(entry.after),
    requestId: meta.requestId,
    ip: meta.ip,
  });
}
