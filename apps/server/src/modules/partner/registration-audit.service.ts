/**
 * Audit of registrations (SPEC §4: pending, passed, rejected with reason). A sub-customer company
 * registered through its invitation waits for the inviting company's approval; until then (and
 * after a rejection) its owner cannot log in and is told why.
 */
import { auditMachine, ErrorCodes, invitationMachine, type AuditState, type RegistrationAudit } from '@portal/contract';
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { companies, registrationAudits, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { requireActor, type Actor, type CallContext } from '../../lib/context';
import { scopedBelowCompany, escapeLike } from '../../lib/tenancy';
import { companyName, findDownstreamCompany } from './company-admin.repository';
import { companyStatusOf } from './invitation.service';
import { publicOrigin } from './invitation-links';
import { checkCredentials } from '../auth';
import { registrationPolicy } from './company.policy';
import { allowedActions, authorize } from '../../lib/policy';
import { move } from './transitions';

type AnyDb = Db | Tx;

const applicant = alias(users, 'applicant');
const decider = alias(users, 'decider');

const auditColumns = {
  id: registrationAudits.id,
  companyId: registrationAudits.companyId,
  companyName: companies.name,
  companyPath: companies.path,
  companyStatus: companies.status,
  type: companies.type,
  applicantName: applicant.nickname,
  applicantEmail: applicant.email,
  applicantLocale: applicant.locale,
  status: registrationAudits.status,
  reason: registrationAudits.reason,
  submittedAt: registrationAudits.submittedAt,
  decidedAt: registrationAudits.decidedAt,
  decidedByName: decider.nickname,
};

type AuditRow = { [K in keyof typeof auditColumns]: unknown } & Record<string, unknown>;

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

function auditQuery(db: AnyDb) {
  return db
    .select(auditColumns)
    .from(registrationAudits)
    .innerJoin(companies, eq(companies.id, registrationAudits.companyId))
    .leftJoin(applicant, eq(applicant.id, registrationAudits.applicantUserId))
    .leftJoin(decider, eq(decider.id, registrationAudits.decidedBy));
}

export async function auditOfCompany(db: AnyDb, actor: Actor, companyId: number) {
  const [row] = await auditQuery(db).where(eq(registrationAudits.companyId, companyId));
  return row ? present(actor, row) : null;
}

export async function pendingAuditCount(db: AnyDb, actor: Actor) {
  const [r] = await db
    .select({ n: count() })
    .from(registrationAudits)
    .innerJoin(companies, eq(companies.id, registrationAudits.companyId))
    .where(and(eq(registrationAudits.status, 'pending'), scopedBelowCompany(companies.path, actor)));
  return Number(r?.n ?? 0);
}

export async function auditPage(ctx: CallContext, q: { pageNum: number; pageSize: number; status?: AuditState; searchText?: string }) {
  const actor = requireActor(ctx);
  const conds: SQL[] = [scopedBelowCompany(companies.path, actor)];
  if (q.status) conds.push(eq(registrationAudits.status, q.status));
  if (q.searchText) conds.push(ilike(companies.name, `%${escapeLike(q.searchText)}%`));
  const where = and(...conds);
  const [rows, [{ total }]] = await Promise.all([
    auditQuery(ctx.db)
      .where(where)
      .orderBy(desc(registrationAudits.submittedAt), desc(registrationAudits.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
    ctx.db
      .select({ total: count() })
      .from(registrationAudits)
      .innerJoin(companies, eq(companies.id, registrationAudits.companyId))
      .where(where),
  ]);
  return { records: rows.map((r) => present(actor, r)), total: Number(total), pageNum: q.pageNum, pageSize: q.pageSize };
}

/** approve / reject: the company must be below the caller; the e-mail to the applicant goes after commit. */
export async function decideRegistration(ctx: CallContext, companyId: number, action: 'approve' | 'reject', reason?: string) {
  const actor = requireActor(ctx);
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const company = await findDownstreamCompany(tx, actor, companyId, { forUpdate: true });
    if (!company) throw new AppError(ErrorCodes.notFound);
    const [audit] = await tx.select().from(registrationAudits).where(eq(registrationAudits.companyId, companyId));
    if (!audit) throw new AppError(ErrorCodes.notFound);
    // The same decision again (a double submit: 7052, "already done"), or not pending (1017).
    authorize(
      registrationPolicy,
      actor,
      { companyPath: company.path, companyStatus: company.status, audit: audit.status as AuditState },
      action,
    );
    const next = move(auditMachine, audit.status as AuditState, action);
    await tx
      .update(registrationAudits)
      .set({
        status: next,
        reason: action === 'reject' ? (reason ?? '') : null,
        decidedAt: new Date(now),
        decidedBy: actor.actingUserId ?? actor.userId,
      })
      .where(eq(registrationAudits.id, audit.id));
    if (action === 'approve') {
      await tx
        .update(companies)
        .set({ status: companyStatusOf(move(invitationMachine, 'inactive', 'activate')) })
        .where(eq(companies.id, companyId));
    }
    const [row] = await auditQuery(tx).where(eq(registrationAudits.id, audit.id));
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
    const [audit] = await tx.select().from(registrationAudits).where(eq(registrationAudits.companyId, row.user.companyId)).for('update');
    if (!audit || audit.applicantUserId !== row.user.id) throw new AppError(ErrorCodes.illegalTransition);
    // Sent again while waiting (a double submit): "already done".
    if (audit.status === 'pending') throw new AppError(ErrorCodes.alreadyDone);
    const next = move(auditMachine, audit.status as AuditState, 'resubmit');
    const [before] = await tx.select().from(companies).where(eq(companies.id, row.user.companyId));
    await tx
      .update(companies)
      .set({ name: d.companyName, contact: d.contact, telephone: d.telephone })
      .where(eq(companies.id, row.user.companyId));
    await tx
      .update(registrationAudits)
      .set({ status: next, reason: null, submittedAt: new Date(now), decidedAt: null, decidedBy: null })
      .where(eq(registrationAudits.id, audit.id));
    return { next, before: before!, approverCompanyId: audit.approverCompanyId };
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
