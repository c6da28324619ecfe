/**
 * Validation rules of SPEC §5 that every module shares, as plain functions and zod schemas used by
 * forms and the server: record ids and times, e-mail, network formats (ports, SMTP port, private key
 * passphrase, IPv4, domains), validity days, texts per language, files and imports, prices, images,
 * countries and date ranges. A rule that belongs to one module is in modules/<m>/validators.ts.
 * Zod messages are i18n keys (`validation.*`); the web translates them, the server maps them to 1001.
 * Their texts are in shared/messages.ts (a module's, in its messages.ts), and `vk('emailInvalid')` only
 * compiles for a name that has texts there.
 *
 * Every pure check comes first as a function (`isXxxValid`, `xxxError` returning a key or null),
 * then as a zod schema built on it, so antd forms (through `firstIssueKey` or a zod resolver)
 * and the server's request schemas apply exactly the same rule.
 *
 * Limits that SPEC §9 does not state (and that constants.ts therefore lacks) are exported below as
 * named constants, each with the reason for its value.
 */
import { z } from 'zod';
import {
  COVER_IMAGE_MAX_BYTES,
  EXPORT_RANGE_MAX_DAYS,
  IMPORT_MAX_ROWS,
  LICENCE_FILE_MAX_BYTES,
  LOGO_STORED_MAX_BYTES,
  LOGO_UPLOAD_MAX_BYTES,
  PORT_MAX,
  PORT_MIN,
  PRIVATE_KEY_PASSPHRASE_MIN,
  QUERY_RANGE_MAX_DAYS,
} from './constants';
import { DEFAULT_LOCALE } from './locale';
import type { SharedValidationName } from './messages';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, normalizeEmail } from './rules';

// ---------------------------------------------------------------------------------------------
// Message keys
// ---------------------------------------------------------------------------------------------

/** The message key `validation.<name>` of a name. */
export type ValidationKeyOf<N extends string> = `validation.${N}`;
/** Any message key (a helper that takes a module's key as a parameter). */
export type ValidationKey = ValidationKeyOf<string>;

/**
 * A key maker for the names `N`: `const vk = validationKeyOf<SharedValidationName | MyValidationName>()`
 * in a module's validators.ts, so `vk('portRange')` compiles only for a name with texts.
 */
export function validationKeyOf<N extends string>() {
  return <K extends N>(name: K): ValidationKeyOf<K> => `validation.${name}`;
}

const vk = validationKeyOf<SharedValidationName>();
type Key = ValidationKeyOf<SharedValidationName>;

/** A zod `error` option that answers `requiredKey` for missing input and `invalidKey` otherwise. */
function requiredOr(requiredKey: ValidationKey, invalidKey: ValidationKey) {
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
export function flagRepeats<T>(
  list: readonly T[],
  key: ValidationKey,
  ctx: z.RefinementCtx,
  pathOf: (i: number) => PropertyKey[] = (i) => [i],
) {
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
// E-mail
// ---------------------------------------------------------------------------------------------

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

export function smtpPortError(port: string | number | null | undefined): Key | null {
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
function integerInput(requiredKey: ValidationKey, formatKey: ValidationKey) {
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
  z
    .number()
    .min(PORT_MIN, { error: vk('portRange') })
    .max(PORT_MAX, { error: vk('portRange') }),
);

/** SMTP port: digits only, 1-65535. Accepts a number or a digit string; outputs the number. */
export const smtpPortSchema = integerInput(vk('smtpPortRequired'), vk('smtpPortDigits')).pipe(
  z
    .number()
    .min(SMTP_PORT_MIN, { error: vk('smtpPortRange') })
    .max(SMTP_PORT_MAX, { error: vk('smtpPortRange') }),
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
export function ipv4Error(ip: string | null | undefined): Key | null {
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
// Validity and texts per language
// ---------------------------------------------------------------------------------------------

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
export function localizedTextSchema(requiredKey: ValidationKey, required: readonly string[] = [DEFAULT_LOCALE]) {
  return z
    .record(z.string().regex(LOCALE_TAG_RE), z.string(), { error: requiredKey })
    .superRefine((texts, ctx) => {
      for (const l of missingLocales(texts, required)) ctx.addIssue({ code: 'custom', message: requiredKey, path: [l] });
    })
    .transform((texts) => Object.fromEntries(Object.entries(texts).filter(([, t]) => t.trim() !== '')) as Record<string, string>);
}

/** Firmware (and goods) description per language: required for the default locale. */
export const descriptionsSchema = localizedTextSchema(vk('descriptionRequired'));

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
export function importFileError(kind: ImportKind, file: FileMeta): Key | null {
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
export function importRowCountError(rows: number, max: number = IMPORT_MAX_ROWS): Key | null {
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
// Prices
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

// ---------------------------------------------------------------------------------------------
// Images
// ---------------------------------------------------------------------------------------------

export const IMAGE_FORMATS = ['png', 'jpg', 'gif'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

const EXT_FORMAT: Record<string, ImageFormat> = { png: 'png', jpg: 'jpg', jpeg: 'jpg', gif: 'gif' };
const MIME_FORMAT: Record<string, ImageFormat> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/pjpeg': 'jpg',
  'image/gif': 'gif',
};

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
  if (
    bytes.length >= 8 &&
    bytes[0] === 0x89 &&
    bytes[1] === 0x50 &&
    bytes[2] === 0x4e &&
    bytes[3] === 0x47 &&
    bytes[4] === 0x0d &&
    bytes[5] === 0x0a &&
    bytes[6] === 0x1a &&
    bytes[7] === 0x0a
  )
    return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (
    bytes.length >= 6 &&
    bytes[0] === 0x47 &&
    bytes[1] === 0x49 &&
    bytes[2] === 0x46 &&
    bytes[3] === 0x38 &&
    (bytes[4] === 0x37 || bytes[4] === 0x39) &&
    bytes[5] === 0x61
  )
    return 'gif';
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
export function imageFileError(kind: ImageKind, file: FileMeta): Key | null {
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
export function imageDimensionsError(kind: ImageKind, size: { width: number; height: number }): Key | null {
  if (kind === 'icon') return isIconSizeValid(size.width, size.height) ? null : vk('iconSize');
  if (kind === 'detail') return isDetailImageWidthValid(size.width) ? null : vk('detailImageWidth');
  return null;
}

// ---------------------------------------------------------------------------------------------
// Countries and date ranges
// ---------------------------------------------------------------------------------------------

/** ISO 3166-1 alpha-2 country code, output upper-case. */
export const countryCodeSchema = z
  .string({ error: vk('countryInvalid') })
  .trim()
  .regex(/^[a-z]{2}$/i, { error: vk('countryInvalid') })
  .transform((c) => c.toUpperCase());

/**
 * A [from, to] range in epoch ms may span at most `maxDays` x 24 h. With day pickers sending the
 * start of the first day and the end (23:59:59.999) of the last, that is at most `maxDays` calendar
 * days: 1-31 January passes the 31-day query limit, 1 January-1 February does not.
 */
export function dateRangeError(
  from: number | null | undefined,
  to: number | null | undefined,
  maxDays: number,
  tooLongKey: Key = vk('queryRangeTooLong'),
): Key | null {
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

function dateRangeSchema(maxDays: number, tooLongKey: Key) {
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
