import { DEFAULT_LOCALE, LOCALES, type Locale, normalizeLocale, VALIDATION_MESSAGES } from '@portal/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MESSAGES } from '../../locales/messages';

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
function withValidation(messages: (typeof MESSAGES)['en-US'], lang: 'en' | 'zh') {
  const fromContract = Object.fromEntries(Object.entries(VALIDATION_MESSAGES).map(([k, v]) => [k, v[lang]]));
  return { ...messages, validation: { ...fromContract, ...messages.validation } };
}

void i18n.use(initReactI18next).init({
  resources: {
    'en-US': { translation: withValidation(MESSAGES['en-US'], 'en') },
    'zh-CN': { translation: withValidation(MESSAGES['zh-CN'], 'zh') },
  },
  lng: detectLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
});

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
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  await i18n.changeLanguage(locale);
}

export { i18n };
