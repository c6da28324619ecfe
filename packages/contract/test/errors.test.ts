import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, ERROR_CATALOGUE, ErrorCodes, SESSION_ENDING_CODES, errorMessage, isKnownErrorCode, normalizeLocale } from '../src/errors';

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

  it('holds the codes SPEC §8 names', () => {
    for (const c of [200, 7003, 7004, 7009, 7088, 7090, 10002, 9100, 9101, 9102, 9103, 9104, 20052, 7079, 31001, 23005, 23007, 23008, 23017, 23009, 23011, 23003, 1017]) {
      expect(isKnownErrorCode(c)).toBe(true);
    }
    expect(isKnownErrorCode(424242)).toBe(false);
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
