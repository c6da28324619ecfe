import { systemCalls } from '@portal/contract';
import { and, count, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import { areaKindSettings, mails, operationLogs, users } from '../../db/schema';
import { requireActor } from '../../lib/context';
import { implement } from '../../lib/implement';
import { escapeLike, scopedToSubtree } from '../../lib/tenancy';
import type { Db, Tx } from '../../db/client';

async function hiddenMenuLists(db: Db | Tx) {
  const rows = await db.select().from(areaKindSettings);
  return {
    RDC: rows.find((r) => r.kind === 'RDC')?.hiddenMenus ?? [],
    DDC: rows.find((r) => r.kind === 'DDC')?.hiddenMenus ?? [],
  };
}

export const systemImpls = [
  implement(systemCalls.operationLogs, { none: "lists only entries whose company is in the caller's subtree (tested)" }, async (ctx, d) => {
    const actor = requireActor(ctx);
    const conds: SQL[] = [scopedToSubtree(operationLogs.companyPath, actor)];
    if (d.action) conds.push(ilike(operationLogs.action, `%${escapeLike(d.action)}%`));
    if (d.from) conds.push(gte(operationLogs.at, new Date(d.from)));
    if (d.to) conds.push(lte(operationLogs.at, new Date(d.to)));
    const where = and(...conds);
    const [rows, [{ total }]] = await Promise.all([
      ctx.db
        .select({ log: operationLogs, onBehalfOfName: users.nickname })
        .from(operationLogs)
        .leftJoin(users, eq(users.id, operationLogs.onBehalfOfUserId))
        .where(where)
        .orderBy(desc(operationLogs.id))
        .limit(d.pageSize)
        .offset((d.pageNum - 1) * d.pageSize),
      ctx.db.select({ total: count() }).from(operationLogs).where(where),
    ]);
    return {
      records: rows.map(({ log: r, onBehalfOfName }) => ({
        id: r.id,
        at: r.at.toISOString(),
        actorUserId: r.actorUserId,
        actorName: r.actorName,
        onBehalfOfUserId: r.onBehalfOfUserId,
        onBehalfOfName: onBehalfOfName ?? null,
        companyId: r.companyId,
        action: r.action,
        targetType: r.targetType,
        targetId: r.targetId,
        before: r.before,
        after: r.after,
        requestId: r.requestId,
      })),
      total,
      pageNum: d.pageNum,
      pageSize: d.pageSize,
    };
  }),
  implement(systemCalls.mailOutbox, { none: 'supplier only: the platform outbox belongs to no tenant' }, async (ctx, d) => {
    const where = d.to ? ilike(mails.to, `%${escapeLike(d.to)}%`) : undefined;
    const [rows, [{ total }]] = await Promise.all([
      ctx.db
        .select()
        .from(mails)
        .where(where)
        .orderBy(desc(mails.id))
        .limit(d.pageSize)
        .offset((d.pageNum - 1) * d.pageSize),
      ctx.db.select({ total: count() }).from(mails).where(where),
    ]);
    return {
      records: rows.map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        status: m.status as never,
        error: m.error,
        createdAt: m.createdAt.toISOString(),
      })),
      total,
      pageNum: d.pageNum,
      pageSize: d.pageSize,
    };
  }),
  implement(systemCalls.hiddenMenus, { none: 'supplier only: platform settings' }, async (ctx) => hiddenMenuLists(ctx.db)),
  implement(systemCalls.setHiddenMenus, { none: 'supplier only: platform settings' }, async (ctx, d) => {
    const before = await hiddenMenuLists(ctx.db);
    await ctx.db
      .insert(areaKindSettings)
      .values({ kind: d.kind, hiddenMenus: d.menus })
      .onConflictDoUpdate({ target: areaKindSettings.kind, set: { hiddenMenus: d.menus } });
    const after = await hiddenMenuLists(ctx.db);
    await ctx.audit({ targetType: 'hiddenMenus', targetId: d.kind, before: before[d.kind], after: after[d.kind] });
    return after;
  }),
];
