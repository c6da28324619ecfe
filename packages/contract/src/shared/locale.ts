/** The portal's locales (SPEC §1): en-US is the fallback. */
export type Locale = 'en-US' | 'zh-CN';
export const LOCALES: readonly Locale[] = ['en-US', 'zh-CN'];
export const DEFAULT_LOCALE: Locale = 'en-US';

export function normalizeLocale(input: string | null | undefined): Locale {
  if (!input) return DEFAULT_LOCALE;
  const l = input.toLowerCase();
  if (l.startsWith('zh')) return 'zh-CN';
  return 'en-US';
}
