/**
 * A seller's order settings (storage_settings, one row per company; none: the defaults): the
 * payment window of its unpaid orders and the near-expiry days of its running plans.
 */
import { STORAGE_NEAR_EXPIRY_DAYS, STORAGE_ORDER_PAY_MINUTES } from '@portal/contract';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { storageSettings } from '../../db/schema';
import type { Actor } from '../../lib/context';

type AnyDb = Db | Tx;

export interface SellerSettings {
  payMinutes: number;
  nearExpiryDays: number;
  updatedAt: Date | null;
}

const DEFAULTS: SellerSettings = { payMinutes: STORAGE_ORDER_PAY_MINUTES, nearExpiryDays: STORAGE_NEAR_EXPIRY_DAYS, updatedAt: null };

async function settingsOf(db: AnyDb, companyId: number, forUpdate = false): Promise<SellerSettings> {
  const q = db
    .select({
      payMinutes: storageSettings.payMinutes,
      nearExpiryDays: storageSettings.nearExpiryDays,
      updatedAt: storageSettings.updatedAt,
    })
    .from(storageSettings)
    .where(eq(storageSettings.companyId, companyId));
  const [r] = forUpdate ? await q.for('update') : await q;
  return r ?? DEFAULTS;
}

/** The caller's own company's settings. */
export const ownSettings = (db: AnyDb, actor: Actor, opts: { forUpdate?: boolean } = {}) => settingsOf(db, actor.companyId, opts.forUpdate);

/** Saves the caller's own company's settings. */
export async function saveOwnSettings(db: AnyDb, actor: Actor, v: { payMinutes: number; nearExpiryDays: number }, now: number) {
  const at = new Date(now);
  const by = actor.actingUserId ?? actor.userId;
  await db
    .insert(storageSettings)
    .values({ companyId: actor.companyId, payMinutes: v.payMinutes, nearExpiryDays: v.nearExpiryDays, updatedBy: by, updatedAt: at })
    .onConflictDoUpdate({
      target: storageSettings.companyId,
      set: { payMinutes: v.payMinutes, nearExpiryDays: v.nearExpiryDays, updatedBy: by, updatedAt: at },
    });
}

/**
 * Unscoped, for order creation by an end user (the app API) or a buyer's internal purchase: the
 * settings of the goods' seller, whose goods the caller was already allowed to buy.
 */
export const unsafeSellerSettings = (db: AnyDb, sellerCompanyId: number) => settingsOf(db, sellerCompanyId);

/** The near-expiry days of the seller of order `o`, in SQL (for the derived view state). */
export const nearExpiryDaysSql: SQL = sql`coalesce((select ss.near_expiry_days from storage_settings ss where ss.company_id = o.company_id), ${sql.raw(String(STORAGE_NEAR_EXPIRY_DAYS))})`;

/**
 * The same days from the seller's settings row joined as `ss` (`withSellerSettingsSql` after
 * `storage_orders o`): a list counting thousands of running plans reads them by a hash join, and
 * its plan is not costed as one correlated subquery per row (which the planner priced above
 * PostgreSQL's JIT threshold, compiling for ~0.5 s).
 */
export const joinedNearExpiryDaysSql: SQL = sql`coalesce(ss.near_expiry_days, ${sql.raw(String(STORAGE_NEAR_EXPIRY_DAYS))})`;
export const withSellerSettingsSql: SQL = sql`left join storage_settings ss on ss.company_id = o.company_id`;
