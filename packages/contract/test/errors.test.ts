import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_LOCALE,
  ERROR_CATALOGUE,
  ErrorCodes,
  SESSION_ENDING_CODES,
  errorMessage,
  isKnownErrorCode,
  normalizeLocale,
  type ErrorCode,
} from '../src/errors';
import { SHELL_ERROR_CATALOGUE, SHELL_ERROR_CODES, SHELL_SESSION_ENDING_CODES, SHELL_VALIDATION_MESSAGES } from '../src/shell-tables';
import { VALIDATION_MESSAGES, type ValidationName } from '../src/validation-messages';
import { ACCOUNT_MANAGE_ERROR_RANGES, ACCOUNT_MANAGE_ERRORS } from '../src/modules/account-manage/errors';
import { APP_API_ERROR_RANGES, APP_API_ERRORS } from '../src/modules/app-api/errors';
import { AUTH_ERROR_RANGES, AUTH_ERRORS } from '../src/modules/auth/errors';
import { CLOUD_CONTENT_ERROR_RANGES, CLOUD_CONTENT_ERRORS } from '../src/modules/cloud-content/errors';
import { CLOUD_STORAGE_ERROR_RANGES, CLOUD_STORAGE_ERRORS } from '../src/modules/cloud-storage/errors';
import { CLOUD_UPGRADE_ERROR_RANGES, CLOUD_UPGRADE_ERRORS } from '../src/modules/cloud-upgrade/errors';
import { FEEDBACK_CHAT_ERROR_RANGES, FEEDBACK_CHAT_ERRORS } from '../src/modules/feedback-chat/errors';
import { INSIGHT_ERROR_RANGES, INSIGHT_ERRORS } from '../src/modules/insight/errors';
import { MESSAGE_CENTER_ERROR_RANGES, MESSAGE_CENTER_ERRORS } from '../src/modules/message-center/errors';
import { PARTNER_ERROR_RANGES, PARTNER_ERRORS } from '../src/modules/partner/errors';
import { COMMON_ERROR_RANGES, COMMON_ERRORS, type ErrorEntry, type ErrorRange } from '../src/shared/errors';

const entries = Object.entries(ERROR_CATALOGUE).map(([code, e]) => ({ code: Number(code), ...e }));
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('error catalogue', () => {
  it.each(entries.map((e) => [e.code, e] as const))('%i has non-empty en and zh messages with the same placeholders', (_, e) => {
    expect(e.en.trim()).not.toBe('');
    expect(e.zh.trim()).not.toBe('');
    expect(e.en).not.toBe(e.zh);
    expect(placeholders(e.zh)).toEqual(placeholders(e.en));
    expect(e.key).toMatch(/^[a-z][a-zA-Z0-9]*$/);
  });

  it('has unique keys, and ErrorCodes maps each key back to its code', () => {
    expect(new Set(entries.map((e) => e.key)).size).toBe(entries.length);
    for (const e of entries) expect((ErrorCodes as Record<string, number>)[e.key]).toBe(e.code);
  });

  it('ends the session for the codes of SPEC §8 and not for token expiry', () => {
    for (const c of [7003, 7009, 7088, 7090, 10002, 9100, 9101, 9102, 9103, 9104]) expect(SESSION_ENDING_CODES).toContain(c);
    expect(SESSION_ENDING_CODES).not.toContain(7004);
    expect(SESSION_ENDING_CODES).not.toContain(200);
  });

  it("gives the web's first screen every session-ending code and the same entries and numbers as the whole catalogue", () => {
    // The web ends sessions with the shell's list before the modules' texts are loaded.
    expect([...SHELL_SESSION_ENDING_CODES].sort()).toEqual([...SESSION_ENDING_CODES].sort());
    for (const [code, entry] of Object.entries(SHELL_ERROR_CATALOGUE)) expect(ERROR_CATALOGUE[Number(code) as ErrorCode]).toBe(entry);
    for (const [key, code] of Object.entries(SHELL_ERROR_CODES)) expect((ErrorCodes as Record<string, number>)[key]).toBe(code);
    for (const [key, text] of Object.entries(SHELL_VALIDATION_MESSAGES)) expect(VALIDATION_MESSAGES[key as ValidationName]).toBe(text);
  });

  it('holds the codes SPEC §8 names', () => {
    for (const c of [
      200, 7003, 7004, 7009, 7088, 7090, 10002, 9100, 9101, 9102, 9103, 9104, 20052, 7079, 31001, 23005, 23007, 23008, 23017, 23009, 23011,
      23003, 1017,
    ]) {
      expect(isKnownErrorCode(c)).toBe(true);
    }
    expect(isKnownErrorCode(424242)).toBe(false);
  });
});

