/** Texts the server writes itself (the stats export), in both locales. */
import type { Locale } from '@portal/contract';

const SHEET = {
  'en-US': { name: 'Stats', columns: ['Language', 'Recipients', 'Pushed', 'Delivered', 'Opened'], total: 'Total' },
  'zh-CN': { name: '统计', columns: ['语言', '接收人数', '已推送', '已送达', '已读'], total: '合计' },
} as const;

export function statsSheet(locale: Locale): { name: string; columns: readonly string[]; total: string } {
  return SHEET[locale];
}

const TEST_PUSH = {
  'en-US': { title: 'Test notification', body: 'Push notifications of this app work.' },
  'zh-CN': { title: '测试通知', body: '此应用的推送通知工作正常。' },
} as const;

/** The test send's notification, in the caller's locale. */
export function testPushText(locale: Locale): { title: string; body: string } {
  return TEST_PUSH[locale];
}
