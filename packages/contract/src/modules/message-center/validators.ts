/** Rules of a message (SPEC §3 Message, issue 13): contents per language, link, images, audience. */
import { z } from 'zod';
import type { SharedValidationName } from '../../shared/messages';
import { charCount, idSchema, validationKeyOf } from '../../shared/validators';
import {
  MESSAGE_AUDIENCE_COMPANIES_MAX,
  MESSAGE_AUDIENCE_COMPANY_TYPES,
  MESSAGE_AUDIENCE_USERS_MAX,
  MESSAGE_BODY_MAX,
  MESSAGE_IMAGES_MAX,
  MESSAGE_LANGUAGES,
  MESSAGE_LINK_MAX,
  MESSAGE_TITLE_MAX,
  MESSAGE_TYPES,
} from './constants';
import type { MessageCenterValidationName } from './messages';

const vk = validationKeyOf<SharedValidationName | MessageCenterValidationName>();

export const messageTypeSchema = z.enum(MESSAGE_TYPES);
export const messageLanguageSchema = z.enum(MESSAGE_LANGUAGES);

export const messageTitleSchema = z
  .string({ error: vk('messageTitleRequired') })
  .trim()
  .min(1, { error: vk('messageTitleRequired') })
  .refine((s) => charCount(s) <= MESSAGE_TITLE_MAX, { error: vk('messageTitleTooLong') });

/** Rich text (HTML); the server cleans it (sanitize-html) before storing. */
export const messageBodySchema = z
  .string({ error: vk('messageBodyRequired') })
  .refine((s) => s.replace(/<[^>]*>/g, '').trim() !== '' || /<img\b/i.test(s), { error: vk('messageBodyRequired') })
  .refine((s) => charCount(s) <= MESSAGE_BODY_MAX, { error: vk('messageBodyTooLong') });

export const messageContentSchema = z.strictObject({ title: messageTitleSchema, body: messageBodySchema });
export type MessageContent = z.infer<typeof messageContentSchema>;

/** Title and body per language; at least one language. */
export const messageContentsSchema = z
  .partialRecord(messageLanguageSchema, messageContentSchema)
  .refine((c) => Object.keys(c).length > 0, { error: vk('messageContentRequired') });
export type MessageContents = z.infer<typeof messageContentsSchema>;

export const messageLinkSchema = z
  .string()
  .trim()
  .max(MESSAGE_LINK_MAX, { error: vk('messageLinkInvalid') })
  .refine((s) => s === '' || /^https?:\/\/[^\s]+$/i.test(s), { error: vk('messageLinkInvalid') });

export const messageImagesSchema = z.array(idSchema).max(MESSAGE_IMAGES_MAX, { error: vk('messageTooManyImages') });

export const audienceCompanyTypeSchema = z.enum(MESSAGE_AUDIENCE_COMPANY_TYPES);

/**
 * Who receives a message. Portal users: by company type, by company (its users), by area (users of
 * companies in those areas; only the sender's own areas), or specified users (system messages).
 * Always within the sender's reach: its subtree (the supplier's is every tenant). The kind `portal`
 * leaves room for the end-user audiences of the app API.
 */
export const messageAudienceSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('companyType'), companyTypes: z.array(audienceCompanyTypeSchema).min(1).max(4) }),
  z.strictObject({ kind: z.literal('company'), companyIds: z.array(idSchema).min(1).max(MESSAGE_AUDIENCE_COMPANIES_MAX) }),
  z.strictObject({ kind: z.literal('area'), areaIds: z.array(idSchema).min(1).max(50) }),
  z.strictObject({ kind: z.literal('users'), userIds: z.array(idSchema).min(1).max(MESSAGE_AUDIENCE_USERS_MAX) }),
]);
export type MessageAudience = z.infer<typeof messageAudienceSchema>;
export const MESSAGE_AUDIENCE_KINDS = ['companyType', 'company', 'area', 'users'] as const;
export type MessageAudienceKind = (typeof MESSAGE_AUDIENCE_KINDS)[number];

/**
 * The language a recipient reads: their own when the message has it, else the message's preferred
 * one, else en-US. (The server resolves the same rule in SQL at fan-out and keeps it on the receipt.)
 */
export function resolveMessageLanguage(recipientLocale: string, languages: readonly string[], preferred: string): string {
  if (languages.includes(recipientLocale)) return recipientLocale;
  if (languages.includes(preferred)) return preferred;
  return 'en-US';
}
