/**
 * Insight (issue 15): device history, the rollups, data statistics and Home's summary. Other
 * modules record device events through this file only: cloud-upgrade (activation, version change,
 * upgrade results, the last-seen flush), and app-api later (bound/unbound via recordDeviceEvents);
 * the call router notes every app call in the end-user log through EndUserLogBuffer (app.ts);
 * partner rolls up the days of a reporting time zone a company has just chosen (unsafeRollUpNewZone).
 */
import type { CallImpl } from '../../lib/implement';
import { insightAbilityImpls } from './abilities.calls';
import { auditImpls } from './audit.calls';
import { deviceLogImpls } from './device-logs.calls';
import { diagnosticsImpls } from './diagnostics.calls';
import { endUserLogImpls } from './end-user-log.calls';
import { exportImpls } from './exports.calls';
import { homeImpls } from './home.calls';
import { monitoringImpls } from './monitoring.calls';
import { statsImpls } from './stats.calls';

export const insightImpls: readonly CallImpl[] = [
  ...statsImpls,
  ...diagnosticsImpls,
  ...homeImpls,
  ...insightAbilityImpls,
  ...auditImpls,
  ...deviceLogImpls,
  ...endUserLogImpls,
  ...exportImpls,
  ...monitoringImpls,
];

export { registerInsightExportRoutes } from './exports.routes';

export {
  recordDeviceEvents,
  unsafeWriteLastSeen,
  DEVICE_EVENT_KINDS,
  type DeviceEventInput,
  type DeviceEventKind,
} from './events.repository';
export { acceptRequestedLog, acceptUnaskedLog, deviceLogUploadUrl, runDeviceLogUpkeep } from './device-logs.service';
export { unsafeRollUpNewZone } from './rollup.repository';
export { registerInsightJobs, runPresenceOnce, runRollupOnce, runEndUserLogRetentionOnce, onlineWindowMs, INSIGHT_JOBS } from './jobs';
export {
  sealOperationLogs,
  verifyOperationLog,
  applyAuditRetention,
  runAuditSealOnce,
  formatAuditVerify,
  type AuditVerifyResult,
} from './audit-chain';
export { EndUserLogBuffer, flushEndUserLogs } from './end-user-log.buffer';
