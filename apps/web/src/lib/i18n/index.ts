import { DEFAULT_LOCALE, LOCALES, type Locale, SHELL_VALIDATION_MESSAGES, normalizeLocale } from '@portal/contract';
import type { Locale as AntdLocale } from 'antd/es/locale';
import type { default as Dayjs } from 'dayjs';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadFeatureMessages, loadShellMessages } from '../../locales/messages';
import { useWholeErrorCatalogue } from '../api/error-texts';

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

type ValidationTable = Readonly<Record<string, { en: string; zh: string }>>;

/**
 * The `validation.*` texts live once, in the contract; the locale files add only the generic one.
 * The shell's bundle has the shell's rules (login); the features' bundle adds every module's.
 */
function withValidation(messages: Record<string, unknown>, locale: Locale, table: ValidationTable) {
  const lang = locale === 'zh-CN' ? 'zh' : 'en';
  const fromContract = Object.fromEntries(Object.entries(table).map(([k, v]) => [k, v[lang]]));
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
// antd's en-US texts come with antd (app/AntdProviders); the others come with their locale.
const antdLocales = new Map<Locale, AntdLocale>();
let dayjsWithLocales: typeof Dayjs | null = null;

/**
 * antd's and dayjs's own texts (pickers, pagination, empty states, month names) of `locale`: none
 * to load for en-US, which both have built in.
 */
async function loadLibraryTexts(locale: Locale): Promise<void> {
  if (locale !== 'zh-CN') return;
  const [antd, dayjs] = await Promise.all([import('antd/es/locale/zh_CN'), import('dayjs'), import('dayjs/locale/zh-cn')]);
  antdLocales.set(locale, antd.default);
  dayjsWithLocales = dayjs.default;
}

/** antd's texts for `locale` when they are loaded with the locale; `undefined` for en-US (see app/AntdProviders). */
export function antdLocaleOf(locale: Locale): AntdLocale | undefined {
  return antdLocales.get(locale);
}

/** Dates shown by dayjs (and antd's pickers) follow the UI language; dayjs is untouched until a locale other than its built-in English was loaded. */
function applyDateLocale(locale: Locale) {
  dayjsWithLocales?.locale(locale === 'zh-CN' ? 'zh-cn' : 'en');
}

/** Makes the texts of `locale` available (each locale is loaded once, as chunks of its own). */
export function loadLocale(locale: Locale): Promise<void> {
  let p = loading.get(locale);
  if (!p) {
    p = Promise.all([loadShellMessages(locale), loadLibraryTexts(locale)]).then(([messages]) => {
      i18n.addResourceBundle(locale, 'translation', withValidation(messages, locale, SHELL_VALIDATION_MESSAGES), true, true);
    });
    p.catch(() => loading.delete(locale));
    loading.set(locale, p);
  }
  return featureTextsWanted ? Promise.all([p, loadFeatureLocale(locale)]).then(() => undefined) : p;
}

/**
 * The features' texts (users, upgrade, partner...) are not needed by /login: they are loaded with the
 * first other page (app/router) and, from then on, with every locale switched to.
 */
let featureTextsWanted = false;
const featureLoading = new Map<Locale, Promise<void>>();

function loadFeatureLocale(locale: Locale): Promise<void> {
  let p = featureLoading.get(locale);
  if (!p) {
    p = Promise.all([loadFeatureMessages(locale), import('./whole-tables')]).then(([messages, whole]) => {
      useWholeErrorCatalogue(whole.ERROR_CATALOGUE);
      i18n.addResourceBundle(locale, 'translation', withValidation(messages, locale, whole.VALIDATION_MESSAGES), true, true);
    });
    p.catch(() => featureLoading.delete(locale));
    featureLoading.set(locale, p);
  }
  return p;
}

/** The features' texts of the current locale (and of every locale switched to later). */
export function loadFeatureTexts(): Promise<void> {
  featureTextsWanted = true;
  return loadFeatureLocale(normalizeLocale(i18n.language));
}

/**
 * Before the first render: the texts of the language the page starts in, and only those (the
 * fallback's are not needed while both locales have every key, which the locale tests hold them to).
 */
export async function loadInitialLocale(): Promise<void> {
  const locale = normalizeLocale(i18n.language);
  await loadLocale(locale);
  applyDateLocale(locale);
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
  applyDateLocale(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  await i18n.changeLanguage(locale);
}

export { i18n };
