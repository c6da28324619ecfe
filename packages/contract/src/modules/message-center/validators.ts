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
/**
 * The brand's end users (app API): all of them, by country or area, owners of a device model or of
 * a firmware version (of a model), or specified ones (at most MESSAGE_AUDIENCE_USERS_MAX; the
 * server names unknown ones). A distributor reaches the end users of devices it sold.
 */
export const END_USER_FILTERS = ['all', 'country', 'area', 'deviceModel', 'firmware', 'specified'] as const;
export type EndUserFilterBy = (typeof END_USER_FILTERS)[number];
const audienceText = z.string().trim().min(1).max(100);
export const endUserFilterSchema = z.discriminatedUnion('by', [
  z.strictObject({ by: z.literal('all') }),
  z.strictObject({
    by: z.literal('country'),
    countries: z
      .array(
        z
          .string()
          .trim()
          .regex(/^[A-Za-z]{2}$/)
          .transform((c) => c.toUpperCase()),
      )
      .min(1)
      .max(250),
  }),
  z.strictObject({ by: z.literal('area'), areaIds: z.array(idSchema).min(1).max(50) }),
  z.strictObject({ by: z.literal('deviceModel'), models: z.array(audienceText).min(1).max(50) }),
  z.strictObject({ by: z.literal('firmware'), model: audienceText.optional(), versions: z.array(audienceText).min(1).max(50) }),
  // The cap is the server's (27011, with the count), so the list itself is bounded only loosely here.
  z.strictObject({
    by: z.literal('specified'),
    endUserIds: z
      .array(idSchema)
      .min(1)
      .max(MESSAGE_AUDIENCE_USERS_MAX * 10),
  }),
]);
export type EndUserFilter = z.infer<typeof endUserFilterSchema>;

export const messageAudienceSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('companyType'), companyTypes: z.array(audienceCompanyTypeSchema).min(1).max(4) }),
  z.strictObject({ kind: z.literal('company'), companyIds: z.array(idSchema).min(1).max(MESSAGE_AUDIENCE_COMPANIES_MAX) }),
  z.strictObject({ kind: z.literal('area'), areaIds: z.array(idSchema).min(1).max(50) }),
  z.strictObject({ kind: z.literal('users'), userIds: z.array(idSchema).min(1).max(MESSAGE_AUDIENCE_USERS_MAX) }),
  z.strictObject({ kind: z.literal('endUsers'), filter: endUserFilterSchema }),
]);
export type MessageAudience = z.infer<typeof messageAudienceSchema>;
export const MESSAGE_AUDIENCE_KINDS = ['companyType', 'company', 'area', 'users', 'endUsers'] as const;
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
