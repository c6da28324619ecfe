/**
 * Calls of the cloud firmware upgrade (contract upgradeCalls and deviceCalls): one query-key
 * factory, a hook per call; mutations invalidate what they change.
 */
import {
  deviceCalls,
  upgradeCalls,
  type CallData,
  type CloudUpgradeAction,
  type FirmwarePackage,
  type ImportTemplateKind,
  type ReleaseTask,
  type ReleaseTaskDetail,
} from '@portal/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

export type PackageListQuery = CallData<typeof upgradeCalls.packageList>;
export type TaskListQuery = CallData<typeof upgradeCalls.taskList>;
export type TaskDevicesQuery = CallData<typeof upgradeCalls.taskDevices>;
export type DeviceListQuery = CallData<typeof deviceCalls.list>;
export type PackageAction = CallData<typeof upgradeCalls.packageOperate>['action'];
export type TaskAction = CallData<typeof upgradeCalls.taskOperate>['action'];

export const upgradeKeys = {
  all: ['upgrade'] as const,
  abilities: () => [...upgradeKeys.all, 'abilities'] as const,
  appConfig: () => [...upgradeKeys.all, 'appConfig'] as const,
  packages: () => [...upgradeKeys.all, 'packages'] as const,
  packageList: (q: PackageListQuery) => [...upgradeKeys.packages(), 'list', q] as const,
  package: (pkgId: number) => [...upgradeKeys.packages(), 'detail', pkgId] as const,
  versionNote: (pkgId: number) => [...upgradeKeys.packages(), 'note', pkgId] as const,
  compatible: (productType: string, models: readonly string[]) => [...upgradeKeys.all, 'compatible', productType, models] as const,
  mainVersions: (productType?: string) => [...upgradeKeys.all, 'mainVersions', productType ?? 'all'] as const,
  countries: (areaIds: readonly number[]) => [...upgradeKeys.all, 'countries', areaIds] as const,
  tasks: () => [...upgradeKeys.all, 'tasks'] as const,
  taskList: (q: TaskListQuery) => [...upgradeKeys.tasks(), 'list', q] as const,
  task: (taskId: number) => [...upgradeKeys.tasks(), 'detail', taskId] as const,
  taskDevices: (q: TaskDevicesQuery) => [...upgradeKeys.tasks(), 'devices', q] as const,
  taskCountries: (taskId: number) => [...upgradeKeys.tasks(), 'countries', taskId] as const,
  devices: () => [...upgradeKeys.all, 'devices'] as const,
  deviceList: (q: DeviceListQuery) => [...upgradeKeys.devices(), 'list', q] as const,
  deviceFacets: (productType?: string) => [...upgradeKeys.devices(), 'facets', productType ?? 'all'] as const,
  provisioningKey: () => [...upgradeKeys.devices(), 'provisioningKey'] as const,
  customerOptions: (searchText: string) => [...upgradeKeys.devices(), 'customerOptions', searchText] as const,
};

/** A package is being processed by the server (the page polls it). */
export const PACKAGE_BUSY_STATES: readonly FirmwarePackage['status'][] = ['verifying', 'syncing'];
/** A task moves by itself in these states (the page refreshes it). */
export const TASK_LIVE_STATES: readonly ReleaseTask['status'][] = ['in_release', 'unreleased'];
export const POLL_MS = 3_000;
export const LIVE_REFRESH_MS = 5_000;

// ---- configuration and lookups ----

/**
 * What the caller may do in cloud upgrade beside acting on a listed package or task (upload,
 * release, import devices, the provisioning key), as the server's policy answers it; `can` is
 * false until it is known.
 */
export function useUpgradeAbilities() {
  const q = useQuery({
    queryKey: upgradeKeys.abilities(),
    queryFn: ({ signal }) => call(upgradeCalls.abilities, {}, { signal }),
    staleTime: 5 * 60_000,
  });
  return { ...q, can: (action: CloudUpgradeAction) => !!q.data?.actions.includes(action) };
}

export function useAppConfig() {
  return useQuery({
    queryKey: upgradeKeys.appConfig(),
    queryFn: ({ signal }) => call(upgradeCalls.appConfig, {}, { signal }),
    staleTime: 10 * 60_000,
  });
}

