import { companyCalls, ErrorCodes } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { requireActor } from '../../lib/context';
import { implement } from '../../lib/implement';
import { presentCompanies } from './company.presenter';
import { findCompanyInSubtree, listDownstreamCompanies, listRelations } from './company.repository';

export const companyImpls = [
  implement(companyCalls.list, { otherTenant: (fx) => ({ parentId: fx.otherCompanyId }) }, async (ctx, d) => {
    const actor = requireActor(ctx);
    if (d.parentId !== undefined && !(await findCompanyInSubtree(ctx.db, actor, d.parentId))) throw new AppError(ErrorCodes.notFound);
    const { records, total } = await listDownstreamCompanies(ctx.database, ctx.services, actor, d, d);
    return {
      records: await presentCompanies(ctx.db, actor, records),
      total,
      pageNum: d.pageNum,
      pageSize: d.pageSize,
    };
  }),
  implement(companyCalls.relationPage, { otherTenant: (fx) => ({ companyId: fx.otherCompanyId }) }, async (ctx, d) => {
    const actor = requireActor(ctx);
    const parentId = d.companyId ?? actor.companyId;
    if (!(await findCompanyInSubtree(ctx.db, actor, parentId))) throw new AppError(ErrorCodes.notFound);
    const { records, total } = await listRelations(ctx.db, parentId, d.searchText, d);
    return {
      records: records.map((r) => ({
        ...r,
        type: r.type as never,
        status: r.status as never,
        createdAt: new Date(r.createdAt).toISOString(),
      })),
      total,
      pageNum: d.pageNum,
      pageSize: d.pageSize,
    };
  }),
  implement(companyCalls.get, { otherTenant: (fx) => ({ companyId: fx.otherCompanyId }) }, async (ctx, d) => {
    const actor = requireActor(ctx);
    const row = await findCompanyInSubtree(ctx.db, actor, d.companyId);
    if (!row) throw new AppError(ErrorCodes.notFound);
    return (await presentCompanies(ctx.db, actor, [row]))[0]!;
  }),
  implement(companyCalls.ownCompany, { none: "answers the caller's own company only" }, async (ctx) => {
    const actor = requireActor(ctx);
    return { id: actor.companyId, coName: actor.companyName, type: actor.companyType as never };
  }),
];
