/**
 * An end user's devices (DOMAIN §5): bind by SN and the verification code the device got when it
 * registered (the registry keeps its hash), unbind, list. An unknown SN, another brand's device
 * and a wrong code answer alike (25002); a device bound to someone else is told (23009) only to
 * who gives its right code; unbinding a device not bound to the caller is 23007 whoever's it is.
 */
import { ErrorCodes, type AppDevice, type AppDevicePlan } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { unsafeInvalidateDevicePlans } from '../cloud-storage';
import { recordDeviceEvents } from '../insight';
import { requireEndUser, type CallContext } from '../../lib/context';
import { sha256Hex } from '../../lib/secrets';
import { mapPage, type PageRequest } from '../../lib/tenancy';
import {
  bindDevice,
  boundToAnother,
  devicePlan,
  listOwnDevices,
  unbindDevice,
  type AppDevicePlanRow,
  type AppDeviceRow,
} from './app-devices.repository';

const present = (d: AppDeviceRow & { plan?: AppDevicePlanRow | null }): AppDevice => ({
  id: d.id,
  sn: d.sn,
  model: d.model,
  productType: d.productType,
  firmwareVersion: d.firmwareVersion,
  boundAt: d.boundAt?.getTime() ?? null,
  lastSeenAt: d.lastSeenAt?.getTime() ?? null,
  plan: d.plan ? { ...d.plan, viewState: d.plan.viewState as AppDevicePlan['viewState'] } : null,
});

export async function bind(ctx: CallContext, d: { sn: string; verifyCode: string }) {
  const app = requireEndUser(ctx);
  const codeHash = sha256Hex(d.verifyCode);
  const now = new Date(ctx.clock.now());
  const bound = await bindDevice(ctx.db, app, app.endUser.id, d.sn, codeHash, now);
  if (bound) {
    // A new binding is a device event; binding again is the same binding, without a second one.
    if (bound.fresh) await recordDeviceEvents(ctx.db, [{ deviceId: bound.row.id, kind: 'bound', at: now.getTime() }]);
    return present({ ...bound.row, plan: await devicePlan(ctx.db, bound.row.id, ctx.clock.now()) });
  }
  if (await boundToAnother(ctx.db, app, app.endUser.id, d.sn, codeHash)) throw new AppError(ErrorCodes.boundUserDiffers);
  throw new AppError(ErrorCodes.deviceCodeWrong);
}

export async function unbind(ctx: CallContext, deviceId: number) {
  const app = requireEndUser(ctx);
  const now = ctx.clock.now();
  if (!(await unbindDevice(ctx.db, app, app.endUser.id, deviceId, new Date(now)))) throw new AppError(ErrorCodes.deviceNotBound);
  // The event copies the device as it is now: its brand and customer, no longer bound.
  await recordDeviceEvents(ctx.db, [{ deviceId, kind: 'unbound', at: now }]);
  // Its cloud storage plans not started yet can no longer take effect (in the same transaction).
  await unsafeInvalidateDevicePlans(ctx.db, deviceId, ctx.clock.now());
  return {};
}

export async function list(ctx: CallContext, page: PageRequest) {
  const app = requireEndUser(ctx);
  return mapPage(await listOwnDevices(ctx.db, app, app.endUser.id, page, ctx.clock.now()), (rows) => rows.map(present));
}
