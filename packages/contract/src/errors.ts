/**
 * The error catalogue (SPEC §8): one table shared by the server and the web client, assembled from
 * the common slice (shared/errors.ts) and each module's slice (modules/<m>/errors.ts). Every code
 * has an en-US and a zh-CN message. `{name}` placeholders are filled from the error's params.
 * `endsSession` codes make the browser clear the session and go to login.
 */
import { ACCOUNT_MANAGE_ERRORS } from './modules/account-manage/errors';
import { APP_API_ERRORS } from './modules/app-api/errors';
import { AUTH_ERRORS } from './modules/auth/errors';
import { CLOUD_STORAGE_ERRORS } from './modules/cloud-storage/errors';
import { CLOUD_CONTENT_ERRORS } from './modules/cloud-content/errors';
import { CLOUD_UPGRADE_ERRORS } from './modules/cloud-upgrade/errors';
import { FEEDBACK_CHAT_ERRORS } from './modules/feedback-chat/errors';
import { INSIGHT_ERRORS } from './modules/insight/errors';
import { MESSAGE_CENTER_ERRORS } from './modules/message-center/errors';
import { PARTNER_ERRORS } from './modules/partner/errors';
import { COMMON_ERRORS } from './shared/errors';
import { fillErrorText } from './shared/error-text';
import type { Locale } from './shared/locale';

/** The slices as one table (typed as their intersection: a spread would turn the numeric keys into strings). */
type Catalogue = typeof COMMON_ERRORS &
  typeof AUTH_ERRORS &
  typeof ACCOUNT_MANAGE_ERRORS &
  typeof PARTNER_ERRORS &
  typeof CLOUD_UPGRADE_ERRORS &
  typeof CLOUD_STORAGE_ERRORS &
  typeof CLOUD_CONTENT_ERRORS &
  typeof APP_API_ERRORS &
  typeof MESSAGE_CENTER_ERRORS &
  typeof FEEDBACK_CHAT_ERRORS &
  typeof INSIGHT_ERRORS;

export const ERROR_CATALOGUE: Catalogue = {
  ...COMMON_ERRORS,
  ...AUTH_ERRORS,
  ...ACCOUNT_MANAGE_ERRORS,
  ...PARTNER_ERRORS,
  ...CLOUD_UPGRADE_ERRORS,
  ...CLOUD_STORAGE_ERRORS,
  ...CLOUD_CONTENT_ERRORS,
  ...APP_API_ERRORS,
  ...MESSAGE_CENTER_ERRORS,
  ...FEEDBACK_CHAT_ERRORS,
  ...INSIGHT_ERRORS,
};

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

// The locales live in shared/locale.ts (the web's first screen needs them without the catalogue).
export { type Locale, LOCALES, DEFAULT_LOCALE, normalizeLocale } from './shared/locale';

export const ErrorCodes = Object.fromEntries(Object.entries(ERROR_CATALOGUE).map(([code, e]) => [e.key, Number(code)])) as {
  [K in ErrorCode as (typeof ERROR_CATALOGUE)[K]['key']]: K;
};

/** Codes after which the browser ends the session (SPEC §8). */
export const SESSION_ENDING_CODES: readonly number[] = Object.entries(ERROR_CATALOGUE)
  .filter(([, e]) => e.endsSession)
  .map(([c]) => Number(c));

export function isKnownErrorCode(code: number): code is ErrorCode {
  return Object.prototype.hasOwnProperty.call(ERROR_CATALOGUE, code);
}

/** Localized message for a catalogue code, with `{name}` placeholders filled. */
export function errorMessage(code: number, locale: Locale, params: Record<string, string | number> = {}): string {
  const entry = isKnownErrorCode(code) ? ERROR_CATALOGUE[code] : ERROR_CATALOGUE[1000];
  return fillErrorText(locale === 'zh-CN' ? entry.zh : entry.en, params);
}
