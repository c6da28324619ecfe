/**
 * The feedback chat (SPEC §1, §3, §9; issue 13 §8-§9): portal users and app end users open
 * conversations with their brand's support desk; the desk answers them from its queues.
 */
import { z } from 'zod';
import { defineCall } from '../../shared/define-call';
import { RATE_LIMITS } from '../../shared/rate-limits';
import { pageOf, pageQuerySchema } from '../../shared/entities';
import { epochMsSchema, idSchema } from '../../shared/validators';
import { MESSAGE_LANGUAGES } from '../message-center';
import { CHAT_HISTORY_MAX, DESK_ASSIGN_CAP_MAX } from './constants';
import { conversationStateSchema, DESK_STATE_ACTIONS } from './states';
import {
  cannedTitleSchema,
  chatClientIdSchema,
  chatMessageSchema,
  chatTextSchema,
  chatTopicSchema,
  csatCommentSchema,
  csatScoreSchema,
} from './validators';

/** What the caller may do with one conversation (server policy); the web offers exactly these. */
export const CONVERSATION_ABILITIES = ['send', 'reply', 'note', 'pend', 'resolve', 'reopen', 'assign', 'rate'] as const;
export const conversationAbilitySchema = z.enum(CONVERSATION_ABILITIES);
export type ConversationAbility = z.infer<typeof conversationAbilitySchema>;

/** What the caller may do with one canned reply of its desk (server policy); the web offers exactly these. */
export const CANNED_REPLY_ABILITIES = ['edit', 'delete'] as const;
export const cannedReplyAbilitySchema = z.enum(CANNED_REPLY_ABILITIES);
export type CannedReplyAbility = z.infer<typeof cannedReplyAbilitySchema>;

/** The desk's own actions, not tied to a listed entity (feedback/desk/abilities). */
export const DESK_ACTIONS = ['createCannedReply', 'manageStaff'] as const;
export const deskActionSchema = z.enum(DESK_ACTIONS);
export type DeskAction = z.infer<typeof deskActionSchema>;

export const chatLanguageSchema = z.enum(MESSAGE_LANGUAGES);

export const chatFileSchema = z.object({
  fileId: idSchema,
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  image: z.boolean(),
  /** A signed link (300 s) for portal users; '' for app end users (the app fetches files by its own API). */
  url: z.string(),
});
export type ChatFile = z.infer<typeof chatFileSchema>;

export const chatMessageItemSchema = z.object({
  id: z.number().int(),
  conversationId: idSchema,
  seq: z.number().int(),
  side: z.enum(['requester', 'desk']),
  /** An internal note: the desk's only, never shown to the requester. */
  internal: z.boolean(),
  senderName: z.string(),
  text: z.string(),
  files: z.array(chatFileSchema),
  clientId: z.string(),
  createdAt: z.string(),
  /** Read by the other side (its read seq has reached this message). */
  read: z.boolean(),
});
export type ChatMessageItem = z.infer<typeof chatMessageItemSchema>;

