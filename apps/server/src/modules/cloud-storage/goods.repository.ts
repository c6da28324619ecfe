/**
 * Goods rows: every query of the goods screens, scoped to the caller's subtree and current area,
 * the stock statements (`takeStock`, `returnStock`) and the price history.
 */
import type { Locale } from '@portal/contract';
import { and, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { areas, companies, files, payeeAccounts, storageGoods, storageGoodsPrices, storagePlans } from '../../db/schema';
import { areaNameColumn } from '../../lib/area-names';
import type { Actor } from '../../lib/context';
import { escapeLike, paginate, scopedToArea, scopedToSubtree, type Page, type PageRequest } from '../../lib/tenancy';

type AnyDb = Db | Tx;
export type GoodsRow = typeof storageGoods.$inferSelect;
export type NewGoodsRow = typeof storageGoods.$inferInsert;

const visible = (actor: Actor) => and(scopedToSubtree(storageGoods.companyPath, actor), scopedToArea(storageGoods.areaId, actor));

/** One goods item the caller may see (locked for update when asked), or null. */
export async function findGoodsInScope(
  db: AnyDb,
  actor: Actor,
  goodsId: number,
  opts: { forUpdate?: boolean } = {},
): Promise<GoodsRow | null> {
  const q = db
    .select()
    .from(storageGoods)
    .where(and(eq(storageGoods.id, goodsId), visible(actor)));
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

export interface GoodsListFilter {
  status?: string;
  searchText?: string;
  areaId?: number;
}

export async function listGoodsInScope(db: AnyDb, actor: Actor, f: GoodsListFilter, page: PageRequest): Promise<Page<GoodsRow>> {
  const text = f.searchText ? `%${escapeLike(f.searchText)}%` : null;
  const where: SQL | undefined = and(
    visible(actor),
    f.status ? eq(storageGoods.status, f.status) : undefined,
    f.areaId ? eq(storageGoods.areaId, f.areaId) : undefined,
    text ? or(ilike(storageGoods.name, text), ilike(storageGoods.goodsCode, text)) : undefined,
  );
  return paginate(
    page,
    ({ limit, offset }) =>
      db.select().from(storageGoods).where(where).orderBy(desc(storageGoods.updatedAt), desc(storageGoods.id)).limit(limit).offset(offset),
    async () => (await db.select({ n: count() }).from(storageGoods).where(where))[0]?.n ?? 0,
  );
}

export async function goodsCodeTaken(db: AnyDb, companyId: number, code: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: storageGoods.id })
    .from(storageGoods)
    .where(
      and(
        eq(storageGoods.companyId, companyId),
        eq(storageGoods.goodsCode, code),
        exceptId ? sql`${storageGoods.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

export async function insertGoods(db: AnyDb, values: NewGoodsRow): Promise<GoodsRow> {
  const [row] = await db.insert(storageGoods).values(values).returning();
  return row!;
}

/** Changes goods found in the caller's scope before (by `findGoodsInScope`). */
export async function updateGoodsRow(db: AnyDb, goodsId: number, patch: Partial<NewGoodsRow>): Promise<GoodsRow> {
  const [row] = await db.update(storageGoods).set(patch).where(eq(storageGoods.id, goodsId)).returning();
  return row!;
}

/**
 * A state move as one conditional statement: only from `from` (the machine's source states); null
 * when the goods were in none of them by then.
 */
export async function moveGoods(
  db: AnyDb,
  goodsId: number,
  from: readonly string[],
  patch: Partial<NewGoodsRow> & { status: string },
): Promise<GoodsRow | null> {
  const [row] = await db
    .update(storageGoods)
    .set(patch)
    .where(and(eq(storageGoods.id, goodsId), inArray(storageGoods.status, [...from])))
    .returning();
  return row ?? null;
}

/**
 * Prices and stock without review. In the same statement, a listed item whose stock becomes 0 is
 * sold out (goodsMachine sellOut) and a sold-out one given stock is listed again (restock).
 */
export async function setPriceStock(
  db: AnyDb,
  goodsId: number,
  v: { androidPrice: number; iosPrice: number; stock: number | null; updatedAt: Date },
): Promise<GoodsRow> {
  const [row] = await db
    .update(storageGoods)
    .set({
      androidPrice: v.androidPrice,
      iosPrice: v.iosPrice,
      stock: v.stock,
      updatedAt: v.updatedAt,
      status: sql`case
        when ${storageGoods.status} = 'listed' and ${v.stock}::int = 0 then 'sold_out'
        when ${storageGoods.status} = 'sold_out' and (${v.stock}::int is null or ${v.stock}::int > 0) then 'listed'
        else ${storageGoods.status} end`,
    })
    .where(eq(storageGoods.id, goodsId))
    .returning();
  return row!;
}

/**
 * Takes one unit of listed goods for an order: one statement, so concurrent buyers never take more
 * than there is. The statement that takes the last unit sets sold_out (goodsMachine sellOut).
 * Unlimited stock (null) is not counted. Null when nothing could be taken (sold out, not listed).
 * Unscoped: the order flow names the goods by id after its own checks.
 */
export async function unsafeTakeStock(db: AnyDb, goodsId: number): Promise<{ stock: number | null; status: string } | null> {
  // Unlimited stock: nothing to count, so buyers share the row (FOR SHARE) instead of each writing
  // it and queueing on its lock until their order's transaction ends; a delisting or a stock change
  // (an UPDATE) still waits for them, and they for it, so none buys what was just taken off sale.
  const unlimited = await db.execute(
    sql`select stock, status from storage_goods where id = ${goodsId} and status = 'listed' and stock is null for share`,
  );
  const [shared] = (unlimited as unknown as { rows: Array<{ stock: number | null; status: string }> }).rows;
  if (shared) return shared;
  // Counted stock: UPDATE ... WHERE stock >= 1 RETURNING: every SET expression reads the row as it was.
  const [row] = await db
    .update(storageGoods)
    .set({
      stock: sql`case when ${storageGoods.stock} is null then null else ${storageGoods.stock} - 1 end`,
      status: sql`case when ${storageGoods.stock} = 1 then 'sold_out' else ${storageGoods.status} end`,
    })
    .where(and(eq(storageGoods.id, goodsId), eq(storageGoods.status, 'listed'), or(isNull(storageGoods.stock), gte(storageGoods.stock, 1))))
    .returning({ stock: storageGoods.stock, status: storageGoods.status });
  return row ?? null;
}

/** Gives one unit back (an unpaid order cancelled or timed out); a sold-out item is listed again (restock). */
export async function unsafeReturnStock(db: AnyDb, goodsId: number): Promise<{ stock: number | null; status: string } | null> {
  const [row] = await db
    .update(storageGoods)
    .set({
      stock: sql`${storageGoods.stock} + 1`,
      status: sql`case when ${storageGoods.status} = 'sold_out' then 'listed' else ${storageGoods.status} end`,
    })
    .where(and(eq(storageGoods.id, goodsId), isNotNull(storageGoods.stock)))
    .returning({ stock: storageGoods.stock, status: storageGoods.status });
  return row ?? null;
}

export async function insertPriceHistory(
  db: AnyDb,
  v: { goodsId: number; androidPrice: number; iosPrice: number; changedBy: number; changedByName: string; changedAt: Date },
): Promise<void> {
  await db.insert(storageGoodsPrices).values(v);
}

export async function priceHistory(db: AnyDb, goodsId: number) {
  return db.select().from(storageGoodsPrices).where(eq(storageGoodsPrices.goodsId, goodsId)).orderBy(desc(storageGoodsPrices.id)).limit(50);
}

/** Company, plan and area names, and the cover and detail image paths of goods already read in scope. */
export async function goodsFacts(db: AnyDb, rows: GoodsRow[], fileIds: number[], locale: Locale) {
  const companyIds = [...new Set(rows.map((r) => r.companyId))];
  const planIds = [...new Set(rows.map((r) => r.planId))];
  const areaIds = [...new Set(rows.map((r) => r.areaId))];
  const names = await db.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.id, companyIds));
  const plans = await db.select().from(storagePlans).where(inArray(storagePlans.id, planIds));
  const areaNames = await db
    .select({ id: areas.id, name: areaNameColumn(locale) })
    .from(areas)
    .where(inArray(areas.id, areaIds));
  const paths = fileIds.length ? await db.select({ id: files.id, path: files.path }).from(files).where(inArray(files.id, fileIds)) : [];
  return { names, plans, areaNames, paths };
}

/** Which of these companies have a payee account whose connection test passed. */
export async function companiesWithVerifiedPayee(db: AnyDb, companyIds: number[]): Promise<Set<number>> {
  if (companyIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ companyId: payeeAccounts.companyId })
    .from(payeeAccounts)
    .where(and(inArray(payeeAccounts.companyId, companyIds), sql`${payeeAccounts.verifiedAt} is not null`));
  return new Set(rows.map((r) => r.companyId));
}

/** An uploaded file of the caller's own company under a key prefix (the upload purpose), or null. */
export async function findOwnUpload(db: AnyDb, actor: Actor, fileId: number, prefix: string) {
  const [f] = await db
    .select({ id: files.id, path: files.path, mime: files.mime })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.companyId, actor.companyId), ilike(files.path, `${escapeLike(prefix)}%`)));
  return f ?? null;
}
