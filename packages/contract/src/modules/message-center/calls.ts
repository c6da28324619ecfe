/**
 * The message centre (SPEC §1, §3 Message, §4; issue 13): messaging release (compose, audience
 * preview, schedule, release, withdraw, stats) and every portal user's inbox.
 */
import { z } from 'zod';
import { defineCall } from '../../shared/define-call';
import { pageOf, pageQuerySchema } from '../../shared/entities';
import { epochMsSchema, idSchema } from '../../shared/validators';
import { MESSAGE_LANGUAGES, MESSAGE_TYPES } from './constants';
import { messageStateSchema } from './states';
import {
  messageAudienceSchema,
  messageContentsSchema,
  messageImagesSchema,
  messageLanguageSchema,
  messageLinkSchema,
  messageTypeSchema,
} from './validators';

/** The module's own actions (the release page's buttons): compose, and write in several languages. */
export const MESSAGE_CENTER_ACTIONS = ['compose', 'multiLanguage', 'export'] as const;
export const messageCenterActionSchema = z.enum(MESSAGE_CENTER_ACTIONS);
export type MessageCenterAction = z.infer<typeof messageCenterActionSchema>;

/** What the caller may do with one message (server policy); the web offers exactly these. */
export const MESSAGE_ABILITIES = ['edit', 'delete', 'schedule', 'release', 'withdraw', 'revise'] as const;
export const messageAbilitySchema = z.enum(MESSAGE_ABILITIES);
export type MessageAbility = z.infer<typeof messageAbilitySchema>;

const imageSchema = z.object({ fileId: idSchema, name: z.string(), url: z.string() });

export const messageSchema = z.object({
  id: idSchema,
  type: messageTypeSchema,
  state: messageStateSchema,
  /** The title in the caller's locale when written in it, else in the preferred language. */
  title: z.string(),
  languages: z.array(messageLanguageSchema),
  preferredLanguage: messageLanguageSchema,
  audience: messageAudienceSchema,
  companyId: idSchema,
  companyName: z.string(),
  createdBy: z.string(),
  /** A message another module posted (points, orders), not a person. */
  system: z.boolean(),
  releaseAt: z.string().nullable(),
  releasedAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  /** Receipts written so far, and whether the fan-out has written them all. */
  recipients: z.number().int(),
  fanoutDone: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  actions: z.array(messageAbilitySchema),
});
export type Message = z.infer<typeof messageSchema>;

export const messageDetailSchema = messageSchema.extend({
  contents: messageContentsSchema,
  link: z.string(),
  images: z.array(imageSchema),
});
export type MessageDetail = z.infer<typeof messageDetailSchema>;

export const messageListQuerySchema = pageQuerySchema.extend({
  state: messageStateSchema.optional(),
  type: messageTypeSchema.optional(),
  searchText: z.string().trim().max(100).optional(),
  /**
   * Written by the company's staff (default) or posted by the portal itself (system messages of
   * other modules, e.g. one per paid storage order, which would otherwise fill the list).
   */
  origin: z.enum(['staff', 'system']).default('staff'),
});

export const messageInputSchema = z.strictObject({
  type: messageTypeSchema,
  contents: messageContentsSchema,
  preferredLanguage: messageLanguageSchema,
  link: messageLinkSchema.default(''),
  imageFileIds: messageImagesSchema.default([]),
  audience: messageAudienceSchema,
});
export type MessageInput = z.input<typeof messageInputSchema>;

export const audiencePreviewSchema = z.object({
  total: z.number().int(),
  byLanguage: z.array(z.object({ language: messageLanguageSchema, count: z.number().int() })),
  /** End users among them who muted promotions (a promotion reaches their inbox, without a push). */
  muted: z.number().int(),
});
export type AudiencePreview = z.infer<typeof audiencePreviewSchema>;

export const messageStatsSchema = z.object({
  messageId: idSchema,
  state: messageStateSchema,
  fanoutDone: z.boolean(),
  total: z.object({ recipients: z.number().int(), pushed: z.number().int(), delivered: z.number().int(), opened: z.number().int() }),
  byLanguage: z.array(
    z.object({
      language: messageLanguageSchema,
      recipients: z.number().int(),
      /** Receipts whose push reached the provider (end users with a push token). */
      pushed: z.number().int(),
      delivered: z.number().int(),
      opened: z.number().int(),
    }),
  ),
});
export type MessageStats = z.infer<typeof messageStatsSchema>;

// ----- the inbox -----

export const INBOX_READ_FILTERS = ['all', 'unread', 'read'] as const;

