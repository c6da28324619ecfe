/**
 * The device registry: the caller's devices (its subtree, its current area) listed, searched and
 * counted for the filters, and the brand's provisioning key that devices register with.
 */
import { ErrorCodes, ONLINE_WINDOW_SECONDS, type deviceCalls, type Device } from '@portal/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { requireActor, type CallContext } from '../../lib/context';
import { authorize } from '../../lib/policy';
import { randomToken, sha256Hex } from '../../lib/secrets';
import { mapPage } from '../../lib/tenancy';
import { cloudUpgradePolicy } from './packages.policy';
import {
  clearDeviceKeyInScope,
  customerOptionsBelow,
  customersBelowById,
  deviceFacetsInScope,
  lockAssignableDevices,
  setDevicesCustomer,
  findProvisioningKey,
  insertProvisioningKey,
  listDevicesInScope,
  replaceProvisioningKey,
} from './devices.repository';

/**
 * A device is online while it has been seen within two of its longest poll intervals (it polls
 * every POLL_INTERVAL_SECONDS, plus or minus the jitter): one missed poll does not flip it.
 */
export const DEVICE_ONLINE_WINDOW_MS = ONLINE_WINDOW_SECONDS * 1000;

type ListQuery = z.output<(typeof deviceCalls)['list']['data']>;

export async function listDevices(ctx: CallContext, q: ListQuery) {
  const actor = requireActor(ctx);
  const now = ctx.clock.now();
  const onlineSince = new Date(now - DEVICE_ONLINE_WINDOW_MS);
  const page = await listDevicesInScope(ctx.db, actor, q, onlineSince, q);
  return mapPage(page, (rows): Device[] =>
    rows.map((r) => ({
      ...r,
      productType: r.productType === 'NVR' ? 'NVR' : 'IPC',
      companyName: r.companyName ?? '',
      customerId: r.customerId ?? null,
      online: r.lastSeenAt !== null && r.lastSeenAt.getTime() >= onlineSince.getTime(),
      lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
  );
}

export async function deviceFacets(ctx: CallContext, d: { productType?: 'IPC' | 'NVR' }) {
  const actor = requireActor(ctx);
  const { models, versions, countries } = await deviceFacetsInScope(ctx.db, actor, d);
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
  const found = await findProvisioningKey(ctx.db, actor.companyId);
  if (found) return { key: found.key, createdAt: found.createdAt.toISOString() };
  const fresh = newProvisioningKey();
  // Two first gets at once: one insert wins, both answer the stored key.
  await insertProvisioningKey(ctx.db, { companyId: actor.companyId, ...fresh, createdAt: new Date(ctx.clock.now()) });
  const row = await findProvisioningKey(ctx.db, actor.companyId);
  return { key: row!.key, createdAt: row!.createdAt.toISOString() };
}

export async function resetProvisioningKey(ctx: CallContext) {
  const actor = requireActor(ctx);
  authorize(cloudUpgradePolicy, actor, null, 'provisioningKey');
  const fresh = newProvisioningKey();
  const createdAt = new Date(ctx.clock.now());
  await replaceProvisioningKey(ctx.db, { companyId: actor.companyId, ...fresh, createdAt });
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
  const row = await clearDeviceKeyInScope(ctx.db, actor, deviceId, new Date(ctx.clock.now()));
  if (!row) throw new AppError(ErrorCodes.notFound);
  // The log names the device, never a key.
  await ctx.audit({ targetType: 'device', targetId: row.id, after: { sn: row.sn, key: 'reset' } });
  return { deviceId: row.id };
}

// ---- downstream customers ----------------------------------------------------------------------

/** Companies the picker offers: below the caller's company, by name prefix. */
export async function customerOptions(ctx: CallContext, d: { searchText?: string }) {
  const actor = requireActor(ctx);
  const rows = await customerOptionsBelow(ctx.db, actor, d.searchText || undefined, 50);
  return rows.map((r) => ({ companyId: r.companyId, name: r.name, parentName: r.parentName }));
}

/**
 * device/customer/assign: attributes devices to a downstream customer (null: takes the attribution
 * back), all or none, in one statement. The customer must lie below the caller's company and in
 * every device's brand (26011); a device the caller does not see is missing (1004), whoever's it is.
 */
export async function assignDevicesCustomer(ctx: CallContext, d: { deviceIds: number[]; customerId: number | null }) {
  const actor = requireActor(ctx);
  authorize(cloudUpgradePolicy, actor, null, 'assignCustomer');
  const ids = [...new Set(d.deviceIds)];
  const [customer = null] = d.customerId === null ? [] : await customersBelowById(ctx.db, actor, [d.customerId]);
  if (d.customerId !== null && !customer) throw new AppError(ErrorCodes.deviceCustomerInvalid);
  const found = await lockAssignableDevices(ctx.db, actor, ids, customer === null);
  if (found.length !== ids.length) throw new AppError(ErrorCodes.notFound);
  // A customer of another brand than the device's (the supplier sees every brand), or the brand itself.
  if (customer && found.some((f) => !customer.path.startsWith(f.company_path) || customer.path === f.company_path))
    throw new AppError(ErrorCodes.deviceCustomerInvalid);
  const assigned = await setDevicesCustomer(ctx.db, ids, customer, new Date(ctx.clock.now()));
  // The row names the customer (none when taken back) and the devices (their first 20 ids).
  await ctx.audit({
    ...(customer ? { targetType: 'company', targetId: customer.id } : {}),
    after: { devices: assigned, deviceIds: ids.slice(0, 20), customer: customer?.name ?? null },
  });
  return { assigned };
}
