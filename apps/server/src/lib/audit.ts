import { AUDIT_ACTIONS, AUDIT_SECRET_CHANGED, type AuditActionDef, type AuditFieldChange } from '@portal/contract';
import { operationLogs } from '../db/schema';
import type { Db, Tx } from '../db/client';
import { auditTargetState, type AuditTargetState, unsafeSupplierCompany } from './audit-targets.repository';
import type { Actor, AuditEntry } from './context';

/**
 * Field names whose values never enter a log row (passwords, keys, tokens, signs, codes): they are
 * kept only as AUDIT_SECRET_CHANGED. Matched on the whole name, case-insensitively.
 */
const SECRET_FIELD =
  /^(password|oldpassword|newpassword|confirmpassword|pwd|passwd|secret|.*secret|token|.*token|sign|signkey|signature|apikey|appkey|privatekey|accesskey|.*keysecret|provisioningkey|code|verifycode|captcha|imagecode|emailcode|otp|credentials?)$/i;

/** Whether a field name is a secret's (its value never enters a row). */
export function isSecretField(name: string): boolean {
  return SECRET_FIELD.test(name);
}

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

/**
 * The changed fields of a write: every key of `before` or `after` whose value differs (compared as
 * JSON), with both values; a secret field only as `{ field, secret: true }`, its values never kept.
 * Null when nothing changed or a side is missing.
 */
export function diffFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): AuditFieldChange[] | null {
  if (!before || !after) return null;
  const out: AuditFieldChange[] = [];
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const b = before[field] ?? null;
    const a = after[field] ?? null;
    if (JSON.stringify(b) === JSON.stringify(a)) continue;
    out.push(isSecretField(field) ? { field, secret: true } : { field, before: redactSecrets(b), after: redactSecrets(a) });
  }
  return out.length ? out : null;
}

/** Request data kept in a row at most this long (as JSON); larger data keeps only its top-level keys. */
const REQUEST_MAX_CHARS = 4000;

/** The call's request data for its row: secrets replaced, cut to its keys when large. */
export function requestForLog(data: unknown): unknown {
  if (data === undefined || data === null) return null;
  const clean = redactSecrets(data);
  const text = JSON.stringify(clean);
  if (text.length <= REQUEST_MAX_CHARS) return clean;
  return { truncated: true, keys: clean && typeof clean === 'object' ? Object.keys(clean).slice(0, 50) : [] };
}

/** Whether a call is logged: every write, and the read calls that make an export or a download link. */
export function isLoggedCall(call: { path: string; write: boolean }, data: unknown): boolean {
  if (call.write) return true;
  const read = AUDIT_ACTIONS[call.path]?.read;
  return !!read && (!read.when || !!dataField(data, read.when));
}

/** What the audit mechanism learnt of a write call before its handler ran. */
export interface AuditCapture {
  def: AuditActionDef | undefined;
  targetType?: string;
  targetId?: string;
  targetName?: string;
  before: AuditTargetState | null;
  params: Record<string, unknown> | null;
  request: unknown;
}

function dataField(data: unknown, field: string): unknown {
  return data && typeof data === 'object' ? (data as Record<string, unknown>)[field] : undefined;
}

function targetIdOf(def: AuditActionDef | undefined, actor: Actor | null, data: unknown): string | undefined {
  const id = def?.target?.id;
  if (!id) return undefined;
  if (id === '$company') return actor ? String(actor.companyId) : undefined;
  // The session's own account (under remote access the account visited, not the superior acting).
  if (id === '$self') return actor ? String(actor.userId) : undefined;
  const v = dataField(data, id);
  return typeof v === 'number' || typeof v === 'string' ? String(v) : undefined;
}

/**
 * Before a write call's handler (in its transaction): its registry entry, the target named by the
 * data, the target's name and fields now (the diff's before), the sentence's parameters and the
 * request data.
 */
export async function captureAuditBefore(db: Db | Tx, actor: Actor | null, callPath: string, data: unknown): Promise<AuditCapture> {
  const def = AUDIT_ACTIONS[callPath];
  const targetId = targetIdOf(def, actor, data);
  const type = def?.target?.type;
  const before =
    type && targetId !== undefined ? await auditTargetState(db, type, targetId, { companyId: actor?.companyId ?? null }) : null;
  const nameField = def?.target?.name;
  const named = nameField ? dataField(data, nameField) : undefined;
  const opValue = def?.op ? dataField(data, def.op.field) : undefined;
  return {
    def,
    targetType: type,
    targetId,
    targetName: before?.name ?? (typeof named === 'string' && named ? named : undefined),
    before,
    params: opValue === undefined ? null : { op: String(opValue) },
    request: requestForLog(data),
  };
}

