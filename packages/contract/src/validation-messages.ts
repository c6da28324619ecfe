/**
 * Texts of the `validation.*` message keys that contract schemas use, in both locales, assembled
 * from the shared table (shared/messages.ts) and each module's (modules/<m>/messages.ts). The web
 * loads them into i18n under `validation`; the server uses them in 1001 answers.
 *
 * A key lives in the table of the rule that reports it; test/validation-messages.test.ts holds that
 * no key is in two tables and that every key a contract source names has its texts.
 */
import { ACCOUNT_MANAGE_VALIDATION_MESSAGES } from './modules/account-manage/messages';
import { APP_API_VALIDATION_MESSAGES } from './modules/app-api/messages';
import { AUTH_VALIDATION_MESSAGES } from './modules/auth/messages';
import { CLOUD_CONTENT_VALIDATION_MESSAGES } from './modules/cloud-content/messages';
import { CLOUD_STORAGE_VALIDATION_MESSAGES } from './modules/cloud-storage/messages';
import { CLOUD_UPGRADE_VALIDATION_MESSAGES } from './modules/cloud-upgrade/messages';
import { FEEDBACK_CHAT_VALIDATION_MESSAGES } from './modules/feedback-chat/messages';
import { INSIGHT_VALIDATION_MESSAGES } from './modules/insight/messages';
import { LICENSE_VALIDATION_MESSAGES } from './modules/license/messages';
import { MESSAGE_CENTER_VALIDATION_MESSAGES } from './modules/message-center/messages';
import { PARTNER_VALIDATION_MESSAGES } from './modules/partner/messages';
import { POINT_MALL_VALIDATION_MESSAGES } from './modules/point-mall/messages';
import type { Locale } from './errors';
import { SHARED_VALIDATION_MESSAGES, type MessageText } from './shared/messages';

const ALL = {
  ...SHARED_VALIDATION_MESSAGES,
  ...AUTH_VALIDATION_MESSAGES,
  ...ACCOUNT_MANAGE_VALIDATION_MESSAGES,
  ...PARTNER_VALIDATION_MESSAGES,
  ...CLOUD_UPGRADE_VALIDATION_MESSAGES,
  ...CLOUD_CONTENT_VALIDATION_MESSAGES,
  ...CLOUD_STORAGE_VALIDATION_MESSAGES,
  ...LICENSE_VALIDATION_MESSAGES,
  ...POINT_MALL_VALIDATION_MESSAGES,
  ...FEEDBACK_CHAT_VALIDATION_MESSAGES,
  ...APP_API_VALIDATION_MESSAGES,
  ...MESSAGE_CENTER_VALIDATION_MESSAGES,
  ...INSIGHT_VALIDATION_MESSAGES,
};

/** The part after `validation.` of every key. */
export type ValidationName = keyof typeof ALL;
export type ValidationMessageKey = `validation.${ValidationName}`;

/** Texts of every `validation.*` key, keyed by the part after `validation.`. */
export const VALIDATION_MESSAGES: Record<ValidationName, MessageText> = ALL;

/** Every message key a contract schema may report. */
// Pure: a bundle that does not use the list (the web) drops it.
export const VALIDATION_MESSAGE_KEYS: readonly ValidationMessageKey[] = /* @__PURE__ */ (Object.keys(ALL) as ValidationName[]).map(
  (name) => `validation.${name}` as const,
);

/** Message of a `validation.*` key (or of a bare zod message, returned unchanged). */
export function validationMessage(message: string, locale: Locale): string {
  if (!message.startsWith('validation.')) return message;
  const key = message.slice('validation.'.length);
  // Own keys only, so names such as constructor or toString are not read from Object.prototype.
  if (!Object.prototype.hasOwnProperty.call(VALIDATION_MESSAGES, key)) return message;
  const entry = VALIDATION_MESSAGES[key as ValidationName];
  return locale === 'zh-CN' ? entry.zh : entry.en;
}
