/**
 * Validation message texts: the machinery every module's messages.ts uses, and the texts of the
 * shared rules (shared/validators.ts). The tables are keyed by the part after `validation.`; the
 * root (src/validation-messages.ts) assembles them into VALIDATION_MESSAGES, which the web loads into
 * i18n under `validation` and the server uses in 1001 answers.
 *
 * No zod here, nor in any messages.ts: the web's first screen loads these texts and must not
 * download zod (issue 16). So a messages.ts imports only constants and types; a limit that lives in
 * a validators.ts is repeated in the text and a test checks that the two still agree.
 *
 * Schemas pass no interpolation params, so the texts contain no placeholders: fixed limits are spelt
 * out from the constants and dynamic ones (validity days minimum, password strength level) are
 * phrased generally.
 */
import {
  COVER_IMAGE_MAX_BYTES,
  EXPORT_RANGE_MAX_DAYS,
  IMPORT_MAX_ROWS,
  LICENCE_FILE_MAX_BYTES,
  LOGO_UPLOAD_MAX_BYTES,
  PORT_MAX,
  PORT_MIN,
  PRIVATE_KEY_PASSPHRASE_MIN,
  QUERY_RANGE_MAX_DAYS,
} from './constants';

/** The text of one message key in both locales. */
export interface MessageText {
  en: string;
  zh: string;
}