interface ErrorSlice {
  owner: string;
  ranges: readonly ErrorRange[];
  codes: Record<number, ErrorEntry>;
}

/** Each slice of the catalogue with the ranges declared beside it. */
const SLICES: ErrorSlice[] = [
  { owner: 'common', ranges: COMMON_ERROR_RANGES, codes: COMMON_ERRORS },
  { owner: 'auth', ranges: AUTH_ERROR_RANGES, codes: AUTH_ERRORS },
  { owner: 'app-api', ranges: APP_API_ERROR_RANGES, codes: APP_API_ERRORS },
  { owner: 'account-manage', ranges: ACCOUNT_MANAGE_ERROR_RANGES, codes: ACCOUNT_MANAGE_ERRORS },
  { owner: 'partner', ranges: PARTNER_ERROR_RANGES, codes: PARTNER_ERRORS },
  { owner: 'message-center', ranges: MESSAGE_CENTER_ERROR_RANGES, codes: MESSAGE_CENTER_ERRORS },
  { owner: 'feedback-chat', ranges: FEEDBACK_CHAT_ERROR_RANGES, codes: FEEDBACK_CHAT_ERRORS },
  { owner: 'cloud-upgrade', ranges: CLOUD_UPGRADE_ERROR_RANGES, codes: CLOUD_UPGRADE_ERRORS },
  { owner: 'cloud-storage', ranges: CLOUD_STORAGE_ERROR_RANGES, codes: CLOUD_STORAGE_ERRORS },
  { owner: 'cloud-content', ranges: CLOUD_CONTENT_ERROR_RANGES, codes: CLOUD_CONTENT_ERRORS },
  { owner: 'insight', ranges: INSIGHT_ERROR_RANGES, codes: INSIGHT_ERRORS },
];

/** What is wrong with a set of slices: overlapping ranges, codes outside their slice's ranges. */
function rangeProblems(slices: readonly ErrorSlice[]): string[] {
  const ranges = slices.flatMap((slice) => slice.ranges.map(([from, to]) => ({ owner: slice.owner, from, to })));
  const sorted = [...ranges].sort((a, b) => a.from - b.from);
  const overlaps = sorted
    .slice(1)
    .flatMap((r, i) =>
      r.from <= sorted[i].to
        ? [`overlap: ${sorted[i].owner} [${sorted[i].from}, ${sorted[i].to}] and ${r.owner} [${r.from}, ${r.to}]`]
        : [],
    );
  const outside = slices.flatMap((slice) =>
    Object.keys(slice.codes)
      .map(Number)
      .filter((code) => !slice.ranges.some(([from, to]) => code >= from && code <= to))
      .map((code) => `outside: ${slice.owner} ${code}`),
  );
  return [...overlaps, ...outside];
}

