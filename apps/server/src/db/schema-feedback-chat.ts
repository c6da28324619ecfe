/**
 * Tables of the feedback chat (issue 13 §8-§10). A conversation is addressed to one desk company
 * (the requester's brand: the nearest partner above, the supplier for partners); its messages are
 * numbered by `last_seq` (one UPDATE ... RETURNING per send) and keyed by the sender's client id,
 * so a retried send answers the original. Round-robin takes a desk member's row with
 * SELECT ... FOR UPDATE SKIP LOCKED and keeps their active count on it.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const feedbackConversations = pgTable(
  'feedback_conversations',
  {
    id: serial('id').primaryKey(),
    deskCompanyId: integer('desk_company_id').notNull(),
    deskCompanyPath: text('desk_company_path').notNull(),
    /** 'user' (a portal user) or 'end_user' (an app's end user). */
    requesterKind: text('requester_kind').notNull(),
    requesterId: integer('requester_id').notNull(),
    requesterCompanyId: integer('requester_company_id'),
    requesterOrigin: text('requester_origin').notNull().default(''),
    requesterName: text('requester_name').notNull().default(''),
    requesterEmail: text('requester_email').notNull().default(''),
    requesterLocale: text('requester_locale').notNull().default('en-US'),
    topic: text('topic').notNull(),
    deviceId: integer('device_id'),
    deviceSn: text('device_sn').notNull().default(''),
    deviceModel: text('device_model').notNull().default(''),
    state: text('state').notNull().default('open'),
    assigneeId: integer('assignee_id'),
    lastSeq: integer('last_seq').notNull().default(0),
    requesterReadSeq: integer('requester_read_seq').notNull().default(0),
    deskReadSeq: integer('desk_read_seq').notNull().default(0),
    lastMessageText: text('last_message_text').notNull().default(''),
    lastMessageAt: ts('last_message_at').notNull().defaultNow(),
    /** Since when a requester's message waits for the desk's answer; null when answered. */
    waitingSince: ts('waiting_since'),
    firstResponseAt: ts('first_response_at'),
    firstResponderId: integer('first_responder_id'),
    resolvedAt: ts('resolved_at'),
    resolvedBy: integer('resolved_by'),
    csatScore: smallint('csat_score'),
    csatComment: text('csat_comment').notNull().default(''),
    csatAt: ts('csat_at'),
    /** The last desk reply a reminder mail was sent for (unread for 10 minutes). */
    replyMailedSeq: integer('reply_mailed_seq').notNull().default(0),
    waitingMailedAt: ts('waiting_mailed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('feedback_conversations_desk_idx').on(t.deskCompanyId, t.state, t.waitingSince),
    index('feedback_conversations_assignee_idx').on(t.deskCompanyId, t.assigneeId),
    index('feedback_conversations_requester_idx').on(t.requesterKind, t.requesterId, t.lastMessageAt),
  ],
);

export const feedbackMessages = pgTable(
  'feedback_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => feedbackConversations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    side: text('side').notNull(), // requester | desk
    internal: boolean('internal').notNull().default(false),
    senderKind: text('sender_kind').notNull(),
    senderId: integer('sender_id').notNull(),
    senderName: text('sender_name').notNull().default(''),
    text: text('text').notNull().default(''),
    fileIds: bigint('file_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    clientId: text('client_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('feedback_messages_seq_idx').on(t.conversationId, t.seq),
    uniqueIndex('feedback_messages_client_idx').on(t.conversationId, t.senderKind, t.senderId, t.clientId),
  ],
);

export const feedbackDeskStaff = pgTable(
  'feedback_desk_staff',
  {
    userId: integer('user_id').primaryKey(),
    companyId: integer('company_id').notNull(),
    available: boolean('available').notNull().default(true),
    cap: integer('cap').notNull().default(10),
    /** Open and pending conversations assigned to this member (changed with each assignment, atomically). */
    active: integer('active').notNull().default(0),
    lastAssignedAt: ts('last_assigned_at'),
  },
  (t) => [index('feedback_desk_staff_company_idx').on(t.companyId)],
);

export const feedbackCannedReplies = pgTable(
  'feedback_canned_replies',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    language: text('language').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    createdBy: integer('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('feedback_canned_replies_company_idx').on(t.companyId, t.language)],
);
