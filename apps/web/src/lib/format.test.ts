import { afterAll, describe, expect, it } from 'vitest';
import { formatAmount, totalOptions } from './format';
import { i18n, loadFeatureTexts, setLocale } from './i18n';

describe('list totals', () => {
  afterAll(() => setLocale('en-US'));

  it('say "1 record" and "2 records", the number written in the UI language (en-US)', async () => {
    await setLocale('en-US');
    await loadFeatureTexts();
    expect(i18n.t('common.total', totalOptions(1))).toBe('1 record in total');
    expect(i18n.t('common.total', totalOptions(2))).toBe('2 records in total');
    expect(i18n.t('common.total', totalOptions(100001))).toBe('100,001 records in total');
    expect(i18n.t('users.total', totalOptions(1))).toBe('1 user in total');
    expect(formatAmount(13310450)).toBe('133,104.50');
    // Other counted texts have their singular too.
    expect(i18n.t('messageCenter.release.previewTotal', { count: 1 })).toBe('1 recipient');
    expect(i18n.t('messageCenter.release.previewTotal', { count: 2 })).toBe('2 recipients');
    expect(i18n.t('messageCenter.release.previewTotal', { count: 1880 })).toBe('1,880 recipients');
    expect(i18n.t('feedbackChat.desk.minutes', { count: 1 })).toBe('1 minute');
    expect(i18n.t('partner.corp.endedSessions', { count: 2 })).toBe('Superior access withdrawn; 2 remote sessions ended.');
  });

  it('read the same in zh-CN, which has one form', async () => {
    await setLocale('zh-CN');
    await loadFeatureTexts();
    expect(i18n.t('common.total', totalOptions(1))).toBe('共 1 条');
    expect(i18n.t('common.total', totalOptions(100001))).toBe('共 100,001 条');
    expect(i18n.t('users.total', totalOptions(3))).toBe('共 3 个用户');
  });
});
