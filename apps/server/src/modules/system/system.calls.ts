import { systemCalls } from '@portal/contract';
import { implement } from '../../lib/implement';
import { hiddenMenuRows, unsafeListMails, upsertHiddenMenus } from './system.repository';
import type { Db, Tx } from '../../db/client';

async function hiddenMenuLists(db: Db | Tx) {
  const rows = await hiddenMenuRows(db);
  return {
    RDC: rows.find((r) => r.kind === 'RDC')?.hiddenMenus ?? [],
    DDC: rows.find((r) => r.kind === 'DDC')?.hiddenMenus ?? [],
  };
}

export const systemImpls = [
  implement(systemCalls.mailOutbox, { none: 'supplier only: the platform outbox belongs to no tenant' }, async (ctx, d) => {
    const page = await unsafeListMails(ctx.db, d);
    return {
      ...page,
      records: page.records.map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        status: m.status as never,
        error: m.error,
        createdAt: m.createdAt.toISOString(),
      })),
    };
  }),
  implement(systemCalls.hiddenMenus, { none: 'supplier only: platform settings' }, async (ctx) => hiddenMenuLists(ctx.db)),
  implement(systemCalls.setHiddenMenus, { none: 'supplier only: platform settings' }, async (ctx, d) => {
    const before = await hiddenMenuLists(ctx.db);
    await upsertHiddenMenus(ctx.db, d.kind, d.menus);
    const after = await hiddenMenuLists(ctx.db);
    await ctx.audit({ targetType: 'hiddenMenus', targetId: d.kind, before: before[d.kind], after: after[d.kind] });
    return after;
  }),
];
