/**
 * Validation rules of SPEC §5, as plain functions and zod schemas shared by forms and the server.
 * Zod messages are i18n keys (`validation.*`); the web translates them, the server maps them to 1001.
 *
 * Every pure check comes first as a function (`isXxxValid`, `xxxError` returning a key or null),
 * then as a zod schema built on it, so antd forms (through `firstIssueKey` or a zod resolver)
 * and the server's request schemas apply exactly the same rule.
 *
 * Message keys used here and by the call schemas in ./calls (all listed in VALIDATION_MESSAGE_KEYS):
 *   accounts and passwords:
 *     validation.emailRequired, validation.emailInvalid, validation.passwordRequired,
 *     validation.passwordRule, validation.passwordLength, validation.passwordStrength,
 *     validation.passwordMismatch, validation.confirmPasswordRequired, validation.verifyCodeRequired,
 *     validation.imageCodeRequired, validation.nameRequired, validation.nameTooLong,
 *     validation.companyNameRequired, validation.nickNameRequired, validation.agreeTerms,
 *     validation.nickNameTooLong, validation.phoneInvalid, validation.oldPasswordRequired,
 *     validation.userConfigTooLarge
 *   network:
 *     validation.portRequired, validation.portInvalid, validation.portRange,
 *     validation.smtpPortRequired, validation.smtpPortDigits, validation.smtpPortRange,
 *     validation.privateKeyPassphraseRequired, validation.privateKeyPassphraseMin,
 *     validation.ipRequired, validation.ipInvalid, validation.ipSegmentRange, validation.ipZeroSegment,
 *     validation.regionRequired, validation.regionDuplicate,
 *     validation.domainRequired, validation.domainInvalid, validation.domainDuplicate,
 *     validation.webDomainRequired
 *   devices:
 *     validation.macRequired, validation.macInvalid, validation.macRangeOuiMismatch,
 *     validation.macRangeOrder, validation.snRequired, validation.snInvalid
 *   upgrade (used by calls/upgrade.ts):
 *     validation.versionNameRequired, validation.versionNameInvalid, validation.compatibleVersionRequired,
 *     validation.modelRequired, validation.packageTooLarge, validation.speedRequired,
 *     validation.targetDevicesRequired
 *   firmware and files:
 *     validation.md5Required, validation.md5Invalid, validation.md5Mismatch,
 *     validation.validityDaysMin, validation.versionCountRange, validation.descriptionRequired,
 *     validation.folderNameRequired, validation.folderNameInvalid, validation.folderNameTooLong,
 *     validation.titleRequired, validation.titleInvalid, validation.titleTooLong
 *   imports, licences and prices:
 *     validation.importFileType, validation.importFileTooLarge, validation.importFileEmpty,
 *     validation.importEmpty, validation.importTooManyRows, validation.importMissingColumns,
 *     validation.licenceRangeRequired, validation.licenceRangesMax, validation.licenceRangeDuplicate,
 *     validation.cameraCountInterval, validation.priceRequired, validation.priceInvalid,
 *     validation.priceBelowCost, validation.androidPriceBelowGuide, validation.iosPriceBelowGuide,
 *     validation.guidePriceBelowCost, validation.trialDaysInvalid,
 *     validation.giftValuePositive, validation.giftExpiryPast
 *   images:
 *     validation.imageTypeNotAllowed, validation.imageTooLarge, validation.fileEmpty,
 *     validation.iconSize, validation.detailImageWidth
 *   other:
 *     validation.chatMessageRequired, validation.chatMessageTooLong, validation.chatTooManyFiles,
 *     validation.countryInvalid, validation.countryDuplicate, validation.countriesMax,
 *     validation.dateRangeRequired, validation.dateRangeOrder, validation.queryRangeTooLong,
 *     validation.exportRangeTooLong
 *   partner network:
 *     validation.userLimitInvalid, validation.rejectReasonRequired, validation.rejectReasonTooLong
 *   any call:
 *     validation.idInvalid, validation.valueRequired, validation.timeInvalid
 *
 * Limits that SPEC §9 does not state (and that constants.ts therefore lacks) are exported below as
 * named constants, each with the reason for its value.
 */
import { z } from 'zod';
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
  LOGO_STORED_MAX_BYTES,
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
import { DEFAULT_LOCALE } from './errors';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, normalizeEmail } from './rules';

// ---------------------------------------------------------------------------------------------
// Message keys
// ---------------------------------------------------------------------------------------------

export const VALIDATION_MESSAGE_KEYS = [
  // accounts and passwords
  'validation.emailRequired',
  'validation.emailInvalid',
  'validation.passwordRequired',
  'validation.passwordRule',
  'validation.passwordLength',
  'validation.passwordStrength',
  'validation.passwordMismatch',
  'validation.confirmPasswordRequired',
  'validation.verifyCodeRequired',
  'validation.imageCodeRequired',
  'validation.nameRequired',
  'validation.nameTooLong',
  'validation.companyNameRequired',
  'validation.nickNameRequired',
  'validation.agreeTerms',
  'validation.nickNameTooLong',
  'validation.phoneInvalid',
  'validation.oldPasswordRequired',
  'validation.userConfigTooLarge',
  // network
  'validation.portRequired',
  'validation.portInvalid',
  'validation.portRange',
  'validation.smtpPortRequired',
  'validation.smtpPortDigits',
  'validation.smtpPortRange',
  'validation.privateKeyPassphraseRequired',
  'validation.privateKeyPassphraseMin',
  'validation.ipRequired',
  'validation.ipInvalid',
  'validation.ipSegmentRange',
  'validation.ipZeroSegment',
  'validation.regionRequired',
  'validation.regionDuplicate',
  'validation.domainRequired',
  'validation.domainInvalid',
  'validation.domainDuplicate',
  'validation.webDomainRequired',
  // devices
  'validation.macRequired',
  'validation.macInvalid',
  'validation.macRangeOuiMismatch',
  'validation.macRangeOrder',
  'validation.snRequired',
  'validation.snInvalid',
  'validation.versionNameRequired',
  'validation.versionNameInvalid',
  'validation.compatibleVersionRequired',
  'validation.modelRequired',
  'validation.packageTooLarge',
  'validation.speedRequired',
  'validation.targetDevicesRequired',
  // firmware and files
  'validation.md5Required',
  'validation.md5Invalid',
  'validation.md5Mismatch',
  'validation.validityDaysMin',
  'validation.versionCountRange',
  'validation.descriptionRequired',
  'validation.folderNameRequired',
  'validation.folderNameInvalid',
  'validation.folderNameTooLong',
  'validation.titleRequired',
  'validation.titleInvalid',
  'validation.titleTooLong',
  // imports, licences and prices
  'validation.importFileType',
  'validation.importFileTooLarge',
  'validation.importFileEmpty',
  'validation.importEmpty',
  'validation.importTooManyRows',
  'validation.importMissingColumns',
  'validation.licenceRangeRequired',
  'validation.licenceRangesMax',
  'validation.licenceRangeDuplicate',
  'validation.cameraCountInterval',
  'validation.priceRequired',
  'validation.priceInvalid',
  'validation.priceBelowCost',
  'validation.androidPriceBelowGuide',
  'validation.iosPriceBelowGuide',
  'validation.guidePriceBelowCost',
  'validation.trialDaysInvalid',
  'validation.giftValuePositive',
  'validation.giftExpiryPast',
  // images
  'validation.imageTypeNotAllowed',
  'validation.imageTooLarge',
  'validation.fileEmpty',
  'validation.iconSize',
  'validation.detailImageWidth',
  // other
  'validation.chatMessageRequired',
  'validation.chatMessageTooLong',
  'validation.chatTooManyFiles',
  'validation.countryInvalid',
  'validation.countryDuplicate',
  'validation.countriesMax',
  'validation.dateRangeRequired',
  'validation.dateRangeOrder',
  'validation.queryRangeTooLong',
  'validation.exportRangeTooLong',
  // partner network
  'validation.userLimitInvalid',
  'validation.rejectReasonRequired',
  'validation.rejectReasonTooLong',
  // any call (issue 11 §1.8)
  'validation.idInvalid',
  'validation.valueRequired',
  'validation.timeInvalid',
] as const;

