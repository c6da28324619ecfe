/**
 * The device registry: the caller's devices (its subtree, its current area) listed, searched and
 * counted for the filters, and the brand's provisioning key that devices register with.
 */
import { ErrorCodes, POLL_INTERVAL_SECONDS, POLL_JITTER, type deviceCalls, type Device } from '@portal/contract';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { companies, deviceProvisioningKeys, devices } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { requireActor, type Actor, type CallContext } from '../../lib/context';
import { authorize } from '../../lib/policy';
import { randomToken, sha256Hex } from '../../lib/secrets';
import { escapeLike, scopedToArea, scopedToSubtree } from '../../lib/tenancy';
import { cloudUpgradePolicy } from './packages.policy';

/**
 * A device is online while it has been seen within two of its longest poll intervals (it polls
 * every POLL_INTERVAL_SECONDS, plus or minus the jitter): one missed poll does not flip it.
 */
export const DEVICE_ONLINE_WINDOW_MS = Math.round(2 * POLL_INTERVAL_SECONDS * (1 + POLL_JITTER) * 1000);

type ListQuery = z.output<(typeof deviceCalls)['list']['data']>;

/** The tenant scope of every device query: the caller's subtree and current area. */
export function deviceScope(actor: Actor): SQL {
  return and(scopedToSubtree(devices.companyPath, actor), scopedToArea(devices.areaId, actor))!;
}

/** Prefix search over SN, MAC (any notation) and model. */
function searchCondition(text: string): SQL | undefined {
  const t = text.trim();
  if (!t) return undefined;
  const sn = `${escapeLike(t.toUpperCase())}%`;
  const macHex = t.replace(/[:\-\s]/g, '').toUpperCase();
  const conditions: SQL[] = [sql`${devices.sn} like ${sn}`, sql`upper(${devices.model}) like ${sn}`];
  if (/^[0-9A-F]{1,12}$/.test(macHex)) conditions.push(sql`${devices.mac} like ${`${macHex}%`}`);
  return sql`(${sql.join(conditions, sql` or `)})`;
}

