/**
 * The insight exports' sheet names and column headers in both locales (issue 15 §5: localized
 * headers, the caller's locale when the link was signed). Times are written in UTC and say so.
 */
import type { InsightExportKind, Locale } from '@portal/contract';

type Texts = { en: string; zh: string };
const tx = (en: string, zh: string): Texts => ({ en, zh });

const SHEETS: Record<InsightExportKind, Texts> = {
  operationLog: tx('Operation log', '运维日志'),
  deviceLogs: tx('Device logs', '设备日志'),
  statsOverview: tx('Overview', '概览'),
  statsOverviewSales: tx('Overview', '概览'),
  statsByCustomer: tx('By customer', '按客户'),
  statsByVersion: tx('By version', '按版本'),
  deviceHealth: tx('Device health', '设备健康'),
  endUserLog: tx('End-user log', '终端用户日志'),
};

const FIGURES = [
  tx('Devices', '设备数'),
  tx('Online', '在线数'),
  tx('Online rate (%)', '在线率 (%)'),
  tx('Activations', '激活数'),
  tx('Upgrades succeeded', '升级成功'),
  tx('Upgrades failed', '升级失败'),
];

/** The overview's app side (stats_daily_app): daily active end users, blank under a device or customer filter. */
const APP_FIGURES = [tx('Active end users', '活跃终端用户')];

const COLUMNS: Record<InsightExportKind, Texts[]> = {
  operationLog: [
    tx('Time (UTC)', '时间 (UTC)'),
    tx('Actor', '操作人'),
    tx('On behalf of', '代操作账号'),
    tx('Target company', '目标公司'),
    tx('Module', '模块'),
    tx('Operation', '操作'),
    tx('Changed fields', '变更字段'),
    tx('Result', '结果'),
    tx('IP', 'IP'),
    tx('Request ID', '请求 ID'),
  ],
  deviceLogs: [
    tx('Device SN', '设备 SN'),
    tx('Model', '型号'),
    tx('State', '状态'),
    tx('Size (bytes)', '大小（字节）'),
    tx('Requester', '请求人'),
    tx('Requested (UTC)', '请求时间 (UTC)'),
    tx('Uploaded (UTC)', '上传时间 (UTC)'),
    tx('Expires (UTC)', '过期时间 (UTC)'),
  ],
  statsOverview: [tx('Day', '日期'), ...FIGURES, ...APP_FIGURES],
  statsOverviewSales: [
    tx('Day', '日期'),
    ...FIGURES,
    ...APP_FIGURES,
    tx('Orders paid', '已支付订单'),
    tx('Sales amount (USD)', '销售额 (USD)'),
  ],
  statsByCustomer: [tx('Customer', '客户'), ...FIGURES],
  statsByVersion: [tx('Version', '版本'), ...FIGURES],
  deviceHealth: [
    tx('Device SN', '设备 SN'),
    tx('Product type', '产品类型'),
    tx('Model', '型号'),
    tx('Version', '版本'),
    tx('Country', '国家/地区'),
    tx('Customer', '客户'),
    tx('State', '状态'),
    tx('Last seen (UTC)', '最后在线 (UTC)'),
    tx('Upgrade failures (30 days)', '升级失败（30 天）'),
    tx('Offline drops (24 h)', '离线次数（24 小时）'),
    tx('Flapping', '频繁上下线'),
  ],
  endUserLog: [
    tx('Time (UTC)', '时间 (UTC)'),
    tx('Account', '账号'),
    tx('Brand', '品牌'),
    tx('Action', '操作'),
    tx('Result', '结果'),
    tx('Code', '返回码'),
    tx('Platform', '平台'),
    tx('App version', 'App 版本'),
    tx('IP', 'IP'),
    tx('Device SN', '设备 SN'),
    tx('Detail', '详情'),
    tx('Duration (ms)', '耗时（毫秒）'),
  ],
};

const WORDS = {
  success: tx('Success', '成功'),
  refused: tx('Refused', '已拒绝'),
  failed: tx('Failed', '失败'),
  online: tx('Online', '在线'),
  offline: tx('Offline', '离线'),
  yes: tx('Yes', '是'),
  no: tx('No', '否'),
  requested: tx('Requested', '已请求'),
  uploaded: tx('Uploaded', '已上传'),
  expired: tx('Expired', '已过期'),
  unasked: tx('Sent by the device', '设备主动上传'),
  ownDevices: tx('(own devices)', '（本公司设备）'),
  unknown: tx('(unknown)', '（未知）'),
} as const;

const pick = (t: Texts, locale: Locale) => (locale === 'zh-CN' ? t.zh : t.en);

export function exportSheetTitle(kind: InsightExportKind, locale: Locale): string {
  return pick(SHEETS[kind], locale);
}

export function exportHeaders(kind: InsightExportKind, locale: Locale): string[] {
  return COLUMNS[kind].map((c) => pick(c, locale));
}

export function exportWord(word: keyof typeof WORDS, locale: Locale): string {
  return pick(WORDS[word], locale);
}

/** File names: `<kind>-<from>-<to>.<ext>` (days in UTC), or `<kind>-<day>` without a range. */
const FILE_STEMS: Record<InsightExportKind, string> = {
  operationLog: 'operation-log',
  deviceLogs: 'device-logs',
  statsOverview: 'statistics-overview',
  statsOverviewSales: 'statistics-overview',
  statsByCustomer: 'statistics-by-customer',
  statsByVersion: 'statistics-by-version',
  deviceHealth: 'device-health',
  endUserLog: 'end-user-log',
};

export function exportFileName(kind: InsightExportKind, ext: string, range: { from: number; to: number } | null, now: number): string {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10).replace(/-/g, '');
  return range ? `${FILE_STEMS[kind]}-${day(range.from)}-${day(range.to)}.${ext}` : `${FILE_STEMS[kind]}-${day(now)}.${ext}`;
}