export type ValidationMessageKey = (typeof VALIDATION_MESSAGE_KEYS)[number];
/** The part after `validation.`: `vk('portRange')` only compiles for listed keys. */
export type ValidationName = ValidationMessageKey extends `validation.${infer N}` ? N : never;

function vk<N extends ValidationName>(name: N): `validation.${N}` {
  return `validation.${name}`;
}

/** A zod `error` option that answers `requiredKey` for missing input and `invalidKey` otherwise. */
function requiredOr(requiredKey: ValidationMessageKey, invalidKey: ValidationMessageKey) {
  return (iss: { input?: unknown }) => (iss.input === undefined || iss.input === null ? requiredKey : invalidKey);
}

/**
 * The message key of the first issue, or null when the value is valid: the bridge to antd rules,
 * e.g. `{ validator: (_, v) => { const k = firstIssueKey(portSchema, v); return k ? Promise.reject(t(k)) : Promise.resolve(); } }`.
 */
export function firstIssueKey(schema: z.ZodType, value: unknown): string | null {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? null);
}

/** Items that occur more than once in `list`, each reported once, in order of first repetition. */
export function findDuplicates<T>(list: readonly T[]): T[] {
  const seen = new Set<T>();
  const dup = new Set<T>();
  for (const item of list) {
    if (seen.has(item)) dup.add(item);
    else seen.add(item);
  }
  return [...dup];
}

/** Adds one issue per repeated item (at the index of each repetition, not of the first occurrence). */
function flagRepeats<T>(list: readonly T[], key: ValidationMessageKey, ctx: z.RefinementCtx, pathOf: (i: number) => PropertyKey[] = (i) => [i]) {
  const seen = new Set<T>();
  list.forEach((item, i) => {
    if (seen.has(item)) ctx.addIssue({ code: 'custom', message: key, path: pathOf(i) });
    seen.add(item);
  });
}

/** Length in Unicode code points, so an emoji counts as one character (never more than antd's UTF-16 count). */
export function charCount(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

export const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Record ids
// ---------------------------------------------------------------------------------------------

/** Largest id a row can have: ids are PostgreSQL `integer` (serial) columns. */
export const ID_MAX = 2_147_483_647;

/**
 * The id of a record in a request: a positive integer the database's id columns can hold, so an
 * out-of-range number is refused here (1001) rather than by the database (a 500).
 */
export const idSchema = z
  .number({ error: vk('idInvalid') })
  .int({ error: vk('idInvalid') })
  .min(1, { error: vk('idInvalid') })
  .max(ID_MAX, { error: vk('idInvalid') });

/** Latest instant a JavaScript Date (and so the server) can hold, in ms since the epoch. */
export const EPOCH_MS_MAX = 8_640_000_000_000_000;

/** An instant in a request, in ms since the epoch: an integer a Date can hold (not before 1970). */
export const epochMsSchema = z
  .number({ error: vk('timeInvalid') })
  .int({ error: vk('timeInvalid') })
  .min(0, { error: vk('timeInvalid') })
  .max(EPOCH_MS_MAX, { error: vk('timeInvalid') });

// ---------------------------------------------------------------------------------------------
// Passwords and accounts
// ---------------------------------------------------------------------------------------------

/** Number of character kinds (lowercase, uppercase, digit, special) present. */
export function passwordKinds(pw: string): number {
  let n = 0;
  if (/[a-z]/.test(pw)) n++;
  if (/[A-Z]/.test(pw)) n++;
  if (/[0-9]/.test(pw)) n++;
  if (/[^a-zA-Z0-9]/.test(pw)) n++;
  return n;
}

/** Strength level: 3 needs all 4 kinds, 2 needs at least 2 kinds, otherwise 1 (SPEC §5). */
export function passwordStrength(pw: string): 1 | 2 | 3 {
  const k = passwordKinds(pw);
  if (k >= 4) return 3;
  if (k >= 2) return 2;
  return 1;
}

/** 8-16 characters (SPEC §5, §9). */
export function isPasswordLengthValid(pw: string): boolean {
  return pw.length >= PASSWORD_MIN && pw.length <= PASSWORD_MAX;
}

/** Registration rule: 8-16 characters and at least two of digits, letters, special characters. */
export function isRegistrationPasswordValid(pw: string): boolean {
  if (!isPasswordLengthValid(pw)) return false;
  let groups = 0;
  if (/[a-zA-Z]/.test(pw)) groups++;
  if (/[0-9]/.test(pw)) groups++;
  if (/[^a-zA-Z0-9]/.test(pw)) groups++;
  return groups >= 2;
}

export const emailSchema = z
  .string({ error: 'validation.emailRequired' })
  .trim()
  .min(1, { error: 'validation.emailRequired' })
  .max(EMAIL_MAX_LENGTH, { error: 'validation.emailInvalid' })
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: 'validation.emailInvalid' }))
  .transform(normalizeEmail);

