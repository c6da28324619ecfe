/**
 * Audit of registrations (SPEC §4: pending, passed, rejected with reason). A sub-customer company
 * registered through its invitation waits for the inviting company's approval; until then (and
 * after a rejection) its owner cannot log in and is told why.
 */
import { auditMachine, ErrorCodes, invitationMachine, type AuditState, type RegistrationAudit } from '@portal/contract';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { requireActor, type Actor, type CallContext } from '../../lib/context';
import { mapPage } from '../../lib/tenancy';
import {
  auditOfCompanyRow,
  findAuditBelow,
  findAuditRowById,
  listAuditsBelow,
  pendingAuditCountBelow,
  unsafeLockOwnAudit,
  unsafeResubmit,
  writeDecision,
  type AuditRow,
} from './registration-audit.repository';
import { companyName, findDownstreamCompany } from './company-admin.repository';
import { companyStatusOf } from './invitation.service';
import { publicOrigin } from './invitation-links';
import { checkCredentials } from '../auth';
import { registrationPolicy } from './company.policy';
import { allowedActions, authorize } from '../../lib/policy';
import { move } from './transitions';

type AnyDb = Db | Tx;

/** A registration as the contract shape, with what the caller may decide on it now. */
function present(actor: Actor, r: AuditRow): RegistrationAudit {
  const status = r.status as AuditState;
  return {
    id: Number(r.id),
    companyId: Number(r.companyId),
    companyName: String(r.companyName ?? ''),
    type: r.type as RegistrationAudit['type'],
    applicantName: String(r.applicantName ?? ''),
    applicantEmail: String(r.applicantEmail ?? ''),
    status,
    reason: (r.reason as string | null) ?? null,
    submittedAt: (r.submittedAt as Date).toISOString(),
    decidedAt: r.decidedAt ? (r.decidedAt as Date).toISOString() : null,
    decidedByName: (r.decidedByName as string | null) ?? null,
    actions: allowedActions(registrationPolicy, actor, {
      companyPath: String(r.companyPath),
      companyStatus: String(r.companyStatus),
      audit: status,
    }),
  };
}

export async function auditOfCompany(db: AnyDb, actor: Actor, companyId: number) {
  const row = await findAuditBelow(db, actor, companyId);
  return row ? present(actor, row) : null;
}

export async function pendingAuditCount(db: AnyDb, actor: Actor) {
  return pendingAuditCountBelow(db, actor);
}

export async function auditPage(ctx: CallContext, q: { pageNum: number; pageSize: number; status?: AuditState; searchText?: string }) {
  const actor = requireActor(ctx);
  return mapPage(await listAuditsBelow(ctx.db, actor, q), (rows) => rows.map((r) => present(actor, r)));
}

/** approve / reject: the company must be below the caller; the e-mail to the applicant goes after commit. */
export async function decideRegistration(ctx: CallContext, companyId: number, action: 'approve' | 'reject', reason?: string) {
  const actor = requireActor(ctx);
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const company = await findDownstreamCompany(tx, actor, companyId, { forUpdate: true });
    if (!company) throw new AppError(ErrorCodes.notFound);
    const audit = await auditOfCompanyRow(tx, companyId);
    if (!audit) throw new AppError(ErrorCodes.notFound);
    // The same decision again (a double submit: 7052, "already done"), or not pending (1017).
    authorize(
      registrationPolicy,
      actor,
      { companyPath: company.path, companyStatus: company.status, audit: audit.status as AuditState },
      action,
    );
    const next = move(auditMachine, audit.status as AuditState, action);
    await writeDecision(tx, audit, {
      status: next,
      reason: action === 'reject' ? (reason ?? '') : null,
      decidedAt: new Date(now),
      decidedBy: actor.actingUserId ?? actor.userId,
      activateAs: action === 'approve' ? companyStatusOf(move(invitationMachine, 'inactive', 'activate')) : undefined,
    });
    const row = await findAuditRowById(tx, audit.id);
    return { row, path: company.path, before: audit.status };
  });
  await ctx.audit({
    targetType: 'company',
    targetId: companyId,
    companyId,
    companyPath: result.path,
    before: { audit: result.before },
    after: { audit: result.row.status, reason: result.row.reason },
  });
  if (result.row.applicantEmail) {
    await ctx.sendMail(result.row.applicantEmail, 'registrationResult', (result.row.applicantLocale as never) ?? ctx.locale, {
      result: action === 'approve' ? 'passed' : 'rejected',
      companyName: result.row.companyName,
      approverName: actor.companyName,
      reason: reason ?? '',
      link: `${publicOrigin(ctx)}/login`,
    } as never);
  }
  return present(actor, result.row);
}

/**
 * The applicant of a rejected registration corrects the company and sends it again (audit
 * rejected -> pending). The applicant proves who they are with account and password (a rejected
 * owner cannot hold a session); wrong passwords count toward the login lockout.
 */
export async function resubmitRegistration(
  ctx: CallContext,
  d: { account: string; password: string; companyName: string; contact: string; telephone: string },
) {
  const row = await checkCredentials(ctx, d);
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const own = await unsafeLockOwnAudit(tx, row.user.companyId);
    const audit = own?.audit;
    if (!own || !audit || audit.applicantUserId !== row.user.id) throw new AppError(ErrorCodes.illegalTransition);
    // Sent again while waiting (a double submit): "already done".
    if (audit.status === 'pending') throw new AppError(ErrorCodes.alreadyDone);
    const next = move(auditMachine, audit.status as AuditState, 'resubmit');
    const before = own.company;
    await unsafeResubmit(tx, audit.id, row.user.companyId, {
      status: next,
      name: d.companyName,
      contact: d.contact,
      telephone: d.telephone,
      at: new Date(now),
    });
    return { next, before, approverCompanyId: audit.approverCompanyId };
  });
  await ctx.audit({
    action: 'registration.resubmit',
    targetType: 'company',
    targetId: row.user.companyId,
    companyId: row.user.companyId,
    companyPath: result.before.path,
    before: { audit: 'rejected', name: result.before.name, contact: result.before.contact, telephone: result.before.telephone },
    after: { audit: result.next, name: d.companyName, contact: d.contact, telephone: d.telephone },
  });
  return { status: result.next, approverName: await companyName(ctx.database.db, result.approverCompanyId) };
}
