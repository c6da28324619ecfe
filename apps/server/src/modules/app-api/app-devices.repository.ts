/**
 * An end user's devices: the device registry's rows (cloud-upgrade's `devices`) bound to it through
 * `end_user_id`. Every query is scoped to the app's brand (its subtree: the brand's and its
 * distributors' devices) and, except binding, to the end user.
 */
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { devices } from '../../db/schema';
import { paginate, scopedToSubtree, type Page, type PageRequest } from '../../lib/tenancy';
import { currentPlanLateral } from '../cloud-storage';
import type { Brand } from './end-users.repository';

type AnyDb = Db | Tx;

const deviceColumns = {
  id: devices.id,
  sn: devices.sn,
  model: devices.model,
  productType: devices.productType,
  firmwareVersion: devices.firmwareVersion,
  boundAt: devices.boundAt,
  lastSeenAt: devices.lastSeenAt,
};
export type AppDeviceRow = {
  id: number;
  sn: string;
  model: string;
  productType: string;
  firmwareVersion: string;
  boundAt: Date | null;
  lastSeenAt: Date | null;
};

const inBrand = (brand: Brand) => scopedToSubtree(devices.companyPath, { companyPath: brand.companyPath });

/**
 * Bind in one conditional update: the brand's device of this SN whose verification code hash
 * matches, unbound or bound to this user already. Null when nothing matched.
 */
export async function bindDevice(
  tx: AnyDb,
  brand: Brand,
  endUserId: number,
  sn: string,
  codeHash: string,
  now: Date,
): Promise<{ row: AppDeviceRow; fresh: boolean } | null> {
  const match = and(eq(devices.sn, sn), inBrand(brand), eq(devices.verifyCodeHash, codeHash));
  // A free device is bound now (a concurrent bind of the same device waits on the row and then finds it taken).
  const [d] = await tx
    .update(devices)
    .set({ endUserId, boundAt: now, updatedAt: now })
    .where(and(match, isNull(devices.endUserId)))
    .returning(deviceColumns);
  if (d) return { row: d, fresh: true };
  // Already the caller's: the same binding, from its first time.
  const [same] = await tx
    .select(deviceColumns)
    .from(devices)
    .where(and(match, eq(devices.endUserId, endUserId)));
  return same ? { row: same, fresh: false } : null;
}

/** Whether the brand's device of this SN and code is bound to another end user (told only to who knows the code). */
export async function boundToAnother(db: AnyDb, brand: Brand, endUserId: number, sn: string, codeHash: string): Promise<boolean> {
  const [d] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.sn, sn), inBrand(brand), eq(devices.verifyCodeHash, codeHash), sql`${devices.endUserId} <> ${endUserId}`));
  return !!d;
}

/** Unbind one of the user's devices; false when it is not bound to the user (whoever's it is). */
export async function unbindDevice(tx: AnyDb, brand: Brand, endUserId: number, deviceId: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(devices)
    .set({ endUserId: null, boundAt: null, updatedAt: now })
    .where(and(eq(devices.id, deviceId), eq(devices.endUserId, endUserId), inBrand(brand)))
    .returning({ id: devices.id });
  return rows.length > 0;
}

/** A device's cloud storage plan now (cloud-storage's `currentPlanLateral`), times in ms. */
export interface AppDevicePlanRow {
  orderId: number;
  goodsName: string;
  viewState: string;
  periodStart: number;
  periodEnd: number;
  paidUntil: number;
}

function planOf(x: Record<string, unknown>): AppDevicePlanRow | null {
  if (x.plan_order_id === null || x.plan_order_id === undefined) return null;
  return {
    orderId: Number(x.plan_order_id),
    goodsName: String(x.plan_goods_name ?? ''),
    viewState: String(x.plan_view_state),
    // Whole milliseconds, as the order calls answer them.
    periodStart: Math.floor(Number(x.plan_period_start)),
    periodEnd: Math.floor(Number(x.plan_period_end)),
    paidUntil: Math.floor(Number(x.plan_paid_until)),
  };
}

/** The plan now of one device (found in the brand and bound to the caller by the call). */
export async function devicePlan(db: AnyDb, deviceId: number, now: number): Promise<AppDevicePlanRow | null> {
  const r = (await db.execute(
    sql`select plan.* from (select ${deviceId}::bigint as id) d ${currentPlanLateral(sql`d.id`, now)}`,
  )) as unknown as { rows: Record<string, unknown>[] };
  return r.rows[0] ? planOf(r.rows[0]) : null;
}

const msOrNull = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));

/** The user's devices of the brand, newest binding first, each with its plan now: one query per page (and its count). */
export async function listOwnDevices(
  db: AnyDb,
  brand: Brand,
  endUserId: number,
  page: PageRequest,
  now: number,
): Promise<Page<AppDeviceRow & { plan: AppDevicePlanRow | null }>> {
  const where = and(eq(devices.endUserId, endUserId), inBrand(brand));
  return paginate(
    page,
    async ({ limit, offset }) => {
      const r = (await db.execute(
        sql`select d.id, d.sn, d.model, d.product_type, d.firmware_version, d.bound_at, d.last_seen_at, plan.*
            from devices d ${currentPlanLateral(sql`d.id`, now)}
            where d.end_user_id = ${endUserId} and ${scopedToSubtree(sql`d.company_path`, { companyPath: brand.companyPath })}
            order by d.bound_at desc nulls last, d.id desc limit ${limit} offset ${offset}`,
      )) as unknown as { rows: Record<string, unknown>[] };
      return r.rows.map((x) => ({
        id: Number(x.id),
        sn: String(x.sn),
        model: String(x.model),
        productType: String(x.product_type),
        firmwareVersion: String(x.firmware_version),
        boundAt: msOrNull(x.bound_at),
        lastSeenAt: msOrNull(x.last_seen_at),
        plan: planOf(x),
      }));
    },
    async () => (await db.select({ n: count() }).from(devices).where(where))[0]?.n ?? 0,
  );
}
