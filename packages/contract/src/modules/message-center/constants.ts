/** Limits and lists of the message centre (SPEC §3 Message, issue 13). */
export const MESSAGE_TYPES = ['notice', 'service', 'promotion', 'update'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/**
 * The app languages a message may be written in (at least ten). Business users (supplier and
 * partner users) configure several of them; any other sender writes one.
 */
export const MESSAGE_LANGUAGES = [
  'en-US',
  'zh-CN',
  'de-DE',
  'fr-FR',
  'es-ES',
  'it-IT',
  'pt-BR',
  'ja-JP',
  'ko-KR',
  'ru-RU',
  'nl-NL',
  'ar-SA',
] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];
/** The language a recipient gets when neither their own nor the message's preferred one applies. */
export const MESSAGE_FALLBACK_LANGUAGE: MessageLanguage = 'en-US';

export const MESSAGE_TITLE_MAX = 100;
export const MESSAGE_BODY_MAX = 5000;
export const MESSAGE_LINK_MAX = 500;
export const MESSAGE_IMAGES_MAX = 5;
/** Companies named by one "by company" audience. */
export const MESSAGE_AUDIENCE_COMPANIES_MAX = 200;
/** Users named by a system message's "specified users" audience. */
export const MESSAGE_AUDIENCE_USERS_MAX = 1000;
/** Recipients written per fan-out page (one INSERT ... SELECT each). */
export const MESSAGE_FANOUT_PAGE = 100_000;
/** Company types a portal-user audience may name. */
export const MESSAGE_AUDIENCE_COMPANY_TYPES = ['partner', 'distributor', 'installer', 'customer'] as const;
/** How often the web polls the unread count until the live socket arrives (ms). */
export const MESSAGE_UNREAD_POLL_MS = 10_000;