/** 5000 -> "5,000" (en-US grouping, without depending on the runtime's ICU data). */
export function grouped(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Whole megabytes of a byte limit. */
export function mb(bytes: number): number {
  return bytes / (1024 * 1024);
}

/*
 * Limits of shared/validators.ts, repeated (see above); test/validation-messages.test.ts checks them
 * against SMTP_PORT_MIN, ICON_SIZE and DETAIL_IMAGE_WIDTH_MIN/MAX.
 */
const SMTP_PORT_MIN = 1;
const ICON_SIDE = 18;
const DETAIL_IMAGE_WIDTH_MIN = 600;
const DETAIL_IMAGE_WIDTH_MAX = 820;

/** Texts of the shared rules' keys. */
export const SHARED_VALIDATION_MESSAGES = {
  // ----- accounts -----
  emailRequired: { en: 'Please enter the e-mail.', zh: '请输入邮箱。' },
  emailInvalid: { en: 'The e-mail format is invalid.', zh: '邮箱格式不正确。' },
  // Registration (auth), invitations and companies (partner), users (account-manage).
  companyNameRequired: { en: 'Please enter the company name.', zh: '请输入公司名称。' },
  nickNameRequired: { en: 'Please enter the nickname.', zh: '请输入昵称。' },

  // ----- any call -----
  idInvalid: { en: 'This is not a valid record id.', zh: '不是有效的记录编号。' },
  valueRequired: { en: 'A value is required.', zh: '必须填写值。' },
  timeInvalid: { en: 'This is not a valid time.', zh: '不是有效的时间。' },

  // ----- network -----
  portRequired: { en: 'Please enter the port.', zh: '请输入端口。' },
  portInvalid: { en: 'The port must be a whole number (digits only).', zh: '端口须为整数（仅限数字）。' },
  portRange: {
    en: `The port must be between ${PORT_MIN} and ${PORT_MAX}.`,
    zh: `端口范围为${PORT_MIN}-${PORT_MAX}。`,
  },
  smtpPortRequired: { en: 'Please enter the SMTP port.', zh: '请输入SMTP端口。' },
  smtpPortDigits: { en: 'The SMTP port can contain digits only.', zh: 'SMTP端口只能输入数字。' },
  smtpPortRange: {
    en: `The SMTP port must be between ${SMTP_PORT_MIN} and ${PORT_MAX}.`,
    zh: `SMTP端口范围为${SMTP_PORT_MIN}-${PORT_MAX}。`,
  },
  privateKeyPassphraseRequired: { en: 'Please enter the private key password.', zh: '请输入私钥密码。' },
  privateKeyPassphraseMin: {
    en: `The private key password must be at least ${PRIVATE_KEY_PASSPHRASE_MIN} characters (spaces count).`,
    zh: `私钥密码至少为${PRIVATE_KEY_PASSPHRASE_MIN}个字符（空格计入长度）。`,
  },
  ipRequired: { en: 'Please enter the IP address.', zh: '请输入IP地址。' },
  ipInvalid: {
    en: 'The IP address format is invalid. Enter four numbers separated by dots without leading zeros, e.g. 192.168.1.10.',
    zh: 'IP地址格式不正确，请输入以点分隔的四段数字且不含前导零，如192.168.1.10。',
  },
  ipSegmentRange: { en: 'Each part of the IP address must be between 0 and 255.', zh: 'IP地址每段须在0-255之间。' },
  ipZeroSegment: { en: 'The first and last parts of the IP address cannot be 0.', zh: 'IP地址的首段和末段不能为0。' },
  domainRequired: { en: 'Please enter the domain name.', zh: '请输入域名。' },
  domainInvalid: {
    en: 'The domain name format is invalid. Enter it without http://, port or path, e.g. portal.example.com.',
    zh: '域名格式不正确，请输入不含http://、端口和路径的域名，如portal.example.com。',
  },
  domainDuplicate: { en: 'This domain name is already in the list.', zh: '域名不能重复。' },
  webDomainRequired: { en: 'Please add at least one web domain name.', zh: '请至少添加一个Web域名。' },

  // ----- validity and texts per language -----
  validityDaysMin: {
    en: 'The validity days must be a whole number no less than the minimum allowed.',
    zh: '有效天数须为整数，且不能小于允许的最小天数。',
  },
  descriptionRequired: { en: 'Please enter the description in English.', zh: '请输入英文描述。' },

  // ----- imports and prices -----
  importFileType: {
    en: 'Only Excel files can be imported: .xlsx for device lists, .xlsx or .xls for licence price lists.',
    zh: '仅支持导入Excel文件：设备列表为.xlsx，许可证价格表为.xlsx或.xls。',
  },
  importFileTooLarge: {
    en: `The file cannot exceed ${mb(LICENCE_FILE_MAX_BYTES)} MB.`,
    zh: `文件大小不能超过${mb(LICENCE_FILE_MAX_BYTES)}MB。`,
  },
  importFileEmpty: { en: 'The file is empty.', zh: '文件内容为空。' },
  importEmpty: { en: 'The file contains no data rows.', zh: '文件中没有数据。' },
  importTooManyRows: {
    en: `At most ${grouped(IMPORT_MAX_ROWS)} rows can be imported at a time.`,
    zh: `单次最多导入${IMPORT_MAX_ROWS}条数据。`,
  },
  importMissingColumns: {
    en: 'The file is missing required columns. Please use the import template.',
    zh: '文件缺少必填列，请使用导入模板。',
  },
  priceRequired: { en: 'Please enter the price.', zh: '请输入价格。' },
  priceInvalid: {
    en: 'The price must be a number no less than 0 with at most 2 decimal places.',
    zh: '价格须为不小于0的数字，最多保留两位小数。',
  },

  // ----- images -----
  imageTypeNotAllowed: {
    en: 'Only PNG, JPG or GIF images are allowed (PNG or JPG for logos and icons).',
    zh: '仅支持PNG、JPG或GIF格式的图片（Logo和图标仅支持PNG或JPG）。',
  },
  imageTooLarge: {
    en: `The image is too large: at most ${mb(COVER_IMAGE_MAX_BYTES)} MB for covers and detail images, ${mb(LOGO_UPLOAD_MAX_BYTES)} MB for logos and icons.`,
    zh: `图片过大：封面图和详情图不能超过${mb(COVER_IMAGE_MAX_BYTES)}MB，Logo和图标不能超过${mb(LOGO_UPLOAD_MAX_BYTES)}MB。`,
  },
  fileEmpty: { en: 'The file is empty.', zh: '文件内容为空。' },
  iconSize: {
    en: `The icon must be exactly ${ICON_SIDE} × ${ICON_SIDE} pixels.`,
    zh: `图标尺寸须为${ICON_SIDE}×${ICON_SIDE}像素。`,
  },
  detailImageWidth: {
    en: `The detail image must be ${DETAIL_IMAGE_WIDTH_MIN}-${DETAIL_IMAGE_WIDTH_MAX} pixels wide.`,
    zh: `详情图宽度须为${DETAIL_IMAGE_WIDTH_MIN}-${DETAIL_IMAGE_WIDTH_MAX}像素。`,
  },

  // ----- countries and date ranges -----
  countryInvalid: { en: 'Please select a valid country or region.', zh: '请选择有效的国家/地区。' },
  dateRangeRequired: { en: 'Please select the time range.', zh: '请选择时间范围。' },
  dateRangeOrder: { en: 'The end time cannot be earlier than the start time.', zh: '结束时间不能早于开始时间。' },
  queryRangeTooLong: {
    en: `The query range cannot exceed ${QUERY_RANGE_MAX_DAYS} days.`,
    zh: `查询时间范围不能超过${QUERY_RANGE_MAX_DAYS}天。`,
  },
  exportRangeTooLong: {
    en: `The export range cannot exceed ${EXPORT_RANGE_MAX_DAYS} days.`,
    zh: `导出时间范围不能超过${EXPORT_RANGE_MAX_DAYS}天。`,
  },
} satisfies Record<string, MessageText>;

export type SharedValidationName = keyof typeof SHARED_VALIDATION_MESSAGES;
