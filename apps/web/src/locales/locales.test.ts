import { i18n } from '../lib/i18n';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { VALIDATION_MESSAGES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { loadMessages } from './messages';

// Shell and feature files merged, as the app loads them.
const enUS = await loadMessages('en-US');
const zhCN = await loadMessages('zh-CN');

const here = path.dirname(fileURLToPath(import.meta.url));
const contractSrc = path.resolve(here, '../../../../packages/contract/src');
const webSrc = path.resolve(here, '..');

function flatten(obj: unknown, prefix = ''): string[] {
  if (obj === null || typeof obj !== 'object') return [prefix];
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
}

/** Whether `key` has a text: itself, or its plural forms (`key_one` and `key_other`, i18next's `count`). */
function has(obj: unknown, key: string): boolean {
  return hasExactly(obj, key) || (hasExactly(obj, `${key}_one`) && hasExactly(obj, `${key}_other`));
}

function hasExactly(obj: unknown, key: string): boolean {
  let cur: unknown = obj;
  for (const part of key.split('.')) {
    if (cur === null || typeof cur !== 'object' || !(part in (cur as Record<string, unknown>))) return false;
    cur = (cur as Record<string, unknown>)[part];
  }
  return typeof cur === 'string' || Array.isArray(cur) || (typeof cur === 'object' && cur !== null);
}

function sourceFiles(dir: string, ext: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p, ext);
    return ext.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

describe('locale files', () => {
  it('en-US and zh-CN have exactly the same keys', () => {
    const en = flatten(enUS).sort();
    const zh = flatten(zhCN).sort();
    expect(zh.filter((k) => !en.includes(k))).toEqual([]);
    expect(en.filter((k) => !zh.includes(k))).toEqual([]);
  });

  it('has no empty messages', () => {
    for (const [name, file] of [
      ['en-US', enUS],
      ['zh-CN', zhCN],
    ] as const) {
      const empty = flatten(file).filter((k) => {
        const v = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], file);
        return typeof v === 'string' && v.trim() === '';
      });
      expect(empty, name).toEqual([]);
    }
  });

  it('loads a text for every validation.* key the contract uses, in both locales', () => {
    const keys = new Set<string>();
    for (const file of sourceFiles(contractSrc, /\.ts$/)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/['"`](validation\.[A-Za-z0-9_]+)['"`]/g)) keys.add(m[1]);
    }
    expect(keys.size).toBeGreaterThan(0);
    const missing = [...keys].filter((k) => !i18n.exists(k, { lng: 'en-US' }) || !i18n.exists(k, { lng: 'zh-CN' }));
    expect(missing).toEqual([]);
    expect(i18n.t('validation.emailInvalid', { lng: 'zh-CN' })).toBe(VALIDATION_MESSAGES.emailInvalid.zh);
  });

  it('translates every literal key the web source uses', () => {
    const keys = new Set<string>();
    const patterns = [
      /\bt\(\s*'([a-zA-Z][\w]*(?:\.[\w]+)+)'/g,
      /\bi18n\.t\(\s*'([a-zA-Z][\w]*(?:\.[\w]+)+)'/g,
      /(?:titleKey|labelKey|descKey)[=:]\s*["']([a-zA-Z][\w]*(?:\.[\w]+)+)["']/g,
      /showLoading\(\s*'([\w.]+)'/g,
    ];
    for (const file of sourceFiles(webSrc, /\.tsx?$/)) {
      const text = readFileSync(file, 'utf8');
      for (const re of patterns) for (const m of text.matchAll(re)) keys.add(m[1]);
    }
    // Keys built in the route table: `menu.<key>` and `menuDesc.<key>`.
    const routes = readFileSync(path.join(webSrc, 'app/routes.tsx'), 'utf8');
    for (const m of routes.matchAll(/titleKey: t\('(\w+)'\)/g)) keys.add(`menu.${m[1]}`);
    for (const m of routes.matchAll(/descKey: d\('(\w+)'\)/g)) keys.add(`menuDesc.${m[1]}`);
    expect(keys.size).toBeGreaterThan(50);
    const missing = [...keys].filter((k) => !has(enUS, k) || !has(zhCN, k));
    expect(missing).toEqual([]);
  });

  it('uses the glossary terms in zh-CN', () => {
    const zh = (key: string) => key.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], zhCN);
    expect(zh('userType.distributor')).toBe('经销商');
    expect(zh('userType.installer')).toBe('安装商');
    expect(zh('userType.partner')).toBe('合作伙伴');
    expect(zh('menu.cloudUpgrade')).toBe('固件云升级');
    expect(zh('menu.canaryRelease')).toBe('灰度发布');
    expect(zh('menu.pointMall')).toBe('积分商城');
    expect(zh('menu.downstreamCompany')).toBe('下级公司');
  });
});