export function isEmailValid(email: string): boolean {
  return emailSchema.safeParse(email).success;
}

/** Registration password (SPEC §5): 8-16 characters, at least two of digits, letters, special characters. */
export const passwordSchema = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, { error: 'validation.passwordRequired' })
  .refine(isRegistrationPasswordValid, { error: 'validation.passwordRule' });

/** A password of 8-16 characters whose strength level (see passwordStrength) is at least `minLevel`. */
export function strongPasswordSchema(minLevel: 1 | 2 | 3 = 2) {
  return z
    .string({ error: vk('passwordRequired') })
    .min(1, { error: vk('passwordRequired') })
    .refine(isPasswordLengthValid, { error: vk('passwordLength'), abort: true })
    .refine((pw) => passwordStrength(pw) >= minLevel, { error: vk('passwordStrength') });
}

export function passwordsMatch(password: string, confirm: string): boolean {
  return password === confirm;
}

/** Password plus confirmation; the mismatch is reported on `confirmPassword`. */
export const passwordConfirmSchema = z
  .object({
    password: passwordSchema,
    confirmPassword: z.string({ error: vk('confirmPasswordRequired') }).min(1, { error: vk('confirmPasswordRequired') }),
  })
  // An empty confirmation is already reported as required; do not add a mismatch on top.
  .refine((d) => d.confirmPassword === '' || passwordsMatch(d.password, d.confirmPassword), { path: ['confirmPassword'], error: vk('passwordMismatch') });

/** E-mailed dynamic code: required (its format is the server's business). */
export const verifyCodeSchema = z.string({ error: vk('verifyCodeRequired') }).trim().min(1, { error: vk('verifyCodeRequired') });
/** Graphic (image) verification code: required. */
export const imageCodeSchema = z.string({ error: vk('imageCodeRequired') }).trim().min(1, { error: vk('imageCodeRequired') });

/** Longest installer/dealer name; the database column is sized for it. */
export const INVITEE_NAME_MAX = 100;
/** Installer/dealer name for an invitation: required. */
export const inviteeNameSchema = z
  .string({ error: vk('nameRequired') })
  .trim()
  .min(1, { error: vk('nameRequired') })
  .max(INVITEE_NAME_MAX, { error: vk('nameTooLong') });
/** Installer/dealer invitation: name and e-mail required (SPEC §5). */
export const inviteeSchema = z.object({ name: inviteeNameSchema, email: emailSchema });

// ---------------------------------------------------------------------------------------------
// Network
// ---------------------------------------------------------------------------------------------

/** Lowest SMTP port accepted (the SMTP rule is digits only; any real TCP port). */
export const SMTP_PORT_MIN = 1;
export const SMTP_PORT_MAX = PORT_MAX;

/** Public or redirect port: an integer 1024-65535 (SPEC §5). */
export function isPortValid(port: number): boolean {
  return Number.isInteger(port) && port >= PORT_MIN && port <= PORT_MAX;
}

/** SMTP port: digits only (no sign, dot or space inside) and 1-65535. */
export function isSmtpPortValid(port: string | number): boolean {
  return smtpPortError(port) === null;
}

export function smtpPortError(port: string | number | null | undefined): ValidationMessageKey | null {
  if (port === null || port === undefined) return vk('smtpPortRequired');
  const s = typeof port === 'number' ? (Number.isInteger(port) && port >= 0 ? String(port) : 'x') : port.trim();
  if (s === '') return vk('smtpPortRequired');
  if (!/^\d+$/.test(s)) return vk('smtpPortDigits');
  const n = Number(s);
  return n >= SMTP_PORT_MIN && n <= SMTP_PORT_MAX ? null : vk('smtpPortRange');
}

/**
 * An integer field typed into an antd Input or InputNumber: a number, a digit string (trimmed) or
 * empty. Output is the number.
 */
function integerInput(requiredKey: ValidationMessageKey, formatKey: ValidationMessageKey) {
  return z.union([z.number(), z.string(), z.null(), z.undefined()]).transform((v, ctx): number => {
    if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) {
      ctx.addIssue({ code: 'custom', message: requiredKey });
      return z.NEVER;
    }
    const n = typeof v === 'number' ? v : /^\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
    if (!Number.isInteger(n)) {
      ctx.addIssue({ code: 'custom', message: formatKey });
      return z.NEVER;
    }
    return n;
  });
}

/** Public/redirect port 1024-65535. Accepts a number or a digit string; outputs the number. */
export const portSchema = integerInput(vk('portRequired'), vk('portInvalid')).pipe(
  z.number().min(PORT_MIN, { error: vk('portRange') }).max(PORT_MAX, { error: vk('portRange') }),
);

/** SMTP port: digits only, 1-65535. Accepts a number or a digit string; outputs the number. */
export const smtpPortSchema = integerInput(vk('smtpPortRequired'), vk('smtpPortDigits')).pipe(
  z.number().min(SMTP_PORT_MIN, { error: vk('smtpPortRange') }).max(SMTP_PORT_MAX, { error: vk('smtpPortRange') }),
);

/** Encryption key (passphrase) of a private key: at least 5 characters, spaces count, never trimmed. */
export function isPrivateKeyPassphraseValid(passphrase: string): boolean {
  return passphrase.length >= PRIVATE_KEY_PASSPHRASE_MIN;
}

export const privateKeyPassphraseSchema = z
  .string({ error: vk('privateKeyPassphraseRequired') })
  .min(1, { error: vk('privateKeyPassphraseRequired') })
  .refine(isPrivateKeyPassphraseValid, { error: vk('privateKeyPassphraseMin') });

/**
 * IPv4 in dotted-quad form: four decimal segments 0-255, the first and the last (fourth) not 0
 * (SPEC §5). Leading zeros ("010") are rejected because some parsers read them as octal.
 */
export function ipv4Error(ip: string | null | undefined): ValidationMessageKey | null {
  const s = (ip ?? '').trim();
  if (s === '') return vk('ipRequired');
  const parts = s.split('.');
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || (p.length > 1 && p[0] === '0'))) return vk('ipInvalid');
  const n = parts.map(Number);
  if (n.some((x) => x > 255)) return vk('ipSegmentRange');
  if (n[0] === 0 || n[3] === 0) return vk('ipZeroSegment');
  return null;
}