describe('catalogue slices and their number ranges', () => {
  it('lists every module that has an errors.ts', () => {
    const modulesDir = fileURLToPath(new URL('../src/modules', import.meta.url));
    const withErrors = readdirSync(modulesDir).filter((m) => existsSync(join(modulesDir, m, 'errors.ts')));
    expect(withErrors.sort()).toEqual(
      SLICES.filter((s) => s.owner !== 'common')
        .map((s) => s.owner)
        .sort(),
    );
  });

  it('each slice declares well-formed ranges', () => {
    for (const slice of SLICES) {
      expect(slice.ranges.length, slice.owner).toBeGreaterThan(0);
      for (const [from, to] of slice.ranges) {
        expect(Number.isInteger(from) && Number.isInteger(to), slice.owner).toBe(true);
        expect(from, slice.owner).toBeLessThanOrEqual(to);
      }
    }
  });

  it('no two ranges overlap, and every code of a slice lies in one of its own ranges', () => {
    expect(rangeProblems(SLICES)).toEqual([]);
  });

  it('the check reports a range that overlaps another module and a code outside its ranges', () => {
    const entry = { key: 'probe', endsSession: false, en: 'x', zh: 'y' };
    const a: ErrorSlice = { owner: 'a', ranges: [[7040, 7049]], codes: { 7041: entry, 7079: entry } };
    const b: ErrorSlice = { owner: 'b', ranges: [[7045, 7060]], codes: { 7050: entry } };
    expect(rangeProblems([a, b])).toEqual(['overlap: a [7040, 7049] and b [7045, 7060]', 'outside: a 7079']);
  });

  it('the catalogue is exactly the slices together: no code in two slices, none outside them', () => {
    const all = SLICES.flatMap((slice) => Object.keys(slice.codes).map(Number));
    expect(all.length).toBe(new Set(all).size);
    expect(all.sort((x, y) => x - y)).toEqual(
      Object.keys(ERROR_CATALOGUE)
        .map(Number)
        .sort((x, y) => x - y),
    );
  });
});

describe('errorMessage', () => {
  it('fills the params in both locales', () => {
    expect(errorMessage(7010, 'en-US', { remaining: 3 })).toBe('Wrong account or password. 3 attempts left before the account is locked.');
    // one attempt is singular (issue 11 §3)
    expect(errorMessage(7010, 'en-US', { remaining: 1 })).toBe('Wrong account or password. 1 attempt left before the account is locked.');
    expect(errorMessage(7010, 'zh-CN', { remaining: 3 })).toBe('账号或密码错误，还可尝试 3 次，之后账号将被锁定。');
    expect(errorMessage(20052, 'en-US', { minutes: 5 })).toContain('retry in 5 minutes');
    expect(errorMessage(1001, 'zh-CN', { detail: 'email' })).toBe('参数错误：email');
  });

  it('leaves no placeholder behind when a param is missing', () => {
    expect(errorMessage(7011, 'en-US')).not.toMatch(/[{}]/);
  });

  it('falls back to 1000 for unknown codes', () => {
    expect(errorMessage(999999, 'en-US')).toBe(ERROR_CATALOGUE[1000].en);
    expect(errorMessage(-1, 'zh-CN')).toBe(ERROR_CATALOGUE[1000].zh);
  });

  it('answers every known code in both locales without placeholders when all params are given', () => {
    for (const e of entries) {
      const params = Object.fromEntries(placeholders(e.en).map((p) => [p, 1]));
      expect(errorMessage(e.code, 'en-US', params)).not.toMatch(/\{\w+\}/);
      expect(errorMessage(e.code, 'zh-CN', params)).not.toMatch(/\{\w+\}/);
    }
  });
});

describe('normalizeLocale', () => {
  it('maps browser languages to en-US or zh-CN', () => {
    expect(normalizeLocale('zh')).toBe('zh-CN');
    expect(normalizeLocale('zh-TW')).toBe('zh-CN');
    expect(normalizeLocale('ZH-cn')).toBe('zh-CN');
    expect(normalizeLocale('en-GB')).toBe('en-US');
    expect(normalizeLocale('de-DE')).toBe('en-US');
    expect(normalizeLocale('')).toBe(DEFAULT_LOCALE);
    expect(normalizeLocale(null)).toBe('en-US');
    expect(normalizeLocale(undefined)).toBe('en-US');
  });
});