export function useCompatibleVersions(
  productType: CallData<typeof upgradeCalls.compatibleVersions>['productType'] | undefined,
  models: string[],
  enabled = true,
) {
  return useQuery({
    queryKey: upgradeKeys.compatible(productType ?? '', models),
    queryFn: ({ signal }) => call(upgradeCalls.compatibleVersions, { productType: productType!, models }, { signal, silent: true }),
    enabled: enabled && !!productType,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useMainVersions(productType?: CallData<typeof upgradeCalls.mainVersions>['productType'], enabled = true) {
  return useQuery({
    queryKey: upgradeKeys.mainVersions(productType),
    queryFn: ({ signal }) => call(upgradeCalls.mainVersions, productType ? { productType } : {}, { signal, silent: true }),
    enabled,
    staleTime: 60_000,
  });
}

export function useCountryCodes(areaIds: number[], enabled = true) {
  return useQuery({
    queryKey: upgradeKeys.countries(areaIds),
    queryFn: ({ signal }) => call(upgradeCalls.countryCodes, { areaIds }, { signal }),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

// ---- packages ----

export function usePackageList(query: PackageListQuery) {
  return useQuery({
    queryKey: upgradeKeys.packageList(query),
    queryFn: ({ signal }) => call(upgradeCalls.packageList, query, { signal }),
    placeholderData: keepPreviousData,
    // Keep the list moving while a package on it is being verified or synced.
    refetchInterval: (q) => (q.state.data?.records.some((p) => PACKAGE_BUSY_STATES.includes(p.status)) ? POLL_MS : false),
  });
}

/** One package; polled while the server verifies or syncs it. */
/**
 * One package. `poll` refreshes it while the server works on it (verifying, syncing).
 * `untilSettled` (the upload panel, from the complete call on) also refreshes it while it still
 * reads upload_incomplete, and while no answer has come or the last one failed: a single lost
 * answer (a timeout, a renewal racing the complete call) must not leave the panel waiting forever.
 */
export function usePackage(pkgId: number | null, { poll = true, untilSettled = false } = {}) {
  return useQuery({
    queryKey: upgradeKeys.package(pkgId ?? 0),
    queryFn: ({ signal }) => call(upgradeCalls.packageGet, { pkgId: pkgId! }, { signal }),
    enabled: pkgId !== null,
    refetchInterval: (q) => {
      if (!poll) return false;
      const status = q.state.data?.status;
      if (untilSettled && (status === undefined || status === 'upload_incomplete' || q.state.status === 'error')) return POLL_MS;
      return status && PACKAGE_BUSY_STATES.includes(status) ? POLL_MS : false;
    },
  });
}

export function useVersionNote(pkgId: number | null) {
  return useQuery({
    queryKey: upgradeKeys.versionNote(pkgId ?? 0),
    queryFn: ({ signal }) => call(upgradeCalls.versionNote, { pkgId: pkgId! }, { signal }),
    enabled: pkgId !== null,
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return (...keys: (readonly unknown[])[]) => Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey })));
}

export function useCreatePackage() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (d: CallData<typeof upgradeCalls.packageCreate>) => call(upgradeCalls.packageCreate, d),
    onSuccess: () => invalidate(upgradeKeys.packages()),
  });
}

export function useUpdatePackage() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (d: CallData<typeof upgradeCalls.packageUpdate>) => call(upgradeCalls.packageUpdate, d),
    onSuccess: () => invalidate(upgradeKeys.packages()),
  });
}

export function useOperatePackage() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (d: { pkgId: number; action: PackageAction }) => call(upgradeCalls.packageOperate, d),
    onSuccess: () => invalidate(upgradeKeys.packages()),
  });
}

/** Refresh the package lists and details after an upload step (the uploader calls the API itself). */
export function useRefreshPackages() {
  const invalidate = useInvalidate();
  return () => invalidate(upgradeKeys.packages());
}

// ---- release tasks ----

export function useTaskList(query: TaskListQuery) {
  return useQuery({
    queryKey: upgradeKeys.taskList(query),
    queryFn: ({ signal }) => call(upgradeCalls.taskList, query, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.records.some((t) => TASK_LIVE_STATES.includes(t.status)) ? LIVE_REFRESH_MS : false),
  });
}

/** One task with waves and history; refreshed every few seconds while it is in release. */
/** What changes when a task moves on: its state and its finished devices. */
export function taskStamp(task: Pick<ReleaseTaskDetail, 'status' | 'counts'>): string {
  return `${task.status}|${task.counts.success}|${task.counts.failed}|${task.counts.notified}`;
}

export function useTask(taskId: number | null) {
  return useQuery({
    queryKey: upgradeKeys.task(taskId ?? 0),
    queryFn: ({ signal }) => call(upgradeCalls.taskGet, { taskId: taskId! }, { signal }),
    enabled: taskId !== null,
    refetchInterval: (q) => (q.state.data && TASK_LIVE_STATES.includes(q.state.data.status) ? LIVE_REFRESH_MS : false),
  });
}