export function isIpv4Valid(ip: string): boolean {
  return ipv4Error(ip) === null;
}

export const ipv4Schema = z
  .string({ error: vk('ipRequired') })
  .trim()
  .superRefine((ip, ctx) => {
    const key = ipv4Error(ip);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  });

/** Region (area id or country code) a release targets. */
export const regionIdSchema = z.union([z.number().int(), z.string().trim().min(1)], { error: vk('regionRequired') });
export type RegionId = z.infer<typeof regionIdSchema>;

/** "Same region cannot be released twice": the region ids that occur more than once. */
export function findDuplicateRegions(regionIds: readonly RegionId[]): RegionId[] {
  return findDuplicates(regionIds);
}

/** Target regions of one release: at least one, none twice (each repetition is flagged at its index). */
export const releaseRegionsSchema = z
  .array(regionIdSchema, { error: vk('regionRequired') })
  .min(1, { error: vk('regionRequired') })
  .superRefine((ids, ctx) => flagRepeats(ids, vk('regionDuplicate'), ctx));

/** Longest domain name (RFC 1035). */
export const DOMAIN_MAX_LENGTH = 253;
/**
 * Host name without scheme, port or path: dot-separated labels of letters, digits and inner hyphens
 * (1-63 each), at least two labels, an alphabetic top-level label or a punycode (xn--) one.
 * Internationalised names must be entered in punycode.
 */
