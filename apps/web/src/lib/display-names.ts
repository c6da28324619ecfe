/** Names of languages and countries in the UI language, from the browser's Intl data. */
const regionNames = new Map<string, Intl.DisplayNames | null>();
const languageNames = new Map<string, Intl.DisplayNames | null>();

function displayNames(cache: Map<string, Intl.DisplayNames | null>, locale: string, type: 'region' | 'language') {
  if (!cache.has(locale)) {
    try {
      cache.set(locale, new Intl.DisplayNames([locale], { type, fallback: 'code' }));
    } catch {
      cache.set(locale, null);
    }
  }
  return cache.get(locale) ?? null;
}

/** "DE" -> "Germany" / "德国" in the UI language; the code itself when unknown; '-' for none. */
export function countryName(code: string, locale: string): string {
  if (!code) return '-';
  try {
    return displayNames(regionNames, locale, 'region')?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** "de-DE" -> "German (Germany)" / "德语（德国）" in the UI language; the tag itself when unknown. */
export function languageName(tag: string, locale: string): string {
  try {
    return displayNames(languageNames, locale, 'language')?.of(tag) ?? tag;
  } catch {
    return tag;
  }
}
