import { describe, expect, it } from 'vitest';
import {
  CATEGORY_MAX_COUNTRIES,
  CHAT_FILES_MAX,
  EXPORT_RANGE_MAX_DAYS,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PORT_MAX,
  PORT_MIN,
  QUERY_RANGE_MAX_DAYS,
  VERSION_COUNT_MIN,
} from '../src/constants';
import { VALIDATION_MESSAGES, validationMessage } from '../src/validation-messages';
import * as v from '../src/validators';

const CJK = /[\u4e00-\u9fff]/;
const nameOf = (key: string) => key.slice('validation.'.length) as v.ValidationName;

describe('VALIDATION_MESSAGES', () => {
  it('has exactly the keys of VALIDATION_MESSAGE_KEYS', () => {
    expect(Object.keys(VALIDATION_MESSAGES).sort()).toEqual(v.VALIDATION_MESSAGE_KEYS.map(nameOf).sort());
  });

  it.each(v.VALIDATION_MESSAGE_KEYS)('%s has non-empty en and zh texts, zh in Chinese, no placeholders', (key) => {
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

  it('repeats the limits of validators.ts that it cannot import at runtime', () => {
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
  it.each(v.VALIDATION_MESSAGE_KEYS)('%s resolves in both locales', (key) => {
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
    for (const message of ['validation.unknownKey', 'validation.', 'validation.constructor', 'validation.toString', 'Invalid input', 'emailRequired', '']) {
      expect(validationMessage(message, 'en-US')).toBe(message);
      expect(validationMessage(message, 'zh-CN')).toBe(message);
    }
  });
});
