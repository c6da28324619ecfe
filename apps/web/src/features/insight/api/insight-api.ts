/**
 * Calls of data statistics and device health (contract insightCalls): one query-key factory, a hook
 * per call. The figures change only when the rollup runs (every minute), so they stay fresh a minute.
 * Their errors (statsTimeout above all) are shown where the figures would be, with Retry
 * (components/StatsError), not as a toast.
 */
import {
  deviceLogCalls,
  endUserLogCalls,
  insightAbilityCalls,
  insightCalls,
  insightExportCalls,
  monitoringCalls,
  type CallData,
  type InsightAction,
} from '@portal/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

export type StatsQuery = CallData<typeof insightCalls.statsOverview>;
export type ByCustomerQuery = CallData<typeof insightCalls.statsByCustomer>;
export type HealthQuery = CallData<typeof insightCalls.healthList>;
export type OperationLogQuery = CallData<typeof insightCalls.operationLogSearch>;
export type EndUserLogQuery = CallData<typeof endUserLogCalls.search>;
export type FailureParetoQuery = CallData<typeof insightCalls.failurePareto>;
export type ActivityQuery = CallData<typeof insightCalls.endUserActivity>;

export const insightKeys = {
  all: ['insight'] as const,
  abilities: () => [...insightKeys.all, 'abilities'] as const,
  overview: (q: StatsQuery) => [...insightKeys.all, 'overview', q] as const,
  byCustomer: (q: ByCustomerQuery) => [...insightKeys.all, 'byCustomer', q] as const,
  byVersion: (q: StatsQuery) => [...insightKeys.all, 'byVersion', q] as const,
  options: () => [...insightKeys.all, 'options'] as const,
  health: (q: HealthQuery) => [...insightKeys.all, 'health', q] as const,
  deviceHistory: (deviceId: number) => [...insightKeys.all, 'deviceHistory', deviceId] as const,
  deviceLogs: (deviceId: number) => [...insightKeys.all, 'deviceLogs', deviceId] as const,
  operationLog: (q: OperationLogQuery) => [...insightKeys.all, 'operationLog', q] as const,
  endUserLog: (q: EndUserLogQuery) => [...insightKeys.all, 'endUserLog', q] as const,
  failures: (q: FailureParetoQuery) => [...insightKeys.all, 'failures', q] as const,
  activity: (q: ActivityQuery) => [...insightKeys.all, 'activity', q] as const,
  monitoringLinks: () => [...insightKeys.all, 'monitoringLinks'] as const,
  monitoringOverview: () => [...insightKeys.all, 'monitoringOverview'] as const,
};

const STALE_MS = 60_000;

/** `q` null: not yet (the reporting time zone is not known). */
export function useStatsOverview(q: StatsQuery | null) {
  return useQuery({
    queryKey: insightKeys.overview(q ?? { range: { from: 0, to: 0 } }),
    queryFn: () => call(insightCalls.statsOverview, q!, { silent: true }),
    enabled: q !== null,
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  });
}

/** `q` null: not yet (the reporting time zone is not known). */
export function useStatsByCustomer(q: ByCustomerQuery | null) {
  return useQuery({
    queryKey: insightKeys.byCustomer(q ?? { range: { from: 0, to: 0 } }),
    queryFn: () => call(insightCalls.statsByCustomer, q!, { silent: true }),
    enabled: q !== null,
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  });
}

/** `q` null: not yet (the reporting time zone is not known). */
export function useStatsByVersion(q: StatsQuery | null) {
  return useQuery({
    queryKey: insightKeys.byVersion(q ?? { range: { from: 0, to: 0 } }),
    queryFn: () => call(insightCalls.statsByVersion, q!, { silent: true }),
    enabled: q !== null,
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useStatsOptions() {
  return useQuery({
    queryKey: insightKeys.options(),
    queryFn: () => call(insightCalls.statsOptions, {}, { silent: true }),
    staleTime: 5 * STALE_MS,
  });
}

export function useHealthList(q: HealthQuery) {
  return useQuery({
    queryKey: insightKeys.health(q),
    queryFn: () => call(insightCalls.healthList, q, { silent: true }),
    placeholderData: keepPreviousData,
  });
}

/** The failure-code Pareto (rmr_qry); `q` null: not yet (the reporting time zone is not known). */
export function useFailurePareto(q: FailureParetoQuery | null) {
  return useQuery({
    queryKey: insightKeys.failures(q ?? { range: { from: 0, to: 0 } }),
    queryFn: () => call(insightCalls.failurePareto, q!, { silent: true }),
    enabled: q !== null,
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  });
}

/** End-user activity (rmr_qry); `q` null: not yet. */
export function useEndUserActivity(q: ActivityQuery | null) {
  return useQuery({
    queryKey: insightKeys.activity(q ?? { range: { from: 0, to: 0 } }),
    queryFn: () => call(insightCalls.endUserActivity, q!, { silent: true }),
    enabled: q !== null,
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  });
}

/** A device's history (newest first) and its health now; off while no device is chosen. */
export function useDeviceHistory(deviceId: number | null) {
  return useQuery({
    queryKey: insightKeys.deviceHistory(deviceId ?? 0),
    queryFn: () => call(insightCalls.deviceHistory, { deviceId: deviceId! }, { silent: true }),
    enabled: deviceId !== null,
  });
}

/** The insight screens' own actions for the caller (server policy): the screens offer exactly these. */
export function useInsightAbilities() {
  const q = useQuery({
    queryKey: insightKeys.abilities(),
    // Silent: without an answer the screens offer nothing more; a toast would say nothing useful.
    queryFn: ({ signal }) => call(insightAbilityCalls.abilities, {}, { signal, silent: true }),
    staleTime: 5 * 60_000,
  });
  return { ...q, can: (a: InsightAction) => !!q.data?.actions.includes(a) };
}

/**
 * A device's logs (newest first) and its brand's retention, with what the caller may do with them; off while no device is chosen or without
 * the code. A log that arrived since the last look brings its event: the history is fetched again.
 */
export function useDeviceLogs(deviceId: number | null, enabled = true) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: insightKeys.deviceLogs(deviceId ?? 0),
    queryFn: async () => {
      const before = qc.getQueryData<{ records: Array<{ state: string }> }>(insightKeys.deviceLogs(deviceId!));
      const r = await call(deviceLogCalls.deviceLogList, { deviceId: deviceId! }, { silent: true });
      const uploaded = (l: { records: Array<{ state: string }> }) => l.records.filter((x) => x.state === 'uploaded').length;
      if (before && uploaded(r) > uploaded(before)) void qc.invalidateQueries({ queryKey: insightKeys.deviceHistory(deviceId!) });
      return r;
    },
    enabled: deviceId !== null && enabled,
    // A waiting request is answered at the device's next poll: look again now and then.
    refetchInterval: (q) => (q.state.data?.records.some((r) => r.state === 'requested') ? 10_000 : false),
  });
}

