/**
 * The error catalogue as the browser reads it. /login starts with the shell's slices (common and
 * auth codes, contract shell-tables.ts); the whole catalogue comes with the features' texts
 * (lib/i18n loadFeatureTexts), so a new module's codes add nothing to what /login downloads. An
 * answer with a code not loaded yet keeps the server's own message, which the server localized.
 */
import { type ErrorEntry, type Locale, SHELL_ERROR_CATALOGUE, fillErrorText } from '@portal/contract';

let catalogue: Readonly<Record<number, ErrorEntry>> = SHELL_ERROR_CATALOGUE;

/** Called once the whole catalogue is loaded (lib/i18n). */
export function useWholeErrorCatalogue(whole: Readonly<Record<number, ErrorEntry>>): void {
  catalogue = whole;
}

/** The loaded entry of `code`, if any. */
export function errorEntry(code: number): ErrorEntry | undefined {
  return Object.prototype.hasOwnProperty.call(catalogue, code) ? catalogue[code] : undefined;
}

/** Localized message of a catalogue code, with its placeholders filled; the generic 1000 text for an unknown code. */
export function errorText(code: number, locale: Locale, params: Record<string, string | number> = {}): string {
  const entry = errorEntry(code) ?? SHELL_ERROR_CATALOGUE[1000];
  return fillErrorText(locale === 'zh-CN' ? entry.zh : entry.en, params);
}
