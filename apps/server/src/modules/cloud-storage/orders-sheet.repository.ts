/**
 * The order workbooks' statements (orders.sheet.ts, export.routes.ts): the export's row count in
 * the caller's subtree, the monthly statement's internal purchases of one buyer company, and the
 * session a signed link was made in. The export's rows themselves are `exportOrdersPage`.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { sessions } from '../../db/schema';
import type { Actor } from '../../lib/context';
import { subtreeScope } from './orders.repository';

type AnyDb = Db | Tx;

/** How many orders of the caller's subtree were created in `[from, to]`. */
export async function countOrdersCreatedIn(db: AnyDb, actor: Pick<Actor, 'companyPath'>, from: number, to: number): Promise<number> {
  const [n] = (
    (await db.execute(
      sql`select count(*)::int as n from storage_orders o where ${subtreeScope(actor)}
          and o.created_at >= ${new Date(from).toISOString()}::timestamptz and o.created_at <= ${new Date(to).toISOString()}::timestamptz`,
    )) as unknown as { rows: { n: number }[] }
  ).rows;
  return Number(n?.n ?? 0);
}

export interface StatementRow {
  order_no: string;
  device_sn: string;
  end_user_email: string | null;
  goods: string;
  cost: number;
  paid_at: Date;
}

/** The internal purchases (at cost) the buyer company paid in `[from, to)`, oldest first. */
export async function internalPurchasesOf(db: AnyDb, buyerCompanyId: number, from: number, to: number): Promise<StatementRow[]> {
  const r = (await db.execute(
    sql`select o.order_no, o.device_sn, o.end_user_email, o.goods_snapshot->>'name' as goods, o.cost_price::float8 as cost, o.paid_at
        from storage_orders o where o.buyer_company_id = ${buyerCompanyId} and o.platform = 'internal'
        and o.paid_at >= ${new Date(from).toISOString()}::timestamptz and o.paid_at < ${new Date(to).toISOString()}::timestamptz
        order by o.paid_at, o.id`,
  )) as unknown as { rows: StatementRow[] };
  return r.rows;
}

/** Unscoped: the session a workbook link was made in (the link's signature is the credential; it dies with that session). */
export async function unsafeLinkSession(db: AnyDb, sessionId: number) {
  const [s] = await db.select({ userId: sessions.userId, endedAt: sessions.endedAt }).from(sessions).where(eq(sessions.id, sessionId));
  return s ?? null;
}