const DOMAIN_RE = /^(?:(?!-)[a-z0-9-]{1,63}(?<!-)\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

export function isDomainValid(domain: string): boolean {
  const d = domain.trim().toLowerCase();
  return d.length <= DOMAIN_MAX_LENGTH && DOMAIN_RE.test(d);
}

/** A domain: required, valid, output trimmed and lower-cased. */
export const domainSchema = z
  .string({ error: vk('domainRequired') })
  .trim()
  .min(1, { error: vk('domainRequired') })
  .refine(isDomainValid, { error: vk('domainInvalid') })
  .transform((d) => d.toLowerCase());

/** Web (portal) domains of a brand: at least one, no repeats. */
export const webDomainsSchema = z
  .array(domainSchema, { error: vk('webDomainRequired') })
  .min(1, { error: vk('webDomainRequired') })
  .superRefine((list, ctx) => flagRepeats(list, vk('domainDuplicate'), ctx));

// ---------------------------------------------------------------------------------------------
// Devices: MAC and SN
// ---------------------------------------------------------------------------------------------

/** The first 6 hex digits of a MAC (the OUI) must be the same at both ends of a range. */
export const MAC_OUI_HEX_LENGTH = 6;
const MAC_GROUPED_RE = /^([0-9a-f]{2})([:-])([0-9a-f]{2})\2([0-9a-f]{2})\2([0-9a-f]{2})\2([0-9a-f]{2})\2([0-9a-f]{2})$/i;
const MAC_PLAIN_RE = /^[0-9a-f]{12}$/i;

/**
 * 12 upper-case hex digits for AA:BB:CC:DD:EE:FF, AA-BB-CC-DD-EE-FF or AABBCCDDEEFF (any case,
 * surrounding spaces ignored, one separator kind per address); null when the input is not a MAC.
 */
export function normalizeMac(mac: string | null | undefined): string | null {
  const s = (mac ?? '').trim();
  if (MAC_PLAIN_RE.test(s)) return s.toUpperCase();
  const m = MAC_GROUPED_RE.exec(s);
  if (!m) return null;
  return [m[1], m[3], m[4], m[5], m[6], m[7]].join('').toUpperCase();
}

/** AA:BB:CC:DD:EE:FF form of a normalised MAC (for display and export). */
export function formatMac(normalized: string, separator: ':' | '-' = ':'): string {
  return normalized.match(/.{2}/g)!.join(separator);
}

export function macError(mac: string | null | undefined): ValidationMessageKey | null {
  if ((mac ?? '').trim() === '') return vk('macRequired');
  return normalizeMac(mac) === null ? vk('macInvalid') : null;
}

export function isMacValid(mac: string): boolean {
  return macError(mac) === null;
}

/** Range rule: both valid, same first 6 hex digits, end >= start (a one-device range is allowed). */
export function macRangeError(start: string | null | undefined, end: string | null | undefined): ValidationMessageKey | null {
  const e = macError(start) ?? macError(end);
  if (e) return e;
  const s = normalizeMac(start)!;
  const t = normalizeMac(end)!;
  if (s.slice(0, MAC_OUI_HEX_LENGTH) !== t.slice(0, MAC_OUI_HEX_LENGTH)) return vk('macRangeOuiMismatch');
  return t >= s ? null : vk('macRangeOrder');
}

/** Number of addresses in a valid range (start and end included); 0 for an invalid range. */
export function macRangeSize(start: string, end: string): number {
  if (macRangeError(start, end)) return 0;
  const lo = parseInt(normalizeMac(start)!.slice(MAC_OUI_HEX_LENGTH), 16);
  const hi = parseInt(normalizeMac(end)!.slice(MAC_OUI_HEX_LENGTH), 16);
  return hi - lo + 1;
}

/** One MAC: required, valid; output normalised to 12 upper-case hex digits. */
export const macSchema = z.string({ error: vk('macRequired') }).transform((mac, ctx): string => {
  const key = macError(mac);
  if (key) {
    ctx.addIssue({ code: 'custom', message: key });
    return z.NEVER;
  }
  return normalizeMac(mac)!;
});

/** A MAC range; the OUI and order rules are reported on `end`. */
export const macRangeSchema = z.object({ start: macSchema, end: macSchema }).superRefine((r, ctx) => {
  const key = macRangeError(r.start, r.end);
  if (key) ctx.addIssue({ code: 'custom', message: key, path: ['end'] });
});

/** Longest serial number accepted. */
export const SN_MAX_LENGTH = 64;
/** Serial numbers are upper-case letters, digits, '-' and '_' after normalisation. */
const SN_RE = /^[A-Z0-9_-]+$/;

/** SN normalisation: trimmed and upper-cased, so "  ab12 " and "AB12" are the same device. */
export function normalizeSn(sn: string): string {
  return sn.trim().toUpperCase();
}

export function snError(sn: string | null | undefined): ValidationMessageKey | null {
  const s = normalizeSn(sn ?? '');
  if (s === '') return vk('snRequired');
  return s.length <= SN_MAX_LENGTH && SN_RE.test(s) ? null : vk('snInvalid');
}

/** One SN: required, valid; output normalised. */
export const snSchema = z.string({ error: vk('snRequired') }).transform((sn, ctx): string => {
  const key = snError(sn);
  if (key) {
    ctx.addIssue({ code: 'custom', message: key });
    return z.NEVER;
  }
  return normalizeSn(sn);
});

// ---------------------------------------------------------------------------------------------
// Firmware, folders and titles
// ---------------------------------------------------------------------------------------------

const MD5_RE = /^[0-9a-f]{32}$/i;

export function isMd5Hex(md5: string): boolean {
  return MD5_RE.test(md5.trim());
}

/** Whether the md5 given with a package equals the one computed from its file (hex, any case). */
export function md5Matches(given: string, computed: string): boolean {
  return isMd5Hex(given) && isMd5Hex(computed) && given.trim().toLowerCase() === computed.trim().toLowerCase();
}

export function md5MismatchError(given: string, computed: string): ValidationMessageKey | null {
  return md5Matches(given, computed) ? null : vk('md5Mismatch');
}

/** Firmware hash: 32 hex digits, output lower-case. */
export const md5Schema = z
  .string({ error: vk('md5Required') })
  .trim()
  .min(1, { error: vk('md5Required') })
  .regex(MD5_RE, { error: vk('md5Invalid') })
  .transform((s) => s.toLowerCase());

/** Validity of at least `min` whole days (SPEC §5 "validity at least n days"). */
export function isValidityDaysValid(days: number, min: number): boolean {
  return Number.isInteger(days) && days >= min;
}

export function validityDaysSchema(min = 1) {
  return z
    .number({ error: vk('validityDaysMin') })
    .int({ error: vk('validityDaysMin') })
    .min(min, { error: vk('validityDaysMin') });
}

/** Version count of a gray release: 50-1000 devices (SPEC §5, §9). */
export function isVersionCountValid(n: number): boolean {
  return Number.isInteger(n) && n >= VERSION_COUNT_MIN && n <= VERSION_COUNT_MAX;
}

export const versionCountSchema = z
  .number({ error: vk('versionCountRange') })
  .refine(isVersionCountValid, { error: vk('versionCountRange') });

/** Locale tags accepted as keys of a per-language text (en-US, zh-CN, de, pt-BR, ...). */
const LOCALE_TAG_RE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

/** Locales whose text is blank or missing, of those that are required. */
export function missingLocales(texts: Record<string, string | null | undefined>, required: readonly string[] = [DEFAULT_LOCALE]): string[] {
  return required.filter((l) => (texts[l] ?? '').trim() === '');
}

/**
 * Text per language (`{ 'en-US': '...', 'zh-CN': '...' }`). The default locale (en-US, the
 * fallback of SPEC §1) must be non-blank; other languages are optional and blank ones are dropped
 * from the output. The issue is reported at the path of the missing locale.
 */
export function localizedTextSchema(requiredKey: ValidationMessageKey, required: readonly string[] = [DEFAULT_LOCALE]) {
  return z
    .record(z.string().regex(LOCALE_TAG_RE), z.string(), { error: requiredKey })
    .superRefine((texts, ctx) => {
      for (const l of missingLocales(texts, required)) ctx.addIssue({ code: 'custom', message: requiredKey, path: [l] });
    })
    .transform((texts) => Object.fromEntries(Object.entries(texts).filter(([, t]) => t.trim() !== '')) as Record<string, string>);
}

/** Firmware (and goods) description per language: required for the default locale. */
export const descriptionsSchema = localizedTextSchema(vk('descriptionRequired'));

/** Characters a folder name must not contain (SPEC §5): \ / : * ? " < > | */
export const FOLDER_NAME_FORBIDDEN_CHARS = '\\/:*?"<>|';
/** Longest folder name (common file-system limit). */
export const FOLDER_NAME_MAX_LENGTH = 255;
// eslint-disable-next-line no-control-regex
const FOLDER_FORBIDDEN_RE = /[\\/:*?"<>|\u0000-\u001f]/;

/** SPEC §5 characters are rejected, and so are control characters and the names "." and "..". */
export function folderNameError(name: string | null | undefined): ValidationMessageKey | null {
  const s = (name ?? '').trim();
  if (s === '') return vk('folderNameRequired');
  if (FOLDER_FORBIDDEN_RE.test(s) || s === '.' || s === '..') return vk('folderNameInvalid');
  return charCount(s) <= FOLDER_NAME_MAX_LENGTH ? null : vk('folderNameTooLong');
}

export function isFolderNameValid(name: string): boolean {
  return folderNameError(name) === null;
}

export const folderNameSchema = z
  .string({ error: vk('folderNameRequired') })
  .trim()
  .superRefine((name, ctx) => {
    const key = folderNameError(name);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  });

/**
 * Title character set ("title cannot contain special characters", SPEC §5). Allowed: letters of
 * any script (with their combining marks), digits, the space, and the punctuation
 *   - _ . , ( ) & '
 * plus their usual Chinese full-width forms ， 。 、 （ ） ·
 * Everything else is special, e.g. < > { } [ ] | \ ^ ~ ` @ # $ % * = + / : ; ! ? " and
 * tabs or line breaks.
 */
export const TITLE_ALLOWED_PUNCTUATION = "-_.,()&'，。、（）·";
export const TITLE_MAX_LENGTH = 100;
const TITLE_RE = /^[\p{L}\p{M}\p{N} \-_.,()&'，。、（）·]+$/u;

export function titleError(title: string | null | undefined): ValidationMessageKey | null {
  const s = (title ?? '').trim();
  if (s === '') return vk('titleRequired');
  if (!TITLE_RE.test(s)) return vk('titleInvalid');
  return charCount(s) <= TITLE_MAX_LENGTH ? null : vk('titleTooLong');
}

export function isTitleValid(title: string): boolean {
  return titleError(title) === null;
}

export const titleSchema = z
  .string({ error: vk('titleRequired') })
  .trim()
  .superRefine((title, ctx) => {
    const key = titleError(title);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  });

// ---------------------------------------------------------------------------------------------
// Files and imports
// ---------------------------------------------------------------------------------------------

/** What a browser File, an antd UploadFile or a server upload tells about a file. */
export interface FileMeta {
  name: string;
  size: number;
  /** MIME type when known. */
  type?: string;
}

export const fileMetaSchema = z.object({
  name: z.string().min(1),
  size: z.number().int().nonnegative(),
  type: z.string().optional(),
});

/** Lower-case extension without the dot; '' when there is none. */
export function fileExtension(name: string): string {
  const base = name.trim().split(/[\\/]/).pop() ?? '';
  const i = base.lastIndexOf('.');
  return i > 0 ? base.slice(i + 1).toLowerCase() : '';
}

export const DEVICE_IMPORT_EXTENSIONS = ['xlsx'] as const;
export const LICENCE_IMPORT_EXTENSIONS = ['xlsx', 'xls'] as const;
export type ImportKind = 'device' | 'licence';

const IMPORT_RULES: Record<ImportKind, { extensions: readonly string[]; maxBytes: number; maxRows: number }> = {
  // SPEC gives no file size for device lists; the row limit bounds them.
  device: { extensions: DEVICE_IMPORT_EXTENSIONS, maxBytes: Number.POSITIVE_INFINITY, maxRows: IMPORT_MAX_ROWS },
  licence: { extensions: LICENCE_IMPORT_EXTENSIONS, maxBytes: LICENCE_FILE_MAX_BYTES, maxRows: IMPORT_MAX_ROWS },
};

/** Device import: xlsx. Licence/price import: xlsx or xls, up to 2MB. Empty files are refused. */
export function importFileError(kind: ImportKind, file: FileMeta): ValidationMessageKey | null {
  const rule = IMPORT_RULES[kind];
  if (!rule.extensions.includes(fileExtension(file.name))) return vk('importFileType');
  if (file.size <= 0) return vk('importFileEmpty');
  return file.size <= rule.maxBytes ? null : vk('importFileTooLarge');
}

export function importFileSchema(kind: ImportKind) {
  return fileMetaSchema.superRefine((f, ctx) => {
    const key = importFileError(kind, f);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  });
}

export const deviceImportFileSchema = importFileSchema('device');
export const licenceImportFileSchema = importFileSchema('licence');

/** Data rows of an import (header excluded): at least 1, at most 5000 (SPEC §5). */
export function importRowCountError(rows: number, max: number = IMPORT_MAX_ROWS): ValidationMessageKey | null {
  if (rows <= 0) return vk('importEmpty');
  return rows <= max ? null : vk('importTooManyRows');
}

export function isDeviceImportRowCountValid(rows: number): boolean {
  return importRowCountError(rows, IMPORT_RULES.device.maxRows) === null;
}

/** Required columns absent from a header row (compared trimmed and case-insensitively). */
export function missingColumns(header: readonly string[], required: readonly string[]): string[] {
  const have = new Set(header.map((h) => h.trim().toLowerCase()));
  return required.filter((c) => !have.has(c.trim().toLowerCase()));
}

// ---------------------------------------------------------------------------------------------
// Prices, licences, goods and gifts
// ---------------------------------------------------------------------------------------------

/** Prices are compared in cents so that 0.1 + 0.2 style float noise never decides a rule. */
function cents(n: number): number {
  return Math.round(n * 100);
}

/** A price: a finite number >= 0 with at most 2 decimals. */
export function isPriceValid(price: number): boolean {
  return Number.isFinite(price) && price >= 0 && Math.abs(price * 100 - cents(price)) < 1e-6;
}

export function isPriceAtLeast(price: number, floor: number): boolean {
  return cents(price) >= cents(floor);
}

export const priceSchema = z
  .number({ error: requiredOr(vk('priceRequired'), vk('priceInvalid')) })
  .refine(isPriceValid, { error: vk('priceInvalid') });

/** Licence camera (channel) counts step by 5: 5, 10, 15, ... (SPEC §5). */
export function isCameraCountOnInterval(n: number): boolean {
  return Number.isInteger(n) && n > 0 && n % LICENCE_CAMERA_INTERVAL === 0;
}

const cameraCountSchema = z
  .number({ error: vk('cameraCountInterval') })
  .refine(isCameraCountOnInterval, { error: vk('cameraCountInterval') });

/** Licence configuration: camera count on the interval of 5, trial days, price >= cost. */
export const licenceConfigSchema = z
  .object({
    cameraCount: cameraCountSchema,
    trialDays: z.number({ error: vk('trialDaysInvalid') }).int({ error: vk('trialDaysInvalid') }).min(0, { error: vk('trialDaysInvalid') }),
    cost: priceSchema,
    price: priceSchema,
  })
  .refine((c) => isPriceAtLeast(c.price, c.cost), { path: ['price'], error: vk('priceBelowCost') });

/** One row of a licence price list: an installer's price for licences up to a channel upper limit. */
export const licencePriceRowSchema = z
  .object({
    email: emailSchema,
    channelUpperLimit: cameraCountSchema,
    validityDays: validityDaysSchema(1),
    cost: priceSchema,
    price: priceSchema,
  })
  .refine((r) => isPriceAtLeast(r.price, r.cost), { path: ['price'], error: vk('priceBelowCost') });
export type LicencePriceRow = z.infer<typeof licencePriceRowSchema>;

/**
 * Rows over the limit of 5 channel ranges per installer, and repeated (installer, upper limit)
 * rows: each reported at its row index.
 */
export function licenceRangeIssues(rows: readonly { email: string; channelUpperLimit: number }[]): { index: number; key: ValidationMessageKey }[] {
  const perEmail = new Map<string, Set<number>>();
  const issues: { index: number; key: ValidationMessageKey }[] = [];
  rows.forEach((r, index) => {
    const email = r.email.trim().toLowerCase();
    const limits = perEmail.get(email) ?? new Set<number>();
    perEmail.set(email, limits);
    if (limits.has(r.channelUpperLimit)) issues.push({ index, key: vk('licenceRangeDuplicate') });
    else if (limits.size >= LICENCE_MAX_CHANNEL_RANGES) issues.push({ index, key: vk('licenceRangesMax') });
    else limits.add(r.channelUpperLimit);
  });
  return issues;
}

/** A whole licence price list (the parsed import): 1-5000 rows, at most 5 ranges per installer. */
export const licencePriceListSchema = z
  .array(licencePriceRowSchema)
  .min(1, { error: vk('importEmpty') })
  .max(IMPORT_MAX_ROWS, { error: vk('importTooManyRows') })
  .superRefine((rows, ctx) => {
    for (const { index, key } of licenceRangeIssues(rows)) ctx.addIssue({ code: 'custom', message: key, path: [index, 'channelUpperLimit'] });
  });

/** The channel ranges of one installer (or one licence product): 1-5 distinct upper limits. */
export const licenceChannelRangesSchema = z
  .array(z.object({ channelUpperLimit: cameraCountSchema, cost: priceSchema, price: priceSchema }).refine((r) => isPriceAtLeast(r.price, r.cost), { path: ['price'], error: vk('priceBelowCost') }))
  .min(1, { error: vk('licenceRangeRequired') })
  .max(LICENCE_MAX_CHANNEL_RANGES, { error: vk('licenceRangesMax') })
  .superRefine((ranges, ctx) =>
    flagRepeats(
      ranges.map((r) => r.channelUpperLimit),
      vk('licenceRangeDuplicate'),
      ctx,
      (i) => [i, 'channelUpperLimit'],
    ),
  );

export interface GoodsPrices {
  androidPrice: number;
  iosPrice: number;
  guidePrice: number;
  costPrice: number;
}

/** Android sale >= guide, iOS sale >= guide, guide >= cost (SPEC §5); each on the field to fix. */
export function goodsPriceIssues(p: GoodsPrices): { path: keyof GoodsPrices; key: ValidationMessageKey }[] {
  const issues: { path: keyof GoodsPrices; key: ValidationMessageKey }[] = [];
  if (!isPriceAtLeast(p.androidPrice, p.guidePrice)) issues.push({ path: 'androidPrice', key: vk('androidPriceBelowGuide') });
  if (!isPriceAtLeast(p.iosPrice, p.guidePrice)) issues.push({ path: 'iosPrice', key: vk('iosPriceBelowGuide') });
  if (!isPriceAtLeast(p.guidePrice, p.costPrice)) issues.push({ path: 'guidePrice', key: vk('guidePriceBelowCost') });
  return issues;
}

export const goodsPriceSchema = z
  .object({ androidPrice: priceSchema, iosPrice: priceSchema, guidePrice: priceSchema, costPrice: priceSchema })
  .superRefine((p, ctx) => {
    for (const { path, key } of goodsPriceIssues(p)) ctx.addIssue({ code: 'custom', message: key, path: [path] });
  });

export function isGiftValueValid(value: number): boolean {
  return Number.isFinite(value) && value > 0;
}

/** The expiry must be strictly later than `now` (epoch ms). */
export function isGiftExpiryValid(expiresAt: number, now: number): boolean {
  return Number.isFinite(expiresAt) && expiresAt > now;
}

/**
 * A gift: value > 0 and expiry (epoch ms) later than now. `now` is a parameter so tests and the
 * server pin the clock; a form that stays open may pass a function read at validation time.
 */
export function giftSchema(now: number | (() => number)) {
  const nowMs = typeof now === 'function' ? now : () => now;
  return z.object({
    value: z.number({ error: vk('giftValuePositive') }).refine(isGiftValueValid, { error: vk('giftValuePositive') }),
    expiresAt: z.number({ error: vk('giftExpiryPast') }).refine((t) => isGiftExpiryValid(t, nowMs()), { error: vk('giftExpiryPast') }),
  });
}

// ---------------------------------------------------------------------------------------------
// Images
// ---------------------------------------------------------------------------------------------

export const IMAGE_FORMATS = ['png', 'jpg', 'gif'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

const EXT_FORMAT: Record<string, ImageFormat> = { png: 'png', jpg: 'jpg', jpeg: 'jpg', gif: 'gif' };
const MIME_FORMAT: Record<string, ImageFormat> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/jpg': 'jpg', 'image/pjpeg': 'jpg', 'image/gif': 'gif' };

export type ImageKind = 'cover' | 'logo' | 'icon' | 'detail';

/** Recommended logo sizes (SPEC §5): 720x200 or 700x200. */
export const LOGO_RECOMMENDED_SIZES: readonly { width: number; height: number }[] = [
  { width: 720, height: 200 },
  { width: 700, height: 200 },
];
/** Icons are exactly 18x18 (SPEC §5). */
export const ICON_SIZE = { width: 18, height: 18 } as const;
/** Detail images are 600-820 px wide (SPEC §5). */
export const DETAIL_IMAGE_WIDTH_MIN = 600;
export const DETAIL_IMAGE_WIDTH_MAX = 820;

/**
 * Formats and upload limits per kind of image. Cover and logo are SPEC §5. Icon and detail images
 * have no stated format or size: icons follow the logo (JPG/PNG, 2MB; GIF would animate in a menu),
 * detail images follow the cover (PNG/JPG/GIF, 5MB, "GIF allowed for some").
 */
export const IMAGE_RULES: Record<ImageKind, { formats: readonly ImageFormat[]; maxBytes: number }> = {
  cover: { formats: ['png', 'jpg', 'gif'], maxBytes: COVER_IMAGE_MAX_BYTES },
  logo: { formats: ['png', 'jpg'], maxBytes: LOGO_UPLOAD_MAX_BYTES },
  icon: { formats: ['png', 'jpg'], maxBytes: LOGO_UPLOAD_MAX_BYTES },
  detail: { formats: ['png', 'jpg', 'gif'], maxBytes: COVER_IMAGE_MAX_BYTES },
};

/**
 * Format of an image file from its extension, cross-checked with its MIME type when one is given;
 * null when unknown or when the two disagree.
 */
export function imageFormatOf(file: Pick<FileMeta, 'name' | 'type'>): ImageFormat | null {
  const byExt = EXT_FORMAT[fileExtension(file.name)] ?? null;
  if (!byExt || !file.type) return byExt;
  return MIME_FORMAT[file.type.toLowerCase()] === byExt ? byExt : null;
}

/** Format from the file's first bytes (the server checks the content against the extension, 1009). */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47 && bytes[4] === 0x0d && bytes[5] === 0x0a && bytes[6] === 0x1a && bytes[7] === 0x0a) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 6 && bytes[0] === 0x47 && bytes[1] === 0x49 && bytes[2] === 0x46 && bytes[3] === 0x38 && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'gif';
  return null;
}

/** Pixel size from a PNG, GIF or JPEG header; null when the bytes are not one of those or are cut short. */
export function readImageSize(bytes: Uint8Array): { width: number; height: number } | null {
  const format = sniffImageFormat(bytes);
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (format === 'png') return bytes.length >= 24 ? { width: v.getUint32(16), height: v.getUint32(20) } : null;
  if (format === 'gif') return bytes.length >= 10 ? { width: v.getUint16(6, true), height: v.getUint16(8, true) } : null;
  if (format !== 'jpg') return null;
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1];
    if (marker === 0xff) {
      i++;
      continue;
    }
    // Start-of-frame markers carry the size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: v.getUint16(i + 5), width: v.getUint16(i + 7) };
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    i += 2 + v.getUint16(i + 2);
  }
  return null;
}