/** The extra columns of a write call's row: the target's state now is the diff's after. */
export async function completeAudit(db: Db | Tx, actor: Actor | null, capture: AuditCapture, entry: AuditEntry): Promise<AuditExtra> {
  const sameTarget = entry.targetId === undefined || capture.targetId === undefined || String(entry.targetId) === capture.targetId;
  let after: AuditTargetState | null = null;
  const type = capture.def?.target?.type;
  if (sameTarget && type && capture.targetId !== undefined && capture.before)
    after = await auditTargetState(db, type, capture.targetId, { companyId: actor?.companyId ?? null });
  // A create: the data named no target, the handler's entry names the new one; its name as written.
  const created = type && capture.targetId === undefined && entry.targetId !== undefined && !entry.targetName;
  if (created) after = await auditTargetState(db, type, String(entry.targetId), { companyId: actor?.companyId ?? null });
  return {
    code: capture.def?.code,
    targetType: capture.targetType,
    targetId: capture.targetId,
    targetName: entry.targetName ?? (sameTarget ? after?.name || capture.targetName : undefined),
    params: capture.params,
    diff: sameTarget ? diffFields(capture.before?.fields, after?.fields) : null,
    request: capture.request,
  };
}

/** Columns of migration 0028 the caller may give a row. */
export interface AuditExtra {
  code?: string;
  targetType?: string;
  targetId?: string;
  targetName?: string;
  params?: Record<string, unknown> | null;
  diff?: AuditFieldChange[] | null;
  request?: unknown;
}

/** One operation-log row: who, on whose behalf, what, when, before and after, and whether it was refused. */
export async function writeOperationLog(
  db: Db | Tx,
  actor: Actor | null,
  entry: AuditEntry & { action: string },
  meta: { requestId: string; ip: string; at: Date },
  extra: AuditExtra = {},
) {
  // Under remote access the superior acts on behalf of the account's user.
  const actorUserId = entry.actorUserId ?? (actor ? (actor.actingUserId ?? actor.userId) : null);
  const onBehalfOf = actor && actor.actingUserId ? actor.userId : null;
  // The typed action: the call's (given), else the event's entry (sign-in, exports...).
  const def = extra.code ? undefined : AUDIT_ACTIONS[entry.action];
  const code = extra.code ?? def?.code ?? null;
  const module = (code ? code.split('.')[0] : undefined) ?? entry.action.split('/')[0] ?? '';
  const targetId = entry.targetId ?? extra.targetId;
  let companyId = entry.companyId ?? actor?.companyId ?? null;
  let companyPath = entry.companyPath ?? actor?.companyPath ?? null;
  const actorCompanyPath = entry.actorCompanyPath ?? actor?.companyPath ?? null;
  // A row of no tenant (a failed sign-in for an account that does not exist) is the supplier's alone.
  if (companyPath === null && actorCompanyPath === null) {
    const supplier = await unsafeSupplierCompany(db);
    if (supplier) {
      companyId = supplier.id;
      companyPath = supplier.path;
    }
  }
  await db.insert(operationLogs).values({
    at: meta.at,
    actorUserId,
    actorName: entry.actorName ?? (actor ? (actor.actingUserId ? (actor.actingNickname ?? '') : actor.nickname) : ''),
    onBehalfOfUserId: onBehalfOf,
    actorCompanyPath,
    companyId,
    companyPath,
    action: entry.action,
    module,
    result: entry.result ?? 'success',
    targetType: entry.targetType ?? extra.targetType ?? null,
    targetId: targetId === undefined ? null : String(targetId),
    before: entry.before === undefined ? null : redactSecrets(entry.before),
    after: entry.after === undefined ? null : redactSecrets(entry.after),
    requestId: meta.requestId,
    ip: meta.ip,
    code,
    targetName: entry.targetName ?? extra.targetName ?? null,
    params: extra.params ?? entry.params ?? null,
    diff: extra.diff ?? null,
    request: extra.request === undefined ? null : extra.request,
  });
}
