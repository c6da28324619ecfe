import type { ErrorEntry, ErrorRange } from '../../shared/errors';

/** The numbers of the insight module's codes (shared/errors.ts). */
export const INSIGHT_ERROR_RANGES: readonly ErrorRange[] = [[26000, 26999]];

/** The insight module's codes: data statistics, device health, Home's summary. */
export const INSIGHT_ERRORS = {
  26000: {
    key: 'statsTimeout',
    endsSession: false,
    en: 'The statistics took too long to compute. Narrow the range or the filters and try again.',
    zh: '统计计算超时，请缩小时间范围或筛选条件后重试。',
  },
  26001: {
    key: 'deviceLogRequestPending',
    endsSession: false,
    en: 'A log request for this device is already waiting for the device. Wait until it uploads or the request expires.',
    zh: '该设备已有等待上传的日志请求，请等待设备上传或请求过期。',
  },
  26002: {
    key: 'deviceLogTooLarge',
    endsSession: false,
    en: 'A device log may be at most 10 MB.',
    zh: '设备日志不能超过 10 MB。',
  },
  26003: {
    key: 'deviceLogNotGzip',
    endsSession: false,
    en: 'A device log must be one gzip file.',
    zh: '设备日志必须是一个 gzip 文件。',
  },
  26004: {
    key: 'deviceLogLinkUsed',
    endsSession: false,
    en: 'This upload link has already been used, or its request was answered otherwise.',
    zh: '该上传链接已被使用，或其请求已结束。',
  },
  26005: {
    key: 'deviceLogRequestExpired',
    endsSession: false,
    en: 'The log request has expired; ask for the log again.',
    zh: '日志请求已过期，请重新请求日志。',
  },
  26006: {
    key: 'deviceLogDailyLimit',
    endsSession: false,
    en: 'This device has sent 20 logs unasked in the last 24 hours; try again later.',
    zh: '该设备在过去 24 小时内已主动上传 20 份日志，请稍后再试。',
  },
  26007: {
    key: 'deviceLogStoreUnavailable',
    endsSession: false,
    en: 'The file store is unavailable; the log was not kept. Try again later.',
    zh: '文件存储不可用，日志未保存，请稍后重试。',
  },
  26008: {
    key: 'deviceLogRetentionNotBrand',
    endsSession: false,
    en: "Only a brand keeps its devices' logs and sets how long.",
    zh: '只有品牌商可以设置其设备日志的保留时长。',
  },
  26009: {
    key: 'deviceLogNotUploaded',
    endsSession: false,
    en: 'This log has not been uploaded, so there is nothing to download.',
    zh: '该日志尚未上传，无法下载。',
  },
  26010: {
    key: 'insightExportBusy',
    endsSession: false,
    en: 'You already have {max} exports running. Wait until one finishes (or its link expires in 5 minutes), then export again.',
    zh: '您已有 {max} 个导出正在进行，请等待其中一个完成（或其链接 5 分钟后失效）后再导出。',
  },
  26011: {
    key: 'deviceCustomerInvalid',
    endsSession: false,
    en: "The customer must be a company below yours, in the devices' brand.",
    zh: '客户必须是您下级的企业，且属于设备所在的品牌。',
  },
  26030: {
    key: 'playbackDeviceUnknown',
    endsSession: false,
    en: 'This device is not bound to your account.',
    zh: '该设备未绑定到您的账号。',
  },
} as const satisfies Record<number, ErrorEntry>;
