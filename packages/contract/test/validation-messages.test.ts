import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as v from '../src';
import {
  EXPORT_RANGE_MAX_DAYS,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PORT_MAX,
  PORT_MIN,
  QUERY_RANGE_MAX_DAYS,
  VERSION_COUNT_MIN,
} from '../src/shared/constants';
import { CATEGORY_MAX_COUNTRIES } from '../src/modules/cloud-content';
import { CHAT_FILES_MAX } from '../src/modules/feedback-chat';
import { ACCOUNT_MANAGE_VALIDATION_MESSAGES } from '../src/modules/account-manage/messages';
import { APP_API_VALIDATION_MESSAGES } from '../src/modules/app-api/messages';
import { AUTH_VALIDATION_MESSAGES } from '../src/modules/auth/messages';
import { CLOUD_CONTENT_VALIDATION_MESSAGES } from '../src/modules/cloud-content/messages';
import { CLOUD_STORAGE_VALIDATION_MESSAGES } from '../src/modules/cloud-storage/messages';
import { CLOUD_UPGRADE_VALIDATION_MESSAGES } from '../src/modules/cloud-upgrade/messages';
import { FEEDBACK_CHAT_VALIDATION_MESSAGES } from '../src/modules/feedback-chat/messages';
import { INSIGHT_VALIDATION_MESSAGES } from '../src/modules/insight/messages';
import { MESSAGE_CENTER_VALIDATION_MESSAGES } from '../src/modules/message-center/messages';
import { LICENSE_VALIDATION_MESSAGES } from '../src/modules/license/messages';
import { PARTNER_VALIDATION_MESSAGES } from '../src/modules/partner/messages';
import { POINT_MALL_VALIDATION_MESSAGES } from '../src/modules/point-mall/messages';
import { SHARED_VALIDATION_MESSAGES } from '../src/shared/messages';
import { VALIDATION_MESSAGE_KEYS, VALIDATION_MESSAGES, validationMessage, type ValidationName } from '../src/validation-messages';

const CJK = /[\u4e00-\u9fff]/;

/** Each table of texts by its owner. */
const TABLES: Record<string, Record<string, unknown>> = {
  shared: SHARED_VALIDATION_MESSAGES,
  auth: AUTH_VALIDATION_MESSAGES,
  'account-manage': ACCOUNT_MANAGE_VALIDATION_MESSAGES,
  partner: PARTNER_VALIDATION_MESSAGES,
  'cloud-upgrade': CLOUD_UPGRADE_VALIDATION_MESSAGES,
  'cloud-content': CLOUD_CONTENT_VALIDATION_MESSAGES,
  'cloud-storage': CLOUD_STORAGE_VALIDATION_MESSAGES,
  insight: INSIGHT_VALIDATION_MESSAGES,
  license: LICENSE_VALIDATION_MESSAGES,
  'point-mall': POINT_MALL_VALIDATION_MESSAGES,
  'feedback-chat': FEEDBACK_CHAT_VALIDATION_MESSAGES,
  'app-api': APP_API_VALIDATION_MESSAGES,
  'message-center': MESSAGE_CENTER_VALIDATION_MESSAGES,
};
const nameOf = (key: string) => key.slice('validation.'.length) as ValidationName;

