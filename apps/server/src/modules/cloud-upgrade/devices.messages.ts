/**
 * Texts the server writes into files for the user (the import's error file, the import template's
 * help sheet, the result export's headers), in en-US and zh-CN. Validation messages shared with the
 * screens come from the contract (validationMessage); these are only ever seen inside a workbook.
 */
import { type Locale, type TaskDeviceState, validationMessage } from '@portal/contract';

type Text = { en: string; zh: string };

const pick = (t: Text, locale: Locale) => (locale === 'zh-CN' ? t.zh : t.en);
const fill = (s: string, params: Record<string, string | number> = {}) =>
  s.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));

export const IMPORT_REASONS = {
  productTypeInvalid: { en: 'The product type must be IPC or NVR.', zh: '产品类型必须为IPC或NVR。' },
  areaUnknown: { en: 'Unknown area "{area}".', zh: '未知区域“{area}”。' },
  areaNotAllowed: { en: 'You cannot add devices to the area "{area}".', zh: '您无权向区域“{area}”添加设备。' },
  duplicateSn: { en: 'The SN appears more than once in the file (first in row {row}).', zh: '文件中SN重复（首次出现在第{row}行）。' },
  duplicateMac: { en: 'The MAC appears more than once in the file (first in row {row}).', zh: '文件中MAC重复（首次出现在第{row}行）。' },
  otherBrand: { en: 'The device belongs to another brand.', zh: '该设备属于其他品牌。' },
  macTaken: { en: 'The MAC is already used by another device.', zh: '该MAC已被其他设备使用。' },
  tooLong: { en: '{column} is longer than {max} characters.', zh: '{column}超过{max}个字符。' },
  customerUnknown: {
    en: 'Unknown customer "{customer}": give the name or id of a company below yours.',
    zh: '未知客户“{customer}”：请填写您下级企业的名称或编号。',
  },
  customerAmbiguous: {
    en: 'Several companies below yours are named "{customer}"; give its id.',
    zh: '您的下级中有多个名为“{customer}”的企业，请填写其编号。',
  },
} satisfies Record<string, Text>;

export type ImportReason = { key: keyof typeof IMPORT_REASONS; params?: Record<string, string | number> } | { validation: string };

export function reasonText(r: ImportReason, locale: Locale): string {
  if ('validation' in r) return validationMessage(r.validation, locale);
  return fill(pick(IMPORT_REASONS[r.key], locale), r.params);
}

export const REASON_HEADER: Text = { en: 'Reason', zh: '原因' };

export function reasonHeader(locale: Locale): string {
  return pick(REASON_HEADER, locale);
}

export function templateHelpHeaders(locale: Locale): [string, string] {
  return locale === 'zh-CN' ? ['列', '说明'] : ['Column', 'Description'];
}

/** The import template's second sheet: what each column takes. */
export function templateHelp(locale: Locale): Array<[string, string]> {
  const zh = locale === 'zh-CN';
  return [
    [
      'SN',
      zh
        ? '必填。字母、数字、“-”和“_”，最多64个字符，不区分大小写。'
        : 'Required. Letters, digits, "-" and "_", up to 64 characters; case does not matter.',
    ],
    [
      'MAC',
      zh ? '必填。AA:BB:CC:DD:EE:FF、AA-BB-CC-DD-EE-FF或AABBCCDDEEFF。' : 'Required. AA:BB:CC:DD:EE:FF, AA-BB-CC-DD-EE-FF or AABBCCDDEEFF.',
    ],
    ['Model', zh ? '设备型号，例如IPC-200。' : 'Device model, e.g. IPC-200.'],
    [
      'Product type',
      zh ? 'IPC或NVR；为空时按型号前缀判断，默认IPC。' : 'IPC or NVR; when empty, taken from the model prefix (default IPC).',
    ],
    ['Firmware version', zh ? '当前固件版本，例如V1.0.0。' : 'Current firmware version, e.g. V1.0.0.'],
    ['Hardware version', zh ? '硬件版本。' : 'Hardware version.'],
    ['Country', zh ? '国家/地区的两位ISO代码，例如DE。' : 'Two-letter ISO country code, e.g. DE.'],
    ['Area', zh ? '区域名称或编号；为空时使用当前区域。' : 'Area name or id; when empty, your current area.'],
    [
      'Customer',
      zh
        ? '设备所属的下游客户：您下级企业的名称或编号；为空时保留原客户。'
        : 'The downstream customer the device is attributed to: the name or id of a company below yours; when empty, the device keeps its customer.',
    ],
    [
      '',
      zh
        ? `每次最多导入5000行。已存在的本品牌设备将被更新，空白单元格保留原值。`
        : 'At most 5,000 rows per file. Devices of your brand that already exist are updated; empty cells keep their values.',
    ],
  ];
}

