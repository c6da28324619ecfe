/** Calls of the insight exports (exports.service.ts): each answers a signed link and the row count. */
import { insightExportCalls } from '@portal/contract';
import type { CallImpl } from '../../lib/implement';
import { implement } from '../../lib/implement';
import { exportDeviceHealth, exportDeviceLogs, exportEndUserLog, exportOperationLog, exportStats } from './exports.service';

const range = { from: Date.UTC(2026, 10, 1), to: Date.UTC(2026, 10, 8) };
const ownScope =
  "exports only rows whose company (or actor's company, device brand or customer) is in the caller's subtree and area (tested)";

export const exportImpls: CallImpl[] = [
  implement(insightExportCalls.operationLogExport, { none: ownScope }, (ctx, d) => exportOperationLog(ctx, d)),
  implement(insightExportCalls.deviceLogExport, { none: ownScope }, (ctx, d) => exportDeviceLogs(ctx, d)),
  implement(
    insightExportCalls.endUserLogExport,
    { none: "exports only the end users of the caller's brands (a distributor: those bound to its devices) in its area (tested)" },
    (ctx, d) => exportEndUserLog(ctx, d),
  ),
  implement(
    insightExportCalls.statsExport,
    { otherTenant: (fx) => ({ table: 'byCustomer', range, parentId: fx.otherCompanyId }) },
    (ctx, d) => exportStats(ctx, d),
  ),
  implement(insightExportCalls.healthExport, { otherTenant: (fx) => ({ customerId: fx.otherCompanyId }) }, (ctx, d) =>
    exportDeviceHealth(ctx, d),
  ),
];