export const conversationSchema = z.object({
  id: idSchema,
  topic: z.string(),
  state: conversationStateSchema,
  requesterKind: z.enum(['user', 'end_user']),
  requesterName: z.string(),
  /** The requester's company (portal users) or the app (end users), for the desk. */
  requesterOrigin: z.string(),
  requesterLocale: z.string(),
  deskCompanyName: z.string(),
  device: z.object({ id: idSchema, sn: z.string(), model: z.string() }).nullable(),
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string(),
  lastSeq: z.number().int(),
  /** Messages of the other side the caller has not read (the requester: the desk's replies). */
  unread: z.number().int(),
  lastMessageText: z.string(),
  lastMessageAt: z.string(),
  /** Since when the conversation waits for the desk (a requester's message unanswered), else null. */
  waitingSince: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  csat: z.object({ score: z.number().int(), comment: z.string(), at: z.string() }).nullable(),
  actions: z.array(conversationAbilitySchema),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const historySchema = z.object({
  messages: z.array(chatMessageItemSchema),
  lastSeq: z.number().int(),
  /** The other side's read seq (read receipts). */
  otherReadSeq: z.number().int(),
  /** True when more messages follow the last one answered. */
  more: z.boolean(),
});
export type ChatHistory = z.infer<typeof historySchema>;

const conversationIdData = z.strictObject({ conversationId: idSchema });
const createData = z.strictObject({
  topic: chatTopicSchema,
  deviceId: idSchema.optional(),
  text: z.string().default(''),
  files: chatMessageSchema.shape.files,
  clientId: chatClientIdSchema,
});
const sendData = z.strictObject({
  conversationId: idSchema,
  text: z.string().default(''),
  files: chatMessageSchema.shape.files,
  clientId: chatClientIdSchema,
});
const historyData = z.strictObject({
  conversationId: idSchema,
  /** Messages after this seq (0: from the start), for polling and reconnects. */
  afterSeq: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(CHAT_HISTORY_MAX).default(50),
});
const readData = z.strictObject({ conversationId: idSchema, seq: z.number().int().min(0) });
const listData = pageQuerySchema.extend({ state: conversationStateSchema.optional() }).strict();
const rateData = z.strictObject({ conversationId: idSchema, score: csatScoreSchema, comment: csatCommentSchema });
const created = z.object({ conversation: conversationSchema, message: chatMessageItemSchema });

export const DESK_QUEUES = ['mine', 'unassigned', 'all'] as const;
export const deskQueueSchema = z.enum(DESK_QUEUES);

export const deskStaffSchema = z.object({
  userId: idSchema,
  name: z.string(),
  available: z.boolean(),
  cap: z.number().int(),
  active: z.number().int(),
});
export type DeskStaff = z.infer<typeof deskStaffSchema>;

export const cannedReplySchema = z.object({
  id: idSchema,
  language: chatLanguageSchema,
  title: z.string(),
  text: z.string(),
  updatedAt: z.string(),
  actions: z.array(cannedReplyAbilitySchema),
});
export type CannedReply = z.infer<typeof cannedReplySchema>;

export const deskStatsSchema = z.object({
  from: z.string(),
  to: z.string(),
  conversations: z.number().int(),
  resolved: z.number().int(),
  people: z.array(
    z.object({
      userId: z.number().int(),
      name: z.string(),
      replies: z.number().int(),
      resolved: z.number().int(),
      /** Mean seconds from a conversation's first message to this person's first reply in it. */
      avgFirstResponseSeconds: z.number().nullable(),
      csatCount: z.number().int(),
      csatAverage: z.number().nullable(),
    }),
  ),
});
export type DeskStats = z.infer<typeof deskStatsSchema>;

const rangeData = z.strictObject({ from: epochMsSchema, to: epochMsSchema });
const qry = { anyOf: ['dealer_feedback_qry', 'dealer_feedback_mgr'] } as const;
const mgr = { anyOf: ['dealer_feedback_mgr'] } as const;

/** The requester's calls: the portal's ('session') and the app's ('endUser', under app-api/). */
function requesterCalls<P extends string>(prefix: P, auth: 'session' | 'endUser') {
  return {
    create: defineCall({
      path: `${prefix}/create`,
      auth,
      write: true,
      summary: "Opens a conversation with the caller's support desk (the brand's), with a topic, a first message and optionally a device.",
      data: createData,
      result: created,
    }),
    list: defineCall({
      path: `${prefix}/list`,
      auth,
      write: false,
      summary: "The caller's own conversations, latest activity first, with unread counts.",
      data: listData,
      result: pageOf(conversationSchema),
    }),
    get: defineCall({
      path: `${prefix}/get`,
      auth,
      write: false,
      summary: 'One of the caller’s conversations.',
      data: conversationIdData,
      result: conversationSchema,
    }),
    send: defineCall({
      path: `${prefix}/send`,
      auth,
      write: true,
      summary: 'Sends a message (text and up to 3 of the caller’s uploads); a retry with the same clientId answers the original.',
      data: sendData,
      rateLimit: RATE_LIMITS.chatSend,
      result: chatMessageItemSchema,
    }),
    history: defineCall({
      path: `${prefix}/history`,
      auth,
      write: false,
      summary: 'Messages after a seq, in seq order (internal notes never): polling and reconnects.',
      data: historyData,
      result: historySchema,
    }),
    read: defineCall({
      path: `${prefix}/read`,
      auth,
      write: true,
      summary: 'Marks the conversation read up to a seq (read receipts).',
      data: readData,
      result: z.object({ unread: z.number().int() }),
    }),
    rate: defineCall({
      path: `${prefix}/rate`,
      auth,
      write: true,
      summary: 'Rates a resolved conversation (CSAT 1-5 and a comment), once.',
      data: rateData,
      result: conversationSchema,
    }),
    typing: defineCall({
      path: `${prefix}/typing`,
      auth,
      write: false,
      summary:
        'Tells the desk, over the live channel, that the requester is typing in one of its conversations (send every few seconds while typing).',
      data: conversationIdData,
      result: z.object({}),
      rateLimit: RATE_LIMITS.chatTyping,
    }),
    unread: defineCall({
      path: `${prefix}/unread`,
      auth,
      write: false,
      summary: "Unread desk replies over the caller's conversations (the header's chat badge), and for desk staff the desk's unread.",
      data: z.strictObject({}),
      result: z.object({ total: z.number().int(), mine: z.number().int(), desk: z.number().int() }),
    }),
  };
}

export const feedbackCalls = requesterCalls('feedback', 'session');
export const appFeedbackCalls = requesterCalls('app-api/feedback', 'endUser');

export const deskCalls = {
  list: defineCall({
    path: 'feedback/desk/list',
    auth: qry,
    write: false,
    summary:
      "The desk's conversations addressed to the caller's company: a queue (mine, unassigned, all) and state, longest waiting first.",
    data: pageQuerySchema.extend({ queue: deskQueueSchema.default('all'), state: conversationStateSchema.optional() }).strict(),
    result: pageOf(conversationSchema),
  }),
  get: defineCall({
    path: 'feedback/desk/get',
    auth: qry,
    write: false,
    summary: 'One conversation of the desk, with its requester and device.',
    data: conversationIdData,
    result: conversationSchema,
  }),
  history: defineCall({
    path: 'feedback/desk/history',
    auth: qry,
    write: false,
    summary: 'Messages and internal notes after a seq, in seq order.',
    data: historyData,
    result: historySchema,
  }),
  read: defineCall({
    path: 'feedback/desk/read',
    auth: qry,
    write: true,
    summary: 'Marks the conversation read by the desk up to a seq.',
    data: readData,
    result: z.object({ unread: z.number().int() }),
  }),
  reply: defineCall({
    path: 'feedback/desk/reply',
    auth: mgr,
    write: true,
    summary:
      'Answers the requester (the conversation becomes pending) or writes an internal note; a retry with the same clientId answers the original.',
    rateLimit: RATE_LIMITS.chatSend,
    data: z.strictObject({
      conversationId: idSchema,
      text: z.string().default(''),
      files: chatMessageSchema.shape.files,
      clientId: chatClientIdSchema,
      internal: z.boolean().default(false),
    }),
    result: chatMessageItemSchema,
  }),
  typing: defineCall({
    path: 'feedback/desk/typing',
    auth: mgr,
    write: false,
    summary: 'Tells the requester and the other desk members, over the live channel, that the caller is typing a reply.',
    data: conversationIdData,
    result: z.object({}),
    rateLimit: RATE_LIMITS.chatTyping,
  }),
  state: defineCall({
    path: 'feedback/desk/state',
    auth: mgr,
    write: true,
    summary: 'Sets a conversation pending, resolves or reopens it.',
    data: z.strictObject({ conversationId: idSchema, action: z.enum(DESK_STATE_ACTIONS) }),
    result: conversationSchema,
  }),
  assign: defineCall({
    path: 'feedback/desk/assign',
    auth: mgr,
    write: true,
    summary: 'Assigns a conversation to a desk member under their cap, or leaves it unassigned (null); "next": round-robin.',
    data: z.strictObject({ conversationId: idSchema, assigneeId: z.union([idSchema, z.literal('next')]).nullable() }),
    result: conversationSchema,
  }),
  staffList: defineCall({
    path: 'feedback/desk/staff/list',
    auth: qry,
    write: false,
    summary: 'The desk members (users of the company holding dealer_feedback_mgr), their availability, cap and active conversations.',
    data: z.strictObject({}),
    result: z.array(deskStaffSchema),
  }),
  staffSave: defineCall({
    path: 'feedback/desk/staff/save',
    auth: mgr,
    write: true,
    summary: "Sets a desk member's availability for round-robin and their cap of active conversations.",
    data: z.strictObject({ userId: idSchema, available: z.boolean(), cap: z.number().int().min(0).max(DESK_ASSIGN_CAP_MAX) }),
    result: deskStaffSchema,
  }),
  abilities: defineCall({
    path: 'feedback/desk/abilities',
    auth: qry,
    write: false,
    summary: "The desk's own actions for the caller (create a canned reply).",
    data: z.strictObject({}),
    result: z.object({ actions: z.array(deskActionSchema) }),
  }),
  cannedList: defineCall({
    path: 'feedback/canned/list',
    auth: qry,
    write: false,
    summary: "The desk's canned replies, of one language when given.",
    data: z.strictObject({ language: chatLanguageSchema.optional() }),
    result: z.array(cannedReplySchema),
  }),
  cannedSave: defineCall({
    path: 'feedback/canned/save',
    auth: mgr,
    write: true,
    summary: 'Creates a canned reply, or edits one (cannedReplyId).',
    data: z.strictObject({
      cannedReplyId: idSchema.optional(),
      language: chatLanguageSchema,
      title: cannedTitleSchema,
      text: chatTextSchema,
    }),
    result: cannedReplySchema,
  }),
  cannedDelete: defineCall({
    path: 'feedback/canned/delete',
    auth: mgr,
    write: true,
    summary: 'Deletes a canned reply.',
    data: z.strictObject({ cannedReplyId: idSchema }),
    result: z.object({}),
  }),
  stats: defineCall({
    path: 'feedback/desk/stats',
    auth: qry,
    write: false,
    summary: 'Response times, resolutions and CSAT per desk member over at most 31 days.',
    data: rangeData,
    result: deskStatsSchema,
  }),
  export: defineCall({
    path: 'feedback/desk/export',
    auth: qry,
    write: false,
    summary: "The desk's conversations of at most 90 days as an xlsx file: a signed link (300 s).",
    data: rangeData,
    result: z.object({ url: z.string() }),
  }),
};