/** Format and upload size of an image of the given kind. */
export function imageFileError(kind: ImageKind, file: FileMeta): ValidationMessageKey | null {
  const rule = IMAGE_RULES[kind];
  const format = imageFormatOf(file);
  if (!format || !rule.formats.includes(format)) return vk('imageTypeNotAllowed');
  if (file.size <= 0) return vk('fileEmpty');
  return file.size <= rule.maxBytes ? null : vk('imageTooLarge');
}

export function imageFileSchema(kind: ImageKind) {
  return fileMetaSchema.superRefine((f, ctx) => {
    const key = imageFileError(kind, f);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  });
}

export const coverImageFileSchema = imageFileSchema('cover');
export const logoFileSchema = imageFileSchema('logo');
export const iconFileSchema = imageFileSchema('icon');
export const detailImageFileSchema = imageFileSchema('detail');

/** A logo as stored (after the server's compression) is at most 500KB. */
export function isLogoStoredSizeValid(bytes: number): boolean {
  return bytes > 0 && bytes <= LOGO_STORED_MAX_BYTES;
}

/** Whether a logo has one of the recommended sizes (other sizes are accepted with a hint). */
export function isRecommendedLogoSize(width: number, height: number): boolean {
  return LOGO_RECOMMENDED_SIZES.some((s) => s.width === width && s.height === height);
}