/**
 * `stamp` names the task's state as last read (status and finished counts): when the task moves on
 * (completes, pauses itself) the figures are read again even though they are no longer polled.
 */
export function useTaskCountries(taskId: number, live: boolean, stamp = '') {
  return useQuery({
    queryKey: [...upgradeKeys.taskCountries(taskId), stamp],
    queryFn: ({ signal }) => call(upgradeCalls.resultByCountry, { taskId }, { signal, silent: true }),
    placeholderData: keepPreviousData,
    refetchInterval: live ? LIVE_REFRESH_MS : false,
  });
}

export function useTaskDevices(query: TaskDevicesQuery, live: boolean, stamp = '') {
  return useQuery({
    queryKey: [...upgradeKeys.taskDevices(query), stamp],
    queryFn: ({ signal }) => call(upgradeCalls.taskDevices, query, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: live ? LIVE_REFRESH_MS : false,
  });
}

export function useOperateTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: CallData<typeof upgradeCalls.taskOperate>) => call(upgradeCalls.taskOperate, d),
    onSuccess: async (detail: ReleaseTaskDetail) => {
      qc.setQueryData(upgradeKeys.task(detail.taskId), detail);
      await qc.invalidateQueries({ queryKey: upgradeKeys.tasks() });
    },
  });
}

export function useUpdateTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: CallData<typeof upgradeCalls.taskUpdate>) => call(upgradeCalls.taskUpdate, d),
    onSuccess: async (detail: ReleaseTaskDetail) => {
      qc.setQueryData(upgradeKeys.task(detail.taskId), detail);
      await qc.invalidateQueries({ queryKey: upgradeKeys.tasks() });
    },
  });
}

export function useDeleteTask() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (taskId: number) => call(upgradeCalls.taskDelete, { taskId }),
    onSuccess: () => invalidate(upgradeKeys.tasks()),
  });
}

export function usePreviewRelease() {
  return useMutation({ mutationFn: (d: CallData<typeof upgradeCalls.taskPreview>) => call(upgradeCalls.taskPreview, d) });
}

export function useSubmitReleases() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (d: CallData<typeof upgradeCalls.taskBatchSubmit>) => call(upgradeCalls.taskBatchSubmit, d),
    onSuccess: () => invalidate(upgradeKeys.tasks(), upgradeKeys.packages()),
  });
}

export function useExportResults() {
  return useMutation({ mutationFn: (d: CallData<typeof upgradeCalls.resultExport>) => call(upgradeCalls.resultExport, d) });
}

// ---- devices ----

export function useDeviceList(query: DeviceListQuery) {
  return useQuery({
    queryKey: upgradeKeys.deviceList(query),
    queryFn: ({ signal }) => call(deviceCalls.list, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDeviceFacets(productType?: CallData<typeof deviceCalls.facets>['productType']) {
  return useQuery({
    queryKey: upgradeKeys.deviceFacets(productType),
    queryFn: ({ signal }) => call(deviceCalls.facets, productType ? { productType } : {}, { signal, silent: true }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useImportDevices() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (fileId: number) => call(deviceCalls.import, { fileId }),
    onSuccess: () => invalidate(upgradeKeys.devices()),
  });
}

/** Companies below the caller's that devices may be attributed to (by name prefix). */
export function useCustomerOptions(searchText: string, enabled: boolean) {
  return useQuery({
    queryKey: upgradeKeys.customerOptions(searchText),
    queryFn: ({ signal }) => call(deviceCalls.customerOptions, searchText ? { searchText } : {}, { signal, silent: true }),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

/** Attributes devices to a customer (null: takes it back); the device lists are fetched again. */
export function useAssignCustomer() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (d: CallData<typeof deviceCalls.assignCustomer>) => call(deviceCalls.assignCustomer, d),
    onSuccess: () => invalidate(upgradeKeys.devices()),
  });
}

export function useImportTemplate() {
  return useMutation({ mutationFn: (kind: ImportTemplateKind) => call(deviceCalls.importTemplate, { kind }) });
}

export function useProvisioningKey(enabled: boolean) {
  return useQuery({
    queryKey: upgradeKeys.provisioningKey(),
    queryFn: ({ signal }) => call(deviceCalls.provisioningKey, {}, { signal }),
    enabled,
  });
}

export function useResetProvisioningKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(deviceCalls.resetProvisioningKey, {}),
    onSuccess: (key) => qc.setQueryData(upgradeKeys.provisioningKey(), key),
  });
}
