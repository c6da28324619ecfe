/**
 * The live channel (issue 13 §11): a WebSocket that only pushes small events (ids and seqs, never
 * content) so that the header's unread badges and an open conversation follow without polling.
 * Sends stay signed calls. A socket is opened with a single-use ticket (LIVE_TICKET_SECONDS) from a
 * signed call: portal users at LIVE_PATH, app end users at APP_LIVE_PATH, `?ticket=...`.
 */
import { z } from 'zod';
import { API_PREFIX, API_ROOT } from '../../shared/constants';
import { defineCall } from '../../shared/define-call';
import { RATE_LIMITS } from '../../shared/rate-limits';

/** A ticket opens one socket, within this many seconds of being issued. */
export const LIVE_TICKET_SECONDS = 30;
export const LIVE_PATH = `${API_PREFIX}/live`;
export const APP_LIVE_PATH = `${API_ROOT}/app-api/live`;

/** A socket this far behind (bytes not yet sent) is closed: the client reconnects and resyncs. */
export const LIVE_BUFFER_MAX_BYTES = 1024 * 1024;

/** How long a client shows "typing..." after a typing event (it is sent again while typing goes on). */
export const LIVE_TYPING_SHOW_MS = 6000;

/** Why the server closed a socket (WebSocket close codes of the application range). */
export const LIVE_CLOSE_CODES = {
  /** The session behind the socket ended (logout, expiry, another login, frozen or deleted account). */
  sessionEnded: 4001,
  /** The socket fell LIVE_BUFFER_MAX_BYTES behind. */
  tooSlow: 4002,
  /**
   * The ticket is unknown, already used or expired (catalogue 27058): the socket is accepted and
   * closed at once; the client asks for a new ticket.
   */
  ticketInvalid: 4003,
  /** The server is stopping. */
  shutdown: 1001,
} as const;

/**
 * The catalogue error a close code stands for: the close frame's reason is `<error code> <message>`
 * in the caller's locale (cut to the 123 bytes a reason may hold).
 */
export const LIVE_CLOSE_ERRORS: Readonly<Partial<Record<number, number>>> = {
  [LIVE_CLOSE_CODES.ticketInvalid]: 27058,
};

/**
 * What the socket pushes. 'chat': a conversation the socket's user may see changed (a message at
 * `seq`, or its state or assignment): fetch its history after the last seq held. With `read`, only
 * a side's read mark moved (to `read.seq`): nothing to fetch; the other side's client marks its own
 * messages up to it read, the reader's side refreshes its unread counts.
 * 'typing': the other side of a conversation the socket's user may see is typing (show it a few
 * seconds). 'inbox': the user's message-center unread may have changed. 'resync': events may have been lost
 * (the server's listener dropped): refetch everything held. 'ready': the socket is open.
 */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({
    type: z.literal('chat'),
    conversationId: z.number().int(),
    seq: z.number().int(),
    read: z.object({ side: z.enum(['requester', 'desk']), seq: z.number().int() }).optional(),
  }),
  z.object({ type: z.literal('typing'), conversationId: z.number().int(), side: z.enum(['requester', 'desk']) }),
  z.object({ type: z.literal('inbox') }),
  z.object({ type: z.literal('resync') }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

const ticketResult = z.object({
  ticket: z.string(),
  /** Epoch ms after which the ticket no longer opens a socket. */
  expiresAt: z.number().int(),
});

export const liveCalls = {
  ticket: defineCall({
    path: 'live/ticket',
    auth: 'session',
    write: false,
    rateLimit: RATE_LIMITS.liveTicket,
    summary: `A single-use ticket (${LIVE_TICKET_SECONDS} s) that opens the caller's live socket at ${LIVE_PATH}?ticket=...`,
    data: z.strictObject({}),
    result: ticketResult,
  }),
  appTicket: defineCall({
    path: 'app-api/live/ticket',
    auth: 'endUser',
    write: false,
    rateLimit: RATE_LIMITS.liveTicket,
    summary: `A single-use ticket (${LIVE_TICKET_SECONDS} s) that opens the end user's live socket at ${APP_LIVE_PATH}?ticket=...`,
    data: z.strictObject({}),
    result: ticketResult,
  }),
};
