import { DEFAULT_LOCALE, LOCALES, type Locale, normalizeLocale, VALIDATION_MESSAGES } from '@portal/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadMessages } from '../../locales/messages';

/** sessionStorage key of the chosen locale (SPEC §1: session storage, else the browser language). */
export const LOCALE_STORAGE_KEY = 'locale';

export const LOCALE_LABELS: Record<Locale, string> = { 'en-US': 'English', 'zh-CN': '简体中文' };

function readStoredLocale(): string | null {
  try {
    return sessionStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function isSupportedLocale(value: string | null | undefined): value is Locale {
  return !!value && (LOCALES as readonly string[]).includes(value);
}

/** Session storage first, then the browser's preferred languages, then en-US. */
export function detectLocale(): Locale {
  const stored = readStoredLocale();
  if (isSupportedLocale(stored)) return stored;
  const browser = typeof navigator !== 'undefined' ? (navigator.languages?.[0] ?? navigator.language) : undefined;
  return browser ? normalizeLocale(browser) : DEFAULT_LOCALE;
}

/** The `validation.*` texts live once, in the contract; the locale files add only the generic one. */
function withValidation(messages: Record<string, unknown>, locale: Locale) {
  const lang = locale === 'zh-CN' ? 'zh' : 'en';
  const fromContract = Object.fromEntries(Object.entries(VALIDATION_MESSAGES).map(([k, v]) => [k, v[lang]]));
  return { ...messages, validation: { ...fromContract, ...(messages.validation as Record<string, string> | undefined) } };
}

void i18n.use(initReactI18next).init({
  resources: {},
  lng: detectLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
});

const loading = new Map<Locale, Promise<void>>();

/** Makes the texts of `locale` available (each locale is loaded once, as a chunk of its own). */
export function loadLocale(locale: Locale): Promise<void> {
  let p = loading.get(locale);
  if (!p) {
    p = loadMessages(locale).then((messages) => {
      i18n.addResourceBundle(locale, 'translation', withValidation(messages, locale), true, true);
    });
    p.catch(() => loading.delete(locale));
    loading.set(locale, p);
  }
  return p;
}

/**
 * Before the first render: the texts of the language the page starts in, and only those (the
 * fallback's are not needed while both locales have every key, which the locale tests hold them to).
 */
export async function loadInitialLocale(): Promise<void> {
  await loadLocale(normalizeLocale(i18n.language));
}

if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

export function currentLocale(): Locale {
  return normalizeLocale(i18n.language);
}

/** Switch the UI language and remember it for this browser session. */
export async function setLocale(locale: Locale): Promise<void> {
  try {
    sessionStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    /* storage may be unavailable (private mode); the switch still applies to this page */
  }
  await loadLocale(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  await i18n.changeLanguage(locale);
}

export { i18n };