export function isIconSizeValid(width: number, height: number): boolean {
  return width === ICON_SIZE.width && height === ICON_SIZE.height;
}

export function isDetailImageWidthValid(width: number): boolean {
  return width >= DETAIL_IMAGE_WIDTH_MIN && width <= DETAIL_IMAGE_WIDTH_MAX;
}

/** Pixel rules: icons exactly 18x18, detail images 600-820 wide; covers and logos have none binding. */
export function imageDimensionsError(kind: ImageKind, size: { width: number; height: number }): ValidationMessageKey | null {
  if (kind === 'icon') return isIconSizeValid(size.width, size.height) ? null : vk('iconSize');
  if (kind === 'detail') return isDetailImageWidthValid(size.width) ? null : vk('detailImageWidth');
  return null;
}

// ---------------------------------------------------------------------------------------------
// Chat, countries, date ranges
// ---------------------------------------------------------------------------------------------

export function chatTextError(text: string | null | undefined): ValidationMessageKey | null {
  const s = text ?? '';
  if (s.trim() === '') return vk('chatMessageRequired');
  return charCount(s) <= CHAT_TEXT_MAX ? null : vk('chatMessageTooLong');
}

/** Text of a chat/feedback message: non-blank, at most 1000 characters (kept as typed, not trimmed). */
export const chatTextSchema = z.string({ error: vk('chatMessageRequired') }).superRefine((text, ctx) => {
  const key = chatTextError(text);
  if (key) ctx.addIssue({ code: 'custom', message: key });
});