export async function listDevices(ctx: CallContext, q: ListQuery) {
  const actor = requireActor(ctx);
  const now = ctx.clock.now();
  const onlineSince = new Date(now - DEVICE_ONLINE_WINDOW_MS);
  const where = and(
    deviceScope(actor),
    q.searchText ? searchCondition(q.searchText) : undefined,
    q.productType ? eq(devices.productType, q.productType) : undefined,
    q.model ? eq(devices.model, q.model) : undefined,
    q.firmwareVersion ? eq(devices.firmwareVersion, q.firmwareVersion) : undefined,
    q.country ? eq(devices.country, q.country) : undefined,
    q.areaId !== undefined ? eq(devices.areaId, q.areaId) : undefined,
    q.online === true ? sql`${devices.lastSeenAt} >= ${onlineSince}` : undefined,
    q.online === false ? sql`(${devices.lastSeenAt} is null or ${devices.lastSeenAt} < ${onlineSince})` : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({
        id: devices.id, sn: devices.sn, mac: devices.mac, model: devices.model, productType: devices.productType,
        firmwareVersion: devices.firmwareVersion, hardwareVersion: devices.hardwareVersion, country: devices.country,
        areaId: devices.areaId, companyId: devices.companyId, companyName: companies.name, endUser: devices.endUser,
        lastSeenAt: devices.lastSeenAt, createdAt: devices.createdAt,
      })
      .from(devices)
      .leftJoin(companies, eq(companies.id, devices.companyId))
      .where(where)
      .orderBy(desc(devices.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
    ctx.db.select({ total: count() }).from(devices).where(where),
  ]);
  const records: Device[] = rows.map((r) => ({
    ...r,
    productType: r.productType === 'NVR' ? 'NVR' : 'IPC',
    companyName: r.companyName ?? '',
    online: r.lastSeenAt !== null && r.lastSeenAt.getTime() >= onlineSince.getTime(),
    lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
  return { records, total: Number(total), pageNum: q.pageNum, pageSize: q.pageSize };
}

/** Most values each facet lists (a brand has a handful of models and versions, not thousands). */
const FACET_LIMIT = 200;

export async function deviceFacets(ctx: CallContext, d: { productType?: 'IPC' | 'NVR' }) {
  const actor = requireActor(ctx);
  const where = and(deviceScope(actor), d.productType ? eq(devices.productType, d.productType) : undefined);
  const n = sql<number>`count(*)::int`;
  const [models, versions, countries] = await Promise.all([
    ctx.db.select({ model: devices.model, productType: devices.productType, devices: n }).from(devices).where(where)
      .groupBy(devices.model, devices.productType).orderBy(desc(n), devices.model).limit(FACET_LIMIT),
    ctx.db.select({ version: devices.firmwareVersion, devices: n }).from(devices).where(where)
      .groupBy(devices.firmwareVersion).orderBy(desc(n), devices.firmwareVersion).limit(FACET_LIMIT),
    ctx.db.select({ code: devices.country, devices: n }).from(devices).where(and(where, sql`${devices.country} <> ''`))
      .groupBy(devices.country).orderBy(desc(n), devices.country).limit(FACET_LIMIT),
  ]);
  return {
    models: models.map((m) => ({ ...m, productType: m.productType === 'NVR' ? ('NVR' as const) : ('IPC' as const) })),
    versions: versions.filter((v) => v.version !== ''),
    countries,
  };
}

// ---- provisioning key ------------------------------------------------------------------------

/** A new provisioning key: 32 url-safe characters (192 random bits). */
export function newProvisioningKey(): { key: string; keyHash: string } {
  const key = randomToken(24);
  return { key, keyHash: sha256Hex(key) };
}

/** The caller's brand's key, created on first use. */
export async function getProvisioningKey(ctx: CallContext) {
  const actor = requireActor(ctx);
  authorize(cloudUpgradePolicy, actor, null, 'provisioningKey');
  const [found] = await ctx.db.select().from(deviceProvisioningKeys).where(eq(deviceProvisioningKeys.companyId, actor.companyId));
  if (found) return { key: found.key, createdAt: found.createdAt.toISOString() };
  const fresh = newProvisioningKey();
  // Two first gets at once: one insert wins, both answer the stored key.
  await ctx.db
    .insert(deviceProvisioningKeys)
    .values({ companyId: actor.companyId, ...fresh, createdAt: new Date(ctx.clock.now()) })
    .onConflictDoNothing({ target: deviceProvisioningKeys.companyId });
  const [row] = await ctx.db.select().from(deviceProvisioningKeys).where(eq(deviceProvisioningKeys.companyId, actor.companyId));
  return { key: row!.key, createdAt: row!.createdAt.toISOString() };
}

export async function resetProvisioningKey(ctx: CallContext) {
  const actor = requireActor(ctx);
  authorize(cloudUpgradePolicy, actor, null, 'provisioningKey');
  const fresh = newProvisioningKey();
  const createdAt = new Date(ctx.clock.now());
  await ctx.db
    .insert(deviceProvisioningKeys)
    .values({ companyId: actor.companyId, ...fresh, createdAt })
    .onConflictDoUpdate({ target: deviceProvisioningKeys.companyId, set: { key: fresh.key, keyHash: fresh.keyHash, createdAt } });
  // The log names the change, never the key.
  await ctx.audit({ targetType: 'device_provisioning_key', targetId: actor.companyId, after: { createdAt: createdAt.toISOString() } });
  return { key: fresh.key, createdAt: createdAt.toISOString() };
}

// ---- a device's own key ------------------------------------------------------------------------

/**
 * Forgets a device's own key (device/key/reset): its old key stops working, and the device
 * registers again with the brand's provisioning key, which then gives it a new one. A device of
 * another tenant, or outside the caller's current area, is not found (1004).
 */
export async function resetDeviceKey(ctx: CallContext, deviceId: number) {
  const actor = requireActor(ctx);
  const [row] = await ctx.db
    .update(devices)
    .set({ keyHash: null, updatedAt: new Date(ctx.clock.now()) })
    .where(and(eq(devices.id, deviceId), deviceScope(actor)))
    .returning({ id: devices.id, sn: devices.sn });
  if (!row) throw new AppError(ErrorCodes.notFound);
  // The log names the device, never a key.
  await ctx.audit({ targetType: 'device', targetId: row.id, after: { sn: row.sn, key: 'reset' } });
  return { deviceId: row.id };
}
