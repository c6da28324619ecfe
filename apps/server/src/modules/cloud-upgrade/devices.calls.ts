/**
 * Calls of the device registry (device/*) and the result export (upgrade/result/export). Devices
 * belong to the caller's company (its brand); every query is scoped to the caller's subtree and
 * current area.
 */
import { deviceCalls, SIGNED_URL_TTL_SECONDS, upgradeCalls } from '@portal/contract';
import type { CallImpl } from '../../lib/implement';
import { implement } from '../../lib/implement';
import { signUrl } from '../../lib/files';
import { importDevices } from './devices.import';
import {
  assignDevicesCustomer,
  customerOptions,
  deviceFacets,
  getProvisioningKey,
  listDevices,
  resetDeviceKey,
  resetProvisioningKey,
} from './devices.service';
import { createResultExport } from './export.service';
import { IMPORT_TEMPLATE_DOWNLOAD_PATH } from './export.routes';

const ownScope = "lists the caller's subtree and current area only; another brand's devices never appear (tested)";
const ownKey = "the caller's own company's key only; names no other tenant";

export const deviceImpls: CallImpl[] = [
  implement(deviceCalls.list, { none: ownScope }, (ctx, d) => listDevices(ctx, d)),
  implement(deviceCalls.facets, { none: ownScope }, (ctx, d) => deviceFacets(ctx, d)),
  implement(deviceCalls.import, { otherTenant: (fx) => ({ fileId: fx.otherFileId }) }, (ctx, d) => importDevices(ctx, d.fileId)),
  implement(deviceCalls.importTemplate, { none: 'the template holds no tenant data' }, async (ctx, d) => ({
    url: signUrl(
      `${IMPORT_TEMPLATE_DOWNLOAD_PATH}?kind=${d.kind}&locale=${encodeURIComponent(ctx.locale)}`,
      ctx.services.config.linkSecret,
      {
        now: ctx.clock.now(),
        ttlSeconds: SIGNED_URL_TTL_SECONDS,
      },
    ),
  })),
  implement(deviceCalls.provisioningKey, { none: ownKey }, (ctx) => getProvisioningKey(ctx)),
  implement(deviceCalls.resetProvisioningKey, { none: ownKey }, (ctx) => resetProvisioningKey(ctx)),
  implement(deviceCalls.assignCustomer, { otherTenant: (fx) => ({ deviceIds: [fx.otherDeviceId], customerId: null }) }, (ctx, d) =>
    assignDevicesCustomer(ctx, d),
  ),
  implement(deviceCalls.customerOptions, { none: "companies below the caller's only; names no other tenant" }, (ctx, d) =>
    customerOptions(ctx, d),
  ),
  implement(deviceCalls.resetDeviceKey, { otherTenant: (fx) => ({ deviceId: fx.otherDeviceId }) }, (ctx, d) =>
    resetDeviceKey(ctx, d.deviceId),
  ),
  implement(
    upgradeCalls.resultExport,
    { otherTenant: (fx) => ({ taskId: fx.otherTaskId, range: { from: Date.UTC(2026, 0, 1), to: Date.UTC(2026, 0, 31) } }) },
    (ctx, d) => createResultExport(ctx, d),
  ),
];
