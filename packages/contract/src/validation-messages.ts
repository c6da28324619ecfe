import {
  CATEGORY_MAX_COUNTRIES,
  CHAT_FILES_MAX,
  CHAT_TEXT_MAX,
  COVER_IMAGE_MAX_BYTES,
  EXPORT_RANGE_MAX_DAYS,
  IMPORT_MAX_ROWS,
  LICENCE_CAMERA_INTERVAL,
  LICENCE_FILE_MAX_BYTES,
  LICENCE_MAX_CHANNEL_RANGES,
  LOGO_UPLOAD_MAX_BYTES,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PORT_MAX,
  PORT_MIN,
  PRIVATE_KEY_PASSPHRASE_MIN,
  QUERY_RANGE_MAX_DAYS,
  VERSION_COUNT_MAX,
  VERSION_COUNT_MIN,
} from './constants';
import type { Locale } from './errors';
// Type-only: validators.ts has runtime code (zod schemas) this table must not pull in or cycle with.
import type { ValidationName } from './validators';

/*
 * Limits that live in validators.ts rather than constants.ts. They are repeated here because only
 * types may be imported from './validators'; test/validation-messages.test.ts checks that they
 * still equal the exported values (INVITEE_NAME_MAX, SMTP_PORT_MIN, SN_MAX_LENGTH, ...).
 */
const INVITEE_NAME_MAX = 100;
const SMTP_PORT_MIN = 1;
const SN_MAX_LENGTH = 64;
const FOLDER_NAME_MAX_LENGTH = 255;
const TITLE_MAX_LENGTH = 100;
const ICON_SIDE = 18;
const DETAIL_IMAGE_WIDTH_MIN = 600;
const DETAIL_IMAGE_WIDTH_MAX = 820;