/**
 * One send of the feedback chat: up to 3 attached files (uploaded file ids or paths) and a text of
 * at most 1000 characters. The text may be blank only when files are attached, so a user can send
 * a screenshot alone; a send with neither is refused as blank.
 */
export const chatMessageSchema = z
  .object({
    text: z.string().default(''),
    files: z.array(z.string().min(1)).max(CHAT_FILES_MAX, { error: vk('chatTooManyFiles') }).default([]),
  })
  .superRefine((m, ctx) => {
    const key = chatTextError(m.text);
    if (key === 'validation.chatMessageTooLong' || (key && m.files.length === 0)) ctx.addIssue({ code: 'custom', message: key, path: ['text'] });
  });

/** ISO 3166-1 alpha-2 country code, output upper-case. */
export const countryCodeSchema = z
  .string({ error: vk('countryInvalid') })
  .trim()
  .regex(/^[a-z]{2}$/i, { error: vk('countryInvalid') })
  .transform((c) => c.toUpperCase());

/** Countries a product category is displayed in: at most 10 (SPEC §5), none twice. */
export const categoryCountriesSchema = z
  .array(countryCodeSchema)
  .max(CATEGORY_MAX_COUNTRIES, { error: vk('countriesMax') })
  .superRefine((list, ctx) => flagRepeats(list, vk('countryDuplicate'), ctx));

export function isCategoryCountryCountValid(n: number): boolean {
  return n <= CATEGORY_MAX_COUNTRIES;
}

/**
 * A [from, to] range in epoch ms may span at most `maxDays` x 24 h. With day pickers sending the
 * start of the first day and the end (23:59:59.999) of the last, that is at most `maxDays` calendar
 * days: 1-31 January passes the 31-day query limit, 1 January-1 February does not.
 */
export function dateRangeError(
  from: number | null | undefined,
  to: number | null | undefined,
  maxDays: number,
  tooLongKey: ValidationMessageKey = vk('queryRangeTooLong'),
): ValidationMessageKey | null {
  if (from == null || to == null || !Number.isFinite(from) || !Number.isFinite(to)) return vk('dateRangeRequired');
  if (to < from) return vk('dateRangeOrder');
  return to - from <= maxDays * DAY_MS ? null : tooLongKey;
}

/** Query range: at most 31 days. */
export function isQueryRangeValid(from: number, to: number): boolean {
  return dateRangeError(from, to, QUERY_RANGE_MAX_DAYS) === null;
}

/** Export range: at most 90 days. */
export function isExportRangeValid(from: number, to: number): boolean {
  return dateRangeError(from, to, EXPORT_RANGE_MAX_DAYS) === null;
}

function dateRangeSchema(maxDays: number, tooLongKey: ValidationMessageKey) {
  return z
    .object({
      from: z.number({ error: vk('dateRangeRequired') }),
      to: z.number({ error: vk('dateRangeRequired') }),
    })
    .superRefine((r, ctx) => {
      const key = dateRangeError(r.from, r.to, maxDays, tooLongKey);
      if (key) ctx.addIssue({ code: 'custom', message: key, path: ['to'] });
    });
}

export const queryRangeSchema = dateRangeSchema(QUERY_RANGE_MAX_DAYS, vk('queryRangeTooLong'));
export const exportRangeSchema = dateRangeSchema(EXPORT_RANGE_MAX_DAYS, vk('exportRangeTooLong'));