/** Asks the device for its log; the list and the history are fetched again. */
export function useRequestDeviceLog() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (deviceId: number) => call(deviceLogCalls.deviceLogRequest, { deviceId }),
    onSuccess: (_r, deviceId) => qc.invalidateQueries({ queryKey: insightKeys.deviceLogs(deviceId) }),
  });
}

/** A download link of an uploaded log (300 s). */
export function useDeviceLogLink() {
  return useMutation({ mutationFn: (logId: number) => call(deviceLogCalls.deviceLogLink, { logId }) });
}

/** Operation-log search; `live`: the first page is fetched again every 5 s (it follows new rows). */
export function useOperationLogSearch(q: OperationLogQuery, live: boolean) {
  return useQuery({
    queryKey: insightKeys.operationLog(q),
    queryFn: ({ signal }) => call(insightCalls.operationLogSearch, q, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: live ? 5000 : false,
  });
}

/** The operation log's tamper check (supplier only): the rows verified, or the first broken seq. */
export function useAuditVerify() {
  return useMutation({ mutationFn: () => call(insightCalls.auditVerify, {}) });
}

/** End-user log search (rmr_qry): newest first, keyset pages. */
export function useEndUserLogSearch(q: EndUserLogQuery) {
  return useQuery({
    queryKey: insightKeys.endUserLog(q),
    queryFn: ({ signal }) => call(endUserLogCalls.search, q, { signal }),
    placeholderData: keepPreviousData,
  });
}

export type OperationLogExportData = CallData<typeof insightExportCalls.operationLogExport>;
export type StatsExportData = CallData<typeof insightExportCalls.statsExport>;
export type HealthExportData = CallData<typeof insightExportCalls.healthExport>;
export type DeviceLogExportData = CallData<typeof insightExportCalls.deviceLogExport>;
export type EndUserLogExportData = CallData<typeof insightExportCalls.endUserLogExport>;

/** The export calls: each answers a signed link, the rows and the file name (components/ExportButton fetches it). */
export const insightExports = {
  operationLog: (d: OperationLogExportData) => call(insightExportCalls.operationLogExport, d),
  stats: (d: StatsExportData) => call(insightExportCalls.statsExport, d),
  health: (d: HealthExportData) => call(insightExportCalls.healthExport, d),
  deviceLogs: (d: DeviceLogExportData) => call(insightExportCalls.deviceLogExport, d),
  endUserLog: (d: EndUserLogExportData) => call(insightExportCalls.endUserLogExport, d),
};

/** Sets the caller's brand's retention of device logs; every device's log list is fetched again. */
export function useSetDeviceLogRetention() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (days: number) => call(deviceLogCalls.deviceLogRetentionSet, { days }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...insightKeys.all, 'deviceLogs'] }),
  });
}

/** The external monitoring URL of each area and the session's area's (supplier only). */
export function useMonitoringLinks() {
  return useQuery({ queryKey: insightKeys.monitoringLinks(), queryFn: () => call(monitoringCalls.links, {}) });
}

/** Sets or clears an area's monitoring URL; the links are fetched again. */
export function useSetMonitoringLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: CallData<typeof monitoringCalls.linkSet>) => call(monitoringCalls.linkSet, d),
    onSuccess: () => qc.invalidateQueries({ queryKey: insightKeys.monitoringLinks() }),
  });
}

/** The built-in monitoring page's figures, looked at again every minute. */
export function useMonitoringOverview(enabled: boolean) {
  return useQuery({
    queryKey: insightKeys.monitoringOverview(),
    queryFn: () => call(monitoringCalls.overview, {}, { silent: true }),
    enabled,
    refetchInterval: 60_000,
  });
}