/** 5000 -> "5,000" (en-US grouping, without depending on the runtime's ICU data). */
function grouped(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Whole megabytes of a byte limit. */
function mb(bytes: number): number {
  return bytes / (1024 * 1024);
}

/**
 * Texts of the `validation.*` message keys that contract schemas use, in both locales. The web
 * loads them into i18n under `validation`; the server uses them in 1001 answers.
 *
 * Keyed by the part after `validation.`; typed by ValidationName so that a key added to
 * VALIDATION_MESSAGE_KEYS without texts here does not compile. Schemas pass no interpolation
 * params, so the texts contain no placeholders: fixed limits are spelt out from the constants and
 * dynamic ones (validity days minimum, password strength level) are phrased generally.
 */
export const VALIDATION_MESSAGES: Record<ValidationName, { en: string; zh: string }> = {
  // ----- accounts and passwords -----
  emailRequired: { en: 'Please enter the e-mail.', zh: '请输入邮箱。' },
  emailInvalid: { en: 'The e-mail format is invalid.', zh: '邮箱格式不正确。' },
  passwordRequired: { en: 'Please enter the password.', zh: '请输入密码。' },
  passwordRule: {
    en: `The password must be ${PASSWORD_MIN}-${PASSWORD_MAX} characters with at least two of digits, letters and special characters.`,
    zh: `密码须为${PASSWORD_MIN}-${PASSWORD_MAX}位，且至少包含数字、字母、特殊字符中的两种。`,
  },
  passwordLength: {
    en: `The password must be ${PASSWORD_MIN}-${PASSWORD_MAX} characters.`,
    zh: `密码长度须为${PASSWORD_MIN}-${PASSWORD_MAX}位。`,
  },
  passwordStrength: {
    en: 'The password is too weak. Combine more kinds of characters: lowercase letters, uppercase letters, digits and special characters.',
    zh: '密码强度不足，请组合使用更多类型的字符：小写字母、大写字母、数字和特殊字符。',
  },
  passwordMismatch: { en: 'The two passwords do not match.', zh: '两次输入的密码不一致。' },
  confirmPasswordRequired: { en: 'Please enter the password again to confirm it.', zh: '请再次输入密码。' },
  verifyCodeRequired: { en: 'Please enter the verification code.', zh: '请输入验证码。' },
  imageCodeRequired: { en: 'Please enter the graphic code.', zh: '请输入图形验证码。' },
  nameRequired: { en: 'Please enter the name.', zh: '请输入名称。' },
  nameTooLong: {
    en: `The name cannot exceed ${INVITEE_NAME_MAX} characters.`,
    zh: `名称不能超过${INVITEE_NAME_MAX}个字符。`,
  },
  companyNameRequired: { en: 'Please enter the company name.', zh: '请输入公司名称。' },
  nickNameRequired: { en: 'Please enter the nickname.', zh: '请输入昵称。' },
  agreeTerms: { en: 'Please read and agree to the terms.', zh: '请阅读并同意服务条款。' },
  nickNameTooLong: { en: 'The nickname cannot exceed 50 characters.', zh: '昵称不能超过50个字符。' },
  phoneInvalid: {
    en: 'The phone number can contain only digits, spaces and + - ( ), up to 32 characters.',
    zh: '电话号码只能包含数字、空格及 + - ( )，且不超过32个字符。',
  },
  oldPasswordRequired: { en: 'Please enter the old password.', zh: '请输入旧密码。' },
  userConfigTooLarge: { en: 'The saved setting is too large.', zh: '保存的设置内容过大。' },
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
  regionRequired: { en: 'Please select at least one region.', zh: '请至少选择一个区域。' },
  regionDuplicate: { en: 'A release cannot target the same region twice.', zh: '同一区域不能重复发布。' },
  domainRequired: { en: 'Please enter the domain name.', zh: '请输入域名。' },
  domainInvalid: {
    en: 'The domain name format is invalid. Enter it without http://, port or path, e.g. portal.example.com.',
    zh: '域名格式不正确，请输入不含http://、端口和路径的域名，如portal.example.com。',
  },
  domainDuplicate: { en: 'This domain name is already in the list.', zh: '域名不能重复。' },
  webDomainRequired: { en: 'Please add at least one web domain name.', zh: '请至少添加一个Web域名。' },

  // ----- devices -----
  macRequired: { en: 'Please enter the MAC address.', zh: '请输入MAC地址。' },
  macInvalid: {
    en: 'The MAC address format is invalid. Use AA:BB:CC:DD:EE:FF, AA-BB-CC-DD-EE-FF or AABBCCDDEEFF.',
    zh: 'MAC地址格式不正确，请使用AA:BB:CC:DD:EE:FF、AA-BB-CC-DD-EE-FF或AABBCCDDEEFF格式。',
  },
  macRangeOuiMismatch: {
    en: 'The start and end MAC addresses must have the same first 6 hex digits.',
    zh: '起始和结束MAC地址的前6位十六进制字符必须相同。',
  },
  macRangeOrder: {
    en: 'The end MAC address cannot be smaller than the start MAC address.',
    zh: '结束MAC地址不能小于起始MAC地址。',
  },
  snRequired: { en: 'Please enter the SN.', zh: '请输入SN。' },
  snInvalid: {
    en: `The SN can contain only letters, digits, "-" and "_", up to ${SN_MAX_LENGTH} characters.`,
    zh: `SN只能包含字母、数字、“-”和“_”，且不超过${SN_MAX_LENGTH}个字符。`,
  },

  // ----- firmware, folders and titles -----
  versionNameRequired: { en: 'Please enter the version name.', zh: '请输入版本名称。' },
  versionNameInvalid: {
    en: 'The version name can contain letters, digits, spaces and . _ - +, up to 64 characters.',
    zh: '版本名称只能包含字母、数字、空格和 . _ - +，且不超过64个字符。',
  },
  compatibleVersionRequired: { en: 'Please select at least one compatible version.', zh: '请至少选择一个兼容版本。' },
  modelRequired: { en: 'Please select at least one device model.', zh: '请至少选择一个设备型号。' },
  packageTooLarge: { en: 'The firmware package is too large (at most 2 GB).', zh: '固件包过大（最大2 GB）。' },
  speedRequired: { en: 'Please choose the release speed.', zh: '请选择发布速度。' },
  targetDevicesRequired: { en: 'Please enter SNs, MAC ranges or import a device list.', zh: '请输入SN、MAC地址段或导入设备清单。' },
  md5Required: { en: 'Please enter the MD5.', zh: '请输入MD5值。' },
  md5Invalid: { en: 'The MD5 must be 32 hexadecimal characters.', zh: 'MD5值须为32位十六进制字符。' },
  md5Mismatch: {
    en: 'The MD5 does not match the uploaded firmware package.',
    zh: 'MD5值与上传的固件包不一致。',
  },
  validityDaysMin: {
    en: 'The validity days must be a whole number no less than the minimum allowed.',
    zh: '有效天数须为整数，且不能小于允许的最小天数。',
  },
  versionCountRange: {
    en: `A gray release must target ${VERSION_COUNT_MIN} to ${grouped(VERSION_COUNT_MAX)} devices.`,
    zh: `灰度发布的设备数量须为${VERSION_COUNT_MIN}-${VERSION_COUNT_MAX}台。`,
  },
  descriptionRequired: { en: 'Please enter the description in English.', zh: '请输入英文描述。' },
  folderNameRequired: { en: 'Please enter the folder name.', zh: '请输入文件夹名称。' },
  folderNameInvalid: {
    en: 'The folder name cannot contain \\ / : * ? " < > | or be "." or "..".',
    zh: '文件夹名称不能包含\\ / : * ? " < > |，且不能为“.”或“..”。',
  },
  folderNameTooLong: {
    en: `The folder name cannot exceed ${FOLDER_NAME_MAX_LENGTH} characters.`,
    zh: `文件夹名称不能超过${FOLDER_NAME_MAX_LENGTH}个字符。`,
  },
  titleRequired: { en: 'Please enter the title.', zh: '请输入标题。' },
  titleInvalid: {
    en: "The title cannot contain special characters. Only letters, digits, spaces and - _ . , ( ) & ' are allowed.",
    zh: "标题不能包含特殊字符，仅支持文字、数字、空格及 - _ . , ( ) & ' ，。、（）·",
  },
  titleTooLong: {
    en: `The title cannot exceed ${TITLE_MAX_LENGTH} characters.`,
    zh: `标题不能超过${TITLE_MAX_LENGTH}个字符。`,
  },

  // ----- imports, licences and prices -----
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
  licenceRangeRequired: { en: 'Please add at least one channel upper limit.', zh: '请至少添加一个通道上限。' },
  licenceRangesMax: {
    en: `At most ${LICENCE_MAX_CHANNEL_RANGES} channel upper limits can be set.`,
    zh: `最多可设置${LICENCE_MAX_CHANNEL_RANGES}个通道上限。`,
  },
  licenceRangeDuplicate: { en: 'This channel upper limit is already set.', zh: '通道上限不能重复。' },
  cameraCountInterval: {
    en: `The number of channels must be a multiple of ${LICENCE_CAMERA_INTERVAL} (${LICENCE_CAMERA_INTERVAL}, ${LICENCE_CAMERA_INTERVAL * 2}, ${LICENCE_CAMERA_INTERVAL * 3}, ...).`,
    zh: `通道数须为${LICENCE_CAMERA_INTERVAL}的倍数（${LICENCE_CAMERA_INTERVAL}、${LICENCE_CAMERA_INTERVAL * 2}、${LICENCE_CAMERA_INTERVAL * 3}……）。`,
  },
  priceRequired: { en: 'Please enter the price.', zh: '请输入价格。' },
  priceInvalid: {
    en: 'The price must be a number no less than 0 with at most 2 decimal places.',
    zh: '价格须为不小于0的数字，最多保留两位小数。',
  },
  priceBelowCost: { en: 'The price cannot be lower than the cost price.', zh: '价格不能低于成本价。' },
  androidPriceBelowGuide: { en: 'The Android price cannot be lower than the guide price.', zh: 'Android售价不能低于指导价。' },
  iosPriceBelowGuide: { en: 'The iOS price cannot be lower than the guide price.', zh: 'iOS售价不能低于指导价。' },
  guidePriceBelowCost: { en: 'The guide price cannot be lower than the cost price.', zh: '指导价不能低于成本价。' },
  trialDaysInvalid: { en: 'The trial days must be a whole number of 0 or more.', zh: '试用天数须为大于或等于0的整数。' },
  giftValuePositive: { en: 'The gift value must be greater than 0.', zh: '礼品价值须大于0。' },
  giftExpiryPast: { en: 'The expiry time must be later than now.', zh: '有效期须晚于当前时间。' },

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

  // ----- other -----
  chatMessageRequired: { en: 'Please enter a message.', zh: '请输入消息内容。' },
  chatMessageTooLong: {
    en: `The message cannot exceed ${grouped(CHAT_TEXT_MAX)} characters.`,
    zh: `消息内容不能超过${CHAT_TEXT_MAX}个字符。`,
  },
  chatTooManyFiles: {
    en: `At most ${CHAT_FILES_MAX} files can be attached to one message.`,
    zh: `每条消息最多附带${CHAT_FILES_MAX}个文件。`,
  },
  countryInvalid: { en: 'Please select a valid country or region.', zh: '请选择有效的国家/地区。' },
  countryDuplicate: { en: 'This country or region is already selected.', zh: '国家/地区不能重复。' },
  countriesMax: {
    en: `At most ${CATEGORY_MAX_COUNTRIES} countries or regions can be selected.`,
    zh: `最多可选择${CATEGORY_MAX_COUNTRIES}个国家/地区。`,
  },
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

  // ----- partner network -----
  userLimitInvalid: { en: 'The user limit must be a whole number from 1 to 100,000.', zh: '用户上限须为1到100,000之间的整数。' },
  rejectReasonRequired: { en: 'Please enter the reason for the rejection.', zh: '请输入驳回原因。' },
  rejectReasonTooLong: { en: 'The reason cannot exceed 200 characters.', zh: '驳回原因不能超过200个字符。' },
};

/** Message of a `validation.*` key (or of a bare zod message, returned unchanged). */
export function validationMessage(message: string, locale: Locale): string {
  if (!message.startsWith('validation.')) return message;
  const key = message.slice('validation.'.length);
  // Own keys only, so names such as constructor or toString are not read from Object.prototype.
  if (!Object.prototype.hasOwnProperty.call(VALIDATION_MESSAGES, key)) return message;
  const entry = VALIDATION_MESSAGES[key as ValidationName];
  return locale === 'zh-CN' ? entry.zh : entry.en;
}
