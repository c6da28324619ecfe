/** The cloud-upgrade module's rules (SPEC §5): MAC and SN of devices, firmware hashes, gray release size, release regions. */
import { z } from 'zod';
import { VERSION_COUNT_MAX, VERSION_COUNT_MIN } from '../../shared/constants';
import type { SharedValidationName } from '../../shared/messages';
import { findDuplicates, flagRepeats, validationKeyOf, type ValidationKeyOf } from '../../shared/validators';
import type { CloudUpgradeValidationName } from './messages';

const vk = validationKeyOf<SharedValidationName | CloudUpgradeValidationName>();
type Key = ValidationKeyOf<CloudUpgradeValidationName>;

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

export function macError(mac: string | null | undefined): Key | null {
  if ((mac ?? '').trim() === '') return vk('macRequired');
  return normalizeMac(mac) === null ? vk('macInvalid') : null;
}

export function isMacValid(mac: string): boolean {
  return macError(mac) === null;
}

/** Range rule: both valid, same first 6 hex digits, end >= start (a one-device range is allowed). */
export function macRangeError(start: string | null | undefined, end: string | null | undefined): Key | null {
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

export function snError(sn: string | null | undefined): Key | null {
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
// Firmware and gray releases
// ---------------------------------------------------------------------------------------------

const MD5_RE = /^[0-9a-f]{32}$/i;

export function isMd5Hex(md5: string): boolean {
  return MD5_RE.test(md5.trim());
}

/** Whether the md5 given with a package equals the one computed from its file (hex, any case). */
export function md5Matches(given: string, computed: string): boolean {
  return isMd5Hex(given) && isMd5Hex(computed) && given.trim().toLowerCase() === computed.trim().toLowerCase();
}

export function md5MismatchError(given: string, computed: string): Key | null {
  return md5Matches(given, computed) ? null : vk('md5Mismatch');
}

/** Firmware hash: 32 hex digits, output lower-case. */
export const md5Schema = z
  .string({ error: vk('md5Required') })
  .trim()
  .min(1, { error: vk('md5Required') })
  .regex(MD5_RE, { error: vk('md5Invalid') })
  .transform((s) => s.toLowerCase());

/** Version count of a gray release: 50-1000 devices (SPEC §5, §9). */
export function isVersionCountValid(n: number): boolean {
  return Number.isInteger(n) && n >= VERSION_COUNT_MIN && n <= VERSION_COUNT_MAX;
}

export const versionCountSchema = z
  .number({ error: vk('versionCountRange') })
  .refine(isVersionCountValid, { error: vk('versionCountRange') });

// ---------------------------------------------------------------------------------------------
// Release regions
// ---------------------------------------------------------------------------------------------

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
