/**
 * Tables of the message centre (issue 13). A message is stored once; its release writes one receipt
 * per recipient, page by page (keyset cursor `fanout_cursor` on the message), with
 * INSERT ... SELECT ... ON CONFLICT DO NOTHING, so a page run twice writes nothing twice. A receipt
 * names its recipient by kind and id: 'user' (portal users) now, 'end_user' (the app API) next.
 * Inboxes and counts join the message's state, so a withdraw (one UPDATE) takes it out of all at once.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { feedbackConversations } from './schema-feedback-chat';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    /** The sending company; the audience is resolved within its subtree (company_path). */
    companyId: integer('company_id').notNull(),
    companyPath: text('company_path').notNull(),
    createdBy: integer('created_by'),
    createdByName: text('created_by_name').notNull().default(''),
    /** Posted by another module (points, orders), not by a person. */
    system: boolean('system').notNull().default(false),
    type: text('type').notNull(), // notice | service | promotion | update
    /** { [language]: { title, body } }, bodies cleaned (sanitize-html). */
    contents: jsonb('contents').notNull(),
    languages: text('languages').array().notNull(),
    preferredLanguage: text('preferred_language').notNull(),
    link: text('link').notNull().default(''),
    imageFileIds: bigint('image_file_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    /** The contract's messageAudienceSchema. */
    audience: jsonb('audience').notNull(),
    /** The sender's areas when it was saved: an area audience stays within them. */
    senderAreaIds: integer('sender_area_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    state: text('state').notNull().default('to_be_released'), // to_be_released | released | withdrawn
    releaseAt: ts('release_at'),
    releasedAt: ts('released_at'),
    withdrawnAt: ts('withdrawn_at'),
    /** Fan-out: bumped by each release, so a page job of an earlier release does nothing. */
    fanoutGeneration: integer('fanout_generation').notNull().default(0),
    /** Last recipient id written (keyset), and whether every recipient has been written. */
    fanoutCursor: integer('fanout_cursor').notNull().default(0),
    fanoutDone: boolean('fanout_done').notNull().default(false),
    recipients: integer('recipients').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('messages_company_path_idx').using('btree', sql`${t.companyPath} text_pattern_ops`, t.id),
    index('messages_fanout_idx')
      .on(t.id)
      .where(sql`${t.state} = 'released' and not ${t.fanoutDone}`),
    index('messages_release_at_idx')
      .on(t.releaseAt)
      .where(sql`${t.state} = 'to_be_released' and ${t.releaseAt} is not null`),
  ],
);

export const messageReceipts = pgTable(
  'message_receipts',
  {
    /** The message (no foreign key: see migration 0047; deleting a message deletes its receipts by trigger). */
    messageId: integer('message_id').notNull(),
    /** 'user' (a portal user) or, from the app API on, 'end_user'. */
    recipientKind: text('recipient_kind').notNull(),
    recipientId: integer('recipient_id').notNull(),
    /** The language this recipient reads, resolved at fan-out. */
    language: text('language').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    deliveredAt: ts('delivered_at'),
    readAt: ts('read_at'),
    hiddenAt: ts('hidden_at'),
    /** When a push of it reached the provider (end users with a push token). */
    pushedAt: ts('pushed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.recipientKind, t.recipientId] }),
    // An inbox page and the unread badge: the index also carries read_at (INCLUDE, migration 0051, which
    // this builder cannot say), so one index at each recipient's place serves both.
    index('message_receipts_inbox_idx')
      .on(t.recipientKind, t.recipientId, t.messageId)
      .where(sql`${t.hiddenAt} is null`),
  ],
);

/** An end user's push token, registered by the app through one application key (brand app). */
export const pushTokens = pgTable(
  'push_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endUserId: bigint('end_user_id', { mode: 'number' }).notNull(),
    appKeyId: integer('app_key_id').notNull(),
    /** 'android' (FCM) or 'ios' (APNs). */
    platform: text('platform').notNull(),
    token: text('token').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_tokens_app_token_uq').on(t.appKeyId, t.token), index('push_tokens_end_user_idx').on(t.endUserId)],
);

/** A brand app's push provider: 'outbox' (local, the default), 'fcm' or 'apns', credentials sealed. */
export const appPushSettings = pgTable('app_push_settings', {
  appKeyId: integer('app_key_id').primaryKey(),
  provider: text('provider').notNull().default('outbox'),
  credentialsEnc: text('credentials_enc'),
  credentialsMask: text('credentials_mask').notNull().default(''),
  updatedBy: integer('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * Pushes to send: one per message, kind and token, or one per conversation and token (a desk reply
 * the end user has not read, feedback chat); retried with backoff (next_at), gone once sent.
 */
export const pushQueue = pgTable(
  'push_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The message of a 'notify' or 'remove' push (null for 'chat'). */
    /** A message's push (no foreign key: see migration 0047; deleting a message deletes its pushes by trigger). */
    messageId: integer('message_id'),
    /** The conversation of a 'chat' push (null otherwise). */
    conversationId: integer('conversation_id').references(() => feedbackConversations.id, { onDelete: 'cascade' }),
    /**
     * 'notify' (a shown notification), 'remove' (a silent push taking a withdrawn one away) or
     * 'chat' (a shown notification of an unread desk reply, its text on the row).
     */
    kind: text('kind').notNull(),
    /** A 'chat' push's text, in the end user's language when queued. */
    title: text('title'),
    body: text('body'),
    endUserId: bigint('end_user_id', { mode: 'number' }).notNull(),
    /** The push token (no foreign key: see migration 0050; deleting a token deletes its pushes by trigger). */
    tokenId: bigint('token_id', { mode: 'number' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAt: ts('next_at').notNull(),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_queue_message_kind_token_uq').on(t.messageId, t.kind, t.tokenId),
    uniqueIndex('push_queue_chat_token_uq')
      .on(t.conversationId, t.tokenId)
      .where(sql`${t.conversationId} is not null`),
    index('push_queue_due_idx').on(t.nextAt, t.id),
  ],
);

/** The local push provider: what would have gone to the device (npm run app-sim reads it). */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appKeyId: integer('app_key_id').notNull(),
    platform: text('platform').notNull(),
    token: text('token').notNull(),
    kind: text('kind').notNull(),
    messageId: integer('message_id'),
    title: text('title').notNull().default(''),
    body: text('body').notNull().default(''),
    data: jsonb('data').notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('push_outbox_token_idx').on(t.appKeyId, t.token, t.id)],
);
