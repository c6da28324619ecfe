import { VERSION_COUNT_MAX, VERSION_COUNT_MIN } from '../../shared/constants';
import { grouped, type MessageText } from '../../shared/messages';

/** SN_MAX_LENGTH of ./validators.ts, repeated (no zod here); test/validation-messages.test.ts checks it. */
const SN_MAX_LENGTH = 64;

/** Texts of the cloud-upgrade module's keys: devices, packages, releases (see shared/messages.ts: no zod here). */
export const CLOUD_UPGRADE_VALIDATION_MESSAGES = {
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

  // ----- packages -----
  versionNameRequired: { en: 'Please enter the version name.', zh: '请输入版本名称。' },
  versionNameInvalid: {
    en: 'The version name can contain letters, digits, spaces and . _ - +, up to 64 characters.',
    zh: '版本名称只能包含字母、数字、空格和 . _ - +，且不超过64个字符。',
  },
  compatibleVersionRequired: { en: 'Please select at least one compatible version.', zh: '请至少选择一个兼容版本。' },
  modelRequired: { en: 'Please select at least one device model.', zh: '请至少选择一个设备型号。' },
  packageTooLarge: { en: 'The firmware package is too large (at most 2 GB).', zh: '固件包过大（最大2 GB）。' },
  md5Required: { en: 'Please enter the MD5.', zh: '请输入MD5值。' },
  md5Invalid: { en: 'The MD5 must be 32 hexadecimal characters.', zh: 'MD5值须为32位十六进制字符。' },
  md5Mismatch: {
    en: 'The MD5 does not match the uploaded firmware package.',
    zh: 'MD5值与上传的固件包不一致。',
  },

  // ----- releases -----
  regionRequired: { en: 'Please select at least one region.', zh: '请至少选择一个区域。' },
  regionDuplicate: { en: 'A release cannot target the same region twice.', zh: '同一区域不能重复发布。' },
  speedRequired: { en: 'Please choose the release speed.', zh: '请选择发布速度。' },
  targetDevicesRequired: { en: 'Please enter SNs, MAC ranges or import a device list.', zh: '请输入SN、MAC地址段或导入设备清单。' },
  versionCountRange: {
    en: `A gray release must target ${VERSION_COUNT_MIN} to ${grouped(VERSION_COUNT_MAX)} devices.`,
    zh: `灰度发布的设备数量须为${VERSION_COUNT_MIN}-${VERSION_COUNT_MAX}台。`,
  },
} satisfies Record<string, MessageText>;

export type CloudUpgradeValidationName = keyof typeof CLOUD_UPGRADE_VALIDATION_MESSAGES;
