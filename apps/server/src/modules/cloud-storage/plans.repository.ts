/** Plan rows: the supplier's catalogue of storage plans (not tenant data: every seller builds on them). */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { storageGoods, storagePlans } from '../../db/schema';
import { paginate, type Page, type PageRequest } from '../../lib/tenancy';

type AnyDb = Db | Tx;
export type PlanRow = typeof storagePlans.$inferSelect;
export type NewPlanRow = typeof storagePlans.$inferInsert;

export async function findPlan(db: AnyDb, planId: number, opts: { forUpdate?: boolean } = {}): Promise<PlanRow | null> {
  const q = db.select().from(storagePlans).where(eq(storagePlans.id, planId));
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

export async function listPlans(db: AnyDb, f: { enabled?: boolean }, page: PageRequest): Promise<Page<PlanRow>> {
  const where = f.enabled === undefined ? undefined : eq(storagePlans.enabled, f.enabled);
  return paginate(
    page,
    ({ limit, offset }) => db.select().from(storagePlans).where(where).orderBy(desc(storagePlans.id)).limit(limit).offset(offset),
    async () => (await db.select({ n: count() }).from(storagePlans).where(where))[0]?.n ?? 0,
  );
}

export async function insertPlan(db: AnyDb, values: NewPlanRow): Promise<PlanRow> {
  const [row] = await db.insert(storagePlans).values(values).returning();
  return row!;
}

export async function updatePlanRow(db: AnyDb, planId: number, patch: Partial<NewPlanRow>): Promise<PlanRow> {
  const [row] = await db.update(storagePlans).set(patch).where(eq(storagePlans.id, planId)).returning();
  return row!;
}

/** Conditional: enables or disables a plan that is in the other state; null when it was not. */
export async function setPlanEnabled(db: AnyDb, planId: number, enabled: boolean, now: Date): Promise<PlanRow | null> {
  const [row] = await db
    .update(storagePlans)
    .set({ enabled, updatedAt: now })
    .where(and(eq(storagePlans.id, planId), eq(storagePlans.enabled, !enabled)))
    .returning();
  return row ?? null;
}

/** How many goods (of any seller) are built on each plan. */
export async function goodsCountByPlan(db: AnyDb, planIds: number[]): Promise<Map<number, number>> {
  if (planIds.length === 0) return new Map();
  const rows = await db
    .select({ planId: storageGoods.planId, n: sql<number>`count(*)::int` })
    .from(storageGoods)
    .where(inArray(storageGoods.planId, planIds))
    .groupBy(storageGoods.planId);
  return new Map(rows.map((r) => [r.planId, Number(r.n)]));
}