/** The specified release's SN-list template: its help sheet. */
export function targetTemplateHelp(locale: Locale): Array<[string, string]> {
  const zh = locale === 'zh-CN';
  return [
    [
      'SN',
      zh
        ? '必填。每行一个设备SN：字母、数字、“-”和“_”，最多64个字符，不区分大小写。'
        : 'Required. One device SN per row: letters, digits, "-" and "_", up to 64 characters; case does not matter.',
    ],
    [
      '',
      zh
        ? '每个文件最多5000行。与手动输入的SN和MAC范围合并；无效或未知的SN计入“未知目标”，已是该版本或被其他任务占用的设备不会发布。'
        : 'At most 5,000 rows per file. Added to the SNs and MAC ranges typed in the wizard; invalid or unknown SNs count as unknown targets, and devices already on the version or held by another task are left out.',
    ],
  ];
}

export const TEMPLATE_SHEETS: Record<'devices' | 'targets' | 'help' | 'errors', Text> = {
  devices: { en: 'Devices', zh: '设备' },
  targets: { en: 'Target devices', zh: '目标设备' },
  help: { en: 'Help', zh: '说明' },
  errors: { en: 'Rows not imported', zh: '未导入的行' },
};

export function sheetName(which: keyof typeof TEMPLATE_SHEETS, locale: Locale): string {
  return pick(TEMPLATE_SHEETS[which], locale);
}

// ---- result export ---------------------------------------------------------------------------

const EXPORT_HEADERS: ReadonlyArray<Text & { width: number; numFmt?: string }> = [
  { en: 'Task ID', zh: '任务ID', width: 10 },
  { en: 'Package version', zh: '固件包版本', width: 20 },
  { en: 'SN', zh: 'SN', width: 22 },
  { en: 'MAC', zh: 'MAC', width: 20 },
  { en: 'Model', zh: '型号', width: 14 },
  { en: 'Country', zh: '国家/地区', width: 10 },
  { en: 'Wave', zh: '批次', width: 8 },
  { en: 'State', zh: '状态', width: 14 },
  { en: 'From version', zh: '原版本', width: 16 },
  { en: 'Reported version', zh: '上报版本', width: 16 },
  { en: 'Error code', zh: '错误码', width: 16 },
  { en: 'Updated at (UTC)', zh: '更新时间（UTC）', width: 22, numFmt: 'yyyy-mm-dd hh:mm:ss' },
];

export function exportColumns(locale: Locale): Array<{ header: string; width: number; numFmt?: string }> {
  return EXPORT_HEADERS.map((h) => ({ header: pick(h, locale), width: h.width, numFmt: h.numFmt }));
}

const STATE_LABELS: Record<TaskDeviceState, Text> = {
  pending: { en: 'Pending', zh: '待升级' },
  notified: { en: 'Notified', zh: '已通知' },
  downloading: { en: 'Downloading', zh: '下载中' },
  installing: { en: 'Installing', zh: '安装中' },
  success: { en: 'Success', zh: '成功' },
  failed: { en: 'Failed', zh: '失败' },
  cancelled: { en: 'Cancelled', zh: '已取消' },
};

export function stateLabel(state: string, locale: Locale): string {
  const t = STATE_LABELS[state as TaskDeviceState];
  return t ? pick(t, locale) : state;
}

export const EXPORT_SHEET: Text = { en: 'Upgrade results', zh: '升级结果' };
export const EXPORT_FILE: Text = { en: 'upgrade-results', zh: 'upgrade-results' };
export function exportSheetName(locale: Locale): string {
  return pick(EXPORT_SHEET, locale);
}