describe('message keys', () => {
  it('are unique and all of the form validation.<name>', () => {
    expect(new Set(VALIDATION_MESSAGE_KEYS).size).toBe(VALIDATION_MESSAGE_KEYS.length);
    for (const k of VALIDATION_MESSAGE_KEYS) expect(k).toMatch(/^validation\.[a-zA-Z0-9]+$/);
  });

  it('are the tables of shared/messages.ts and of each module together, none in two tables', () => {
    const modulesDir = fileURLToPath(new URL('../src/modules', import.meta.url));
    const withMessages = readdirSync(modulesDir).filter((m) => existsSync(join(modulesDir, m, 'messages.ts')));
    expect(withMessages.sort()).toEqual(
      Object.keys(TABLES)
        .filter((t) => t !== 'shared')
        .sort(),
    );
    const names = Object.values(TABLES).flatMap((table) => Object.keys(table));
    expect(names.length).toBe(new Set(names).size);
    expect(names.sort()).toEqual(VALIDATION_MESSAGE_KEYS.map(nameOf).sort());
  });

  it('cover every validation.* key written in the contract sources', () => {
    const srcDir = fileURLToPath(new URL('../src', import.meta.url));
    const files: string[] = [];
    const walk = (d: string) => {
      for (const f of readdirSync(d)) {
        const p = join(d, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (p.endsWith('.ts')) files.push(p);
      }
    };
    walk(srcDir);
    const used = new Set<string>();
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      for (const m of text.matchAll(/['"`](validation\.[a-zA-Z0-9]+)['"`]/g)) used.add(m[1]);
      for (const m of text.matchAll(/\bvk\('([a-zA-Z0-9]+)'\)/g)) used.add(`validation.${m[1]}`);
    }
    expect(used.size).toBeGreaterThan(50);
    const listed = new Set<string>(VALIDATION_MESSAGE_KEYS);
    expect([...used].filter((k) => !listed.has(k))).toEqual([]);
  });
});

describe('VALIDATION_MESSAGES', () => {
  it.each(VALIDATION_MESSAGE_KEYS)('%s has non-empty en and zh texts, zh in Chinese, no placeholders', (key) => {
    const entry = VALIDATION_MESSAGES[nameOf(key)];
    expect(entry, key).toBeDefined();
    expect(entry.en.trim()).not.toBe('');
    expect(entry.zh.trim()).not.toBe('');
    expect(entry.zh).toMatch(CJK);
    expect(entry.en).not.toMatch(CJK);
    // Schemas pass no interpolation params, so a placeholder would be shown verbatim.
    expect(entry.en).not.toMatch(/\{\{?\w+\}?\}|undefined|NaN/);
    expect(entry.zh).not.toMatch(/\{\{?\w+\}?\}|undefined|NaN/);
  });

  it('spells out the limits of the rules', () => {
    const m = VALIDATION_MESSAGES;
    expect(m.portRange.en).toContain(`${PORT_MIN} and ${PORT_MAX}`);
    expect(m.portRange.zh).toContain(`${PORT_MIN}-${PORT_MAX}`);
    expect(m.smtpPortRange.en).toContain(`${v.SMTP_PORT_MIN} and ${v.SMTP_PORT_MAX}`);
    expect(m.passwordLength.en).toContain(`${PASSWORD_MIN}-${PASSWORD_MAX}`);
    expect(m.passwordRule.zh).toContain(`${PASSWORD_MIN}-${PASSWORD_MAX}`);
    expect(m.importTooManyRows.en).toContain('5,000');
    expect(m.importTooManyRows.zh).toContain('5000');
    expect(m.importFileTooLarge.en).toContain('2 MB');
    expect(m.queryRangeTooLong.zh).toContain(`${QUERY_RANGE_MAX_DAYS}天`);
    expect(m.exportRangeTooLong.en).toContain(`${EXPORT_RANGE_MAX_DAYS} days`);
    expect(m.chatMessageTooLong.en).toContain('1,000');
    expect(m.chatMessageTooLong.zh).toContain('1000');
    expect(m.chatTooManyFiles.en).toContain(`${CHAT_FILES_MAX} files`);
    expect(m.countriesMax.zh).toContain(`${CATEGORY_MAX_COUNTRIES}个`);
    expect(m.versionCountRange.en).toContain(`${VERSION_COUNT_MIN} to 1,000`);
    expect(m.versionCountRange.zh).toContain(`${VERSION_COUNT_MIN}-1000`);
  });

  it('repeats the limits of the validators.ts files that it cannot import at runtime', () => {
    const m = VALIDATION_MESSAGES;
    expect(m.nameTooLong.en).toContain(`${v.INVITEE_NAME_MAX} characters`);
    expect(m.snInvalid.en).toContain(`${v.SN_MAX_LENGTH} characters`);
    expect(m.folderNameTooLong.en).toContain(`${v.FOLDER_NAME_MAX_LENGTH} characters`);
    expect(m.titleTooLong.en).toContain(`${v.TITLE_MAX_LENGTH} characters`);
    expect(m.iconSize.en).toContain(`${v.ICON_SIZE.width} × ${v.ICON_SIZE.height}`);
    expect(m.detailImageWidth.en).toContain(`${v.DETAIL_IMAGE_WIDTH_MIN}-${v.DETAIL_IMAGE_WIDTH_MAX}`);
    expect(m.smtpPortRange.zh).toContain(`${v.SMTP_PORT_MIN}-${v.SMTP_PORT_MAX}`);
  });

  it('uses the glossary terms in zh-CN', () => {
    const m = VALIDATION_MESSAGES;
    expect(m.md5Mismatch.zh).toContain('固件包');
    expect(m.validityDaysMin.zh).toContain('有效天数');
    expect(m.androidPriceBelowGuide.zh).toContain('指导价');
    expect(m.guidePriceBelowCost.zh).toContain('成本价');
    expect(m.licenceRangesMax.zh).toContain('通道上限');
    expect(m.versionCountRange.zh).toContain('灰度发布');
  });
});

describe('validationMessage', () => {
  it.each(VALIDATION_MESSAGE_KEYS)('%s resolves in both locales', (key) => {
    const entry = VALIDATION_MESSAGES[nameOf(key)];
    expect(validationMessage(key, 'en-US')).toBe(entry.en);
    expect(validationMessage(key, 'zh-CN')).toBe(entry.zh);
  });

  it('resolves the key a schema actually reports', () => {
    const k = v.firstIssueKey(v.portSchema, '80')!;
    expect(k).toBe('validation.portRange');
    expect(validationMessage(k, 'zh-CN')).toBe(VALIDATION_MESSAGES.portRange.zh);
  });

  it('returns an unknown message unchanged', () => {
    for (const message of [
      'validation.unknownKey',
      'validation.',
      'validation.constructor',
      'validation.toString',
      'Invalid input',
      'emailRequired',
      '',
    ]) {
      expect(validationMessage(message, 'en-US')).toBe(message);
      expect(validationMessage(message, 'zh-CN')).toBe(message);
    }
  });
});
