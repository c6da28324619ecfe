import type { ErrorEntry, ErrorRange } from '../../shared/errors';

/** The numbers of the cloud-upgrade module's codes (shared/errors.ts). */
export const CLOUD_UPGRADE_ERROR_RANGES: readonly ErrorRange[] = [[24000, 24999]];

/** The cloud-upgrade module's codes: packages, uploads, releases, device imports and the device API. */
export const CLOUD_UPGRADE_ERRORS = {
  // Cloud firmware upgrade (issue 4)
  24001: {
    key: 'packageMd5Mismatch',
    endsSession: false,
    en: 'The MD5 of the uploaded file ({computed}) does not match the MD5 entered.',
    zh: '上传文件的MD5（{computed}）与填写的MD5不一致。',
  },
  24002: {
    key: 'packageInUse',
    endsSession: false,
    en: 'The package is used by a release task that is still running. End or revoke the task first.',
    zh: '该固件包正被进行中的发布任务使用，请先结束或撤销任务。',
  },
  24003: {
    key: 'regionAlreadyReleased',
    endsSession: false,
    en: 'This package has already been released to {region}. The same region cannot be released twice.',
    zh: '该固件包已发布到{region}，同一区域不能重复发布。',
  },
  24004: {
    key: 'packageNotReleasable',
    endsSession: false,
    en: 'Only a synced package within its validity can be released.',
    zh: '只有同步完成且在有效期内的固件包才能发布。',
  },
  24005: {
    key: 'testPackageSpecifiedOnly',
    endsSession: false,
    en: 'A test package can only be released to specified devices.',
    zh: '测试包只能发布到指定设备。',
  },
  24006: { key: 'noTargetDevices', endsSession: false, en: 'No devices match the release target.', zh: '没有符合发布条件的设备。' },
  24007: {
    key: 'grayCountTooLarge',
    endsSession: false,
    en: 'Only {devices} devices match; a gray release must leave devices for the full release.',
    zh: '仅有{devices}台设备符合条件，灰度发布须为全量发布留出设备。',
  },
  24008: {
    key: 'uploadIncomplete',
    endsSession: false,
    en: 'The upload is not complete ({received} of {size} bytes). Continue the upload.',
    zh: '上传未完成（已上传{received}/{size}字节），请继续上传。',
  },
  24009: {
    key: 'storageTokenInvalid',
    endsSession: false,
    en: 'The upload credential is invalid or has expired.',
    zh: '上传凭证无效或已过期。',
  },
  24010: {
    key: 'importUnreadable',
    endsSession: false,
    en: 'The file could not be read as an xlsx workbook.',
    zh: '无法读取该文件，请上传xlsx格式的表格。',
  },
  24011: {
    key: 'importMissingColumns',
    endsSession: false,
    en: 'The file lacks the required columns: {columns}.',
    zh: '文件缺少必需的列：{columns}。',
  },
  24012: { key: 'importTooManyRows', endsSession: false, en: 'The file has more than {max} rows.', zh: '文件超过{max}行。' },
  24013: { key: 'importEmpty', endsSession: false, en: 'The file has no data rows.', zh: '文件中没有数据行。' },
  24014: { key: 'deviceKeyInvalid', endsSession: false, en: 'The device key is invalid.', zh: '设备密钥无效。' },
  24015: { key: 'provisioningKeyInvalid', endsSession: false, en: 'The provisioning key is invalid.', zh: '设备注册密钥无效。' },
  24016: {
    key: 'deviceTaskMismatch',
    endsSession: false,
    en: 'The device is not part of this task, or the task is no longer running.',
    zh: '设备不属于该任务，或任务已不在进行中。',
  },
  24017: { key: 'taskNotEditable', endsSession: false, en: 'A finished task cannot be changed.', zh: '已结束的任务不能修改。' },
  24018: { key: 'packageExpired', endsSession: false, en: 'The package is past its validity.', zh: '固件包已过有效期。' },
  24019: {
    key: 'uploadChunkInvalid',
    endsSession: false,
    en: 'The chunk does not fit the upload ({detail}).',
    zh: '分片与上传不符（{detail}）。',
  },
  24020: {
    key: 'versionExists',
    endsSession: false,
    en: 'A package with version {version} already exists for this product type.',
    zh: '该产品类型已存在版本为{version}的固件包。',
  },
  24021: {
    key: 'uploadStale',
    endsSession: false,
    en: 'Deleted: no part of the upload arrived for {days} days.',
    zh: '已删除：连续{days}天未收到上传的分片。',
  },

  // platform hardening (issue 11 §1): device registration
  24022: {
    key: 'deviceAlreadyRegistered',
    endsSession: false,
    en: 'A device with this SN or MAC is already registered. Register it with its own device key, or have its key reset in the portal (Devices).',
    zh: '已有设备使用此 SN 或 MAC 注册。请使用该设备自己的设备密钥注册，或在平台（设备管理）中重置其密钥。',
  },

  // Streaming imports (issue 11 §1.10, part "fuzz"): a bounded number of imports per server.
  24026: {
    key: 'importBusy',
    endsSession: false,
    en: 'The server is busy with other imports. Please retry in {seconds} seconds.',
    zh: '服务器正在处理其他导入，请 {seconds} 秒后重试。',
  },
} as const satisfies Record<number, ErrorEntry>;