export const inboxItemSchema = z.object({
  messageId: idSchema,
  type: messageTypeSchema,
  /** The language this recipient reads (resolved at fan-out). */
  language: messageLanguageSchema,
  title: z.string(),
  sender: z.string(),
  releasedAt: z.string(),
  read: z.boolean(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxDetailSchema = inboxItemSchema.extend({
  body: z.string(),
  link: z.string(),
  images: z.array(imageSchema),
});
export type InboxDetail = z.infer<typeof inboxDetailSchema>;

export const inboxListQuerySchema = pageQuerySchema.extend({
  type: messageTypeSchema.optional(),
  read: z.enum(INBOX_READ_FILTERS).default('all'),
  /** Released on or after / before (ms). */
  from: epochMsSchema.optional(),
  to: epochMsSchema.optional(),
});

export const unreadCountSchema = z.object({
  total: z.number().int(),
  byType: z.object(
    Object.fromEntries(MESSAGE_TYPES.map((t) => [t, z.number().int()])) as Record<(typeof MESSAGE_TYPES)[number], z.ZodNumber>,
  ),
});
export type UnreadCount = z.infer<typeof unreadCountSchema>;

const messageIdData = z.strictObject({ messageId: idSchema });
const messageIdsData = z.strictObject({ messageIds: z.array(idSchema).min(1).max(200) });
const qry = { anyOf: ['dealer_message_qry', 'dealer_message_mgr'] } as const;
const mgr = { anyOf: ['dealer_message_mgr'] } as const;

export const messageCalls = {
  abilities: defineCall({
    path: 'message/abilities',
    auth: 'session',
    write: false,
    summary: 'What the caller may do in messaging release: compose, write several languages, export stats.',
    data: z.strictObject({}),
    result: z.object({ actions: z.array(messageCenterActionSchema), languages: z.array(messageLanguageSchema) }),
  }),
  list: defineCall({
    path: 'message/list',
    auth: qry,
    write: false,
    summary: "Messages sent from the caller's subtree (the supplier: every tenant's), newest first, filtered and paged.",
    data: messageListQuerySchema.strict(),
    result: pageOf(messageSchema),
  }),
  get: defineCall({
    path: 'message/get',
    auth: qry,
    write: false,
    summary: 'One message with its contents per language, link, images and audience.',
    data: messageIdData,
    result: messageDetailSchema,
  }),
  preview: defineCall({
    path: 'message/preview',
    auth: qry,
    write: false,
    summary: 'The exact number of recipients of an audience per resolved language: what a release now would write.',
    data: z.strictObject({
      audience: messageAudienceSchema,
      languages: z.array(messageLanguageSchema).min(1).max(MESSAGE_LANGUAGES.length),
      preferredLanguage: messageLanguageSchema,
    }),
    result: audiencePreviewSchema,
  }),
  save: defineCall({
    path: 'message/save',
    auth: mgr,
    write: true,
    summary: 'Creates a message (to be released), or edits one before release (messageId).',
    data: messageInputSchema.extend({ messageId: idSchema.optional() }),
    result: messageDetailSchema,
  }),
  delete: defineCall({
    path: 'message/delete',
    auth: mgr,
    write: true,
    summary: 'Deletes a message that is to be released.',
    data: messageIdData,
    result: z.object({}),
  }),
  schedule: defineCall({
    path: 'message/schedule',
    auth: mgr,
    write: true,
    summary: 'Sets (or clears, null) the time a message to be released is released by itself; a past time is refused.',
    data: z.strictObject({ messageId: idSchema, releaseAt: epochMsSchema.nullable() }),
    result: messageSchema,
  }),
  release: defineCall({
    path: 'message/release',
    auth: mgr,
    write: true,
    summary: 'Releases a message now: its receipts are written page by page in the background.',
    data: messageIdData,
    result: messageSchema,
  }),
  withdraw: defineCall({
    path: 'message/withdraw',
    auth: mgr,
    write: true,
    summary: 'Withdraws a released message: it leaves every inbox and unread count at once (the supplier: any message).',
    data: messageIdData,
    result: messageSchema,
  }),
  revise: defineCall({
    path: 'message/revise',
    auth: mgr,
    write: true,
    summary: 'Takes a withdrawn message back to be released, to edit and release it again.',
    data: messageIdData,
    result: messageSchema,
  }),
  stats: defineCall({
    path: 'message/stats',
    auth: qry,
    write: false,
    summary: 'Recipients, delivered and opened per language of one message.',
    data: messageIdData,
    result: messageStatsSchema,
  }),
  statsExport: defineCall({
    path: 'message/stats/export',
    auth: qry,
    write: false,
    summary: "One message's stats per language as an xlsx file: a signed link (300 s).",
    data: messageIdData,
    result: z.object({ url: z.string() }),
  }),
  inboxList: defineCall({
    path: 'message/inbox/list',
    auth: 'session',
    write: false,
    summary: "The caller's inbox: released messages sent to them, not hidden, newest first, by type, read state and date.",
    data: inboxListQuerySchema.strict(),
    result: pageOf(inboxItemSchema),
  }),
  inboxGet: defineCall({
    path: 'message/inbox/get',
    auth: 'session',
    write: false,
    summary: 'One message of the caller’s inbox in their language (marks it delivered).',
    data: messageIdData,
    result: inboxDetailSchema,
  }),
  inboxUnread: defineCall({
    path: 'message/inbox/unread',
    auth: 'session',
    write: false,
    summary: "The caller's unread count, in all and per type (the header's badge).",
    data: z.strictObject({}),
    result: unreadCountSchema,
  }),
  inboxRead: defineCall({
    path: 'message/inbox/read',
    auth: 'session',
    write: true,
    summary: 'Marks messages of the caller’s inbox read.',
    data: messageIdsData,
    result: z.object({ updated: z.number().int() }),
  }),
  inboxReadAll: defineCall({
    path: 'message/inbox/read-all',
    auth: 'session',
    write: true,
    summary: 'Marks every message of the caller’s inbox read (of one type when given).',
    data: z.strictObject({ type: messageTypeSchema.optional() }),
    result: z.object({ updated: z.number().int() }),
  }),
  inboxHide: defineCall({
    path: 'message/inbox/hide',
    auth: 'session',
    write: true,
    summary: 'Hides messages from the caller’s inbox (for them only).',
    data: messageIdsData,
    result: z.object({ updated: z.number().int() }),
  }),
};
