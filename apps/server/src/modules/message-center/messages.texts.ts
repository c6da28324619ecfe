/** Texts the server writes itself (the stats export), in both locales. */
import type { Locale } from '@portal/contract';

const SHEET = {
  'en-US': { name: 'Stats', columns: ['Language', 'Recipients', 'Delivered', 'Opened'], total: 'Total' },
  'zh-CN': { name: '统计', columns: ['语言', '接收人数', '已送达', '已读'], total: '合计' },
} as const;

export function statsSheet(locale: Locale): { name: string; columns: readonly string[]; total: string } {
  return SHEET[locale];
}
