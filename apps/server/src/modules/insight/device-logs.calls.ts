/** Calls of device logs (issue 15 §4): a device's list, a request, a download link, the brand's retention. */
import { deviceLogCalls } from '@portal/contract';
import type { CallImpl } from '../../lib/implement';
import { implement } from '../../lib/implement';
import { deviceLogLink, listDeviceLogs, requestDeviceLog, setDeviceLogRetention } from './device-logs.service';

export const deviceLogImpls: CallImpl[] = [
  implement(deviceLogCalls.deviceLogList, { otherTenant: (fx) => ({ deviceId: fx.otherDeviceId }) }, (ctx, d) =>
    listDeviceLogs(ctx, d.deviceId),
  ),
  implement(deviceLogCalls.deviceLogRequest, { otherTenant: (fx) => ({ deviceId: fx.otherDeviceId }) }, (ctx, d) =>
    requestDeviceLog(ctx, d.deviceId),
  ),
  implement(deviceLogCalls.deviceLogLink, { otherTenant: (fx) => ({ logId: fx.otherDeviceLogId }) }, (ctx, d) =>
    deviceLogLink(ctx, d.logId),
  ),
  implement(
    deviceLogCalls.deviceLogRetentionSet,
    { none: "sets the caller's own company's retention only; names no other tenant" },
    (ctx, d) => setDeviceLogRetention(ctx, d.days),
  ),
];
