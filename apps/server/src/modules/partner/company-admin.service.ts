/**
 * Downstream and partner companies (SPEC §7 partner-company list/update/undo-invite/statistics):
 * detail with the caller's abilities, update, freeze and unfreeze, statistics. Every company named
 * must be strictly below the caller's (never its own, an ancestor or a sibling's).
 */
import { ErrorCodes, invitationMachine, type Company, type CompanyAction } from '@portal/contract';
import type { companies } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { requireActor, type Actor, type CallContext } from '../../lib/context';
import { authorize } from '../../lib/policy';
import {
  areaInActorAreas,
  areaName,
  companyName,
  companySubject,
  downstreamStatistics,
  findDownstreamCompany,
  updateDownstreamCompany,
  type AdminCompanyRow,
} from './company-admin.repository';
import { companyStatusOf, invitationInfo } from './invitation.service';
import { auditOfCompany, pendingAuditCount } from './registration-audit.service';
import { move } from './transitions';
import { companyPolicy, invitationState } from './company.policy';
import { presentCompanies } from './company.presenter';

async function downstream(ctx: CallContext, actor: Actor, companyId: number, forUpdate = false) {
  const c = await findDownstreamCompany(ctx.db, actor, companyId, { forUpdate });
  if (!c) throw new AppError(ErrorCodes.notFound);
  return c;
}

/** A downstream company the caller may take `action` on now (1004 when it is not below the caller; the policy's refusal otherwise). */
export async function companyFor(ctx: CallContext, companyId: number, action: CompanyAction, opts: { forUpdate?: boolean } = {}) {
  const actor = requireActor(ctx);
  const c = await downstream(ctx, actor, companyId, opts.forUpdate);
  authorize(companyPolicy, actor, await companySubject(ctx.db, c), action);
  return c;
}

const presentOne = async (ctx: CallContext, c: AdminCompanyRow): Promise<Company> =>
  (await presentCompanies(ctx.db, requireActor(ctx), [c]))[0]!;

export async function companyDetail(ctx: CallContext, companyId: number) {
  const actor = requireActor(ctx);
  const c = await downstream(ctx, actor, companyId);
  const now = ctx.clock.now();
  const [invitation, audit] = await Promise.all([invitationInfo(ctx.db, c.id, now), auditOfCompany(ctx.db, actor, c.id)]);
  return {
    company: await presentOne(ctx, c),
    parentName: await companyName(ctx.db, c.parentId),
    areaName: await areaName(ctx.db, c.areaId, ctx.locale),
    invitation,
    audit,
    allowSuperiorAccess: c.allowSuperiorAccess,
  };
}

export async function updateCompany(
  ctx: CallContext,
  d: { companyId: number; name: string; contact: string; telephone: string; email: string; areaId?: number | null; userLimit: number },
) {
  const actor = requireActor(ctx);
  const c = await companyFor(ctx, d.companyId, 'update', { forUpdate: true });
  if (d.userLimit < Number(c.userCount)) throw new AppError(ErrorCodes.userLimitBelowUsers, { count: Number(c.userCount) });
  const patch: Partial<typeof companies.$inferInsert> = {
    name: d.name,
    contact: d.contact,
    telephone: d.telephone,
    email: d.email,
    userLimit: d.userLimit,
  };
  if (d.areaId !== undefined && d.areaId !== c.areaId) {
    const areaId = d.areaId === null ? null : await areaInActorAreas(ctx.db, actor, d.areaId);
    // Only areas the caller may work in (an empty list is none).
    if (areaId === null) throw new AppError(ErrorCodes.areaForbidden);
    patch.areaId = areaId;
  }
  await updateDownstreamCompany(ctx.db, actor, c.id, patch);
  await ctx.audit({
    targetType: 'company',
    targetId: c.id,
    companyId: c.id,
    companyPath: c.path,
    before: { name: c.name, contact: c.contact, telephone: c.telephone, email: c.email, areaId: c.areaId, userLimit: c.userLimit },
    after: patch,
  });
  return presentOne(ctx, (await findDownstreamCompany(ctx.db, actor, c.id))!);
}

/** freeze / unfreeze through the invitation machine (activated <-> frozen); 1017 from any other state. */
export async function setFrozen(ctx: CallContext, companyId: number, action: 'freeze' | 'unfreeze') {
  const actor = requireActor(ctx);
  const c = await companyFor(ctx, companyId, action, { forUpdate: true });
  const status = companyStatusOf(move(invitationMachine, invitationState(c.status), action));
  await updateDownstreamCompany(ctx.db, actor, c.id, { status });
  await ctx.audit({
    targetType: 'company',
    targetId: c.id,
    companyId: c.id,
    companyPath: c.path,
    before: { status: c.status },
    after: { status },
  });
  return presentOne(ctx, { ...c, status });
}

export async function companyStatistics(ctx: CallContext) {
  const actor = requireActor(ctx);
  const stats = await downstreamStatistics(ctx.db, actor, ctx.locale);
  return {
    ...stats,
    byType: stats.byType as { key: Company['type']; count: number }[],
    byStatus: stats.byStatus as { key: Company['status']; count: number }[],
    pendingAudits: await pendingAuditCount(ctx.db, actor),
  };
}
