/**
 * The live channel's calls and sockets (issue 13 §11). A signed call answers a single-use ticket
 * (LIVE_TICKET_SECONDS) naming the caller's session, signed with the link secret; the socket route
 * opens with `?ticket=`, records the ticket's nonce once (the replay protection's table, so a ticket
 * opens one socket whichever instance it reaches) and checks that the session still counts. The
 * socket only pushes events; this module tells the hub who may see a conversation's notice (its
 * requester, its desk's members) and a message's (its recipients), and how sessions are checked.
 */
import {
  APP_LIVE_PATH,
  ErrorCodes,
  errorMessage,
  LIVE_CLOSE_CODES,
  LIVE_PATH,
  LIVE_TICKET_SECONDS,
  liveCalls,
  type ResourceCode,
} from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { CallContext } from '../../lib/context';
import { implement, type CallImpl } from '../../lib/implement';
import type { LiveClient, LiveHub, LiveIdentity } from '../../lib/live';
import { hmacHex, safeEqualHex } from '../../lib/secrets';
import type { AppServices } from '../../lib/services';
import { requestLocale } from '../../plugins/call-router';
import { unsafeRecipientsAmong } from '../message-center';
import { unsafeAliveSessions, unsafeLiveIdentity } from './live.repository';

type Kind = LiveIdentity['kind'];
interface TicketBody {
  /** The session's kind and id. */
  k: Kind;
  s: number;
  /** Expires at (epoch ms), and the nonce that makes it single-use. */
  x: number;
  n: string;
}

const DESK_CODES: readonly ResourceCode[] = ['dealer_feedback_qry', 'dealer_feedback_mgr'];

const signTicket = (secret: string, body: string) => hmacHex(secret, `live-ticket:${body}`);

function issueTicket(ctx: CallContext, kind: Kind): { ticket: string; expiresAt: number } {
  const sessionId = kind === 'user' ? ctx.actor?.sessionId : ctx.app?.endUser?.sessionId;
  if (!sessionId) throw new Error('a live ticket needs a session');
  const expiresAt = ctx.clock.now() + LIVE_TICKET_SECONDS * 1000;
  const body = Buffer.from(JSON.stringify({ k: kind, s: sessionId, x: expiresAt, n: randomUUID() } satisfies TicketBody)).toString(
    'base64url',
  );
  return { ticket: `${body}.${signTicket(ctx.services.config.linkSecret, body)}`, expiresAt };
}

/** The identity a ticket opens a socket for, or null (bad sign, other kind, expired, used, session over). */
export async function redeemTicket(
  deps: { database: Database; clock: Clock; services: AppServices },
  kind: Kind,
  ticket: string,
): Promise<LiveIdentity | null> {
  const [body, sign] = ticket.split('.');
  if (!body || !sign || !safeEqualHex(signTicket(deps.services.config.linkSecret, body), sign)) return null;
  let t: TicketBody;
  try {
    t = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TicketBody;
  } catch {
    return null;
  }
  const now = deps.clock.now();
  if (t.k !== kind || typeof t.x !== 'number' || t.x <= now || typeof t.n !== 'string') return null;
  if (!(await deps.services.nonces.record(`live:${t.n}`, new Date(t.x)))) return null;
  return unsafeLiveIdentity(deps.database.db, kind, Number(t.s), new Date(now));
}

export const liveImpls: CallImpl[] = [
  implement(liveCalls.ticket, { none: "the caller's own session only" }, async (ctx) => issueTicket(ctx, 'user')),
  implement(liveCalls.appTicket, { none: "the end user's own session only" }, async (ctx) => issueTicket(ctx, 'end_user')),
];

/** Who may see a notice: the hub's routing rules for this module's and the message centre's notices. */
export function routeLive(hub: LiveHub, database: Database) {
  hub.route('chat', async (n, clients) => {
    if (n.t !== 'chat') return [];
    return clients.filter(({ who }) => {
      if (who.kind === 'end_user') return !n.o && n.rk === 'end_user' && who.endUserId === n.r;
      if (!n.o && n.rk === 'user' && who.userId === n.r) return true;
      return who.companyId === n.d && DESK_CODES.some((c) => who.codes.has(c));
    });
  });
  hub.route('typing', async (n, clients) => {
    if (n.t !== 'typing') return [];
    const isDesk = (who: LiveIdentity) => who.kind === 'user' && who.companyId === n.d && DESK_CODES.some((c) => who.codes.has(c));
    const isRequester = (who: LiveIdentity) =>
      n.rk === 'end_user' ? who.kind === 'end_user' && who.endUserId === n.r : who.kind === 'user' && who.userId === n.r;
    return clients.filter(({ who }) => {
      // Nobody is told of their own typing.
      if (n.side === 'requester') return isDesk(who) && !isRequester(who);
      if (who.kind === 'user' && who.userId === n.u) return false;
      return isRequester(who) || isDesk(who);
    });
  });
  hub.route('inbox', async (n, clients) => {
    if (n.t !== 'inbox') return [];
    const out: LiveClient[] = [];
    for (const kind of ['user', 'end_user'] as const) {
      const of = clients.filter((c) => c.who.kind === kind);
      if (of.length === 0) continue;
      const idOf = (c: LiveClient) => (c.who.kind === 'user' ? c.who.userId : c.who.endUserId);
      const holders = await unsafeRecipientsAmong(database.db, n.m, kind, [...new Set(of.map(idOf))]);
      out.push(...of.filter((c) => holders.has(idOf(c))));
    }
    return out;
  });
  hub.checkSessionsWith(async (clients, now) => {
    const ended: LiveClient[] = [];
    for (const kind of ['user', 'end_user'] as const) {
      const of = clients.filter((c) => c.who.kind === kind);
      if (of.length === 0) continue;
      const alive = await unsafeAliveSessions(database.db, kind, [...new Set(of.map((c) => c.who.sessionId))], now);
      ended.push(...of.filter((c) => !alive.has(c.who.sessionId)));
    }
    return ended;
  });
}

/** A close frame's reason holds at most 123 bytes (RFC 6455 §5.5). */
const CLOSE_REASON_MAX_BYTES = 123;

/** `<error code> <message>` in the locale, cut at a character boundary to what a close frame holds. */
export function closeReason(code: number, locale: Parameters<typeof errorMessage>[1]): string {
  let reason = `${code} ${errorMessage(code, locale)}`;
  while (Buffer.byteLength(reason) > CLOSE_REASON_MAX_BYTES) reason = [...reason].slice(0, -1).join('');
  return reason;
}

const isUpgrade = (req: FastifyRequest) => String(req.headers.upgrade ?? '').toLowerCase() === 'websocket';

/**
 * The two socket routes (@fastify/websocket registered by the app). A socket asked for with a bad
 * ticket (unknown, used, expired, of the other kind) is accepted and closed at once with
 * LIVE_CLOSE_CODES.ticketInvalid and 27058 in the caller's locale as the reason, so that a browser
 * (which never sees a refused upgrade's status) can tell it from a network failure and ask for a
 * new ticket. A plain request (no upgrade) is answered HTTP 401 with 27058.
 */
export function registerLiveRoutes(app: FastifyInstance, deps: { database: Database; clock: Clock; services: AppServices }) {
  const hub = deps.services.live;
  routeLive(hub, deps.database);
  for (const [path, kind] of [
    [LIVE_PATH, 'user'],
    [APP_LIVE_PATH, 'end_user'],
  ] as const) {
    const granted = new WeakMap<FastifyRequest, LiveIdentity | null>();
    app.get(
      path,
      {
        websocket: true,
        preValidation: async (req: FastifyRequest, reply: FastifyReply) => {
          const ticket = (req.query as { ticket?: unknown }).ticket;
          const who = typeof ticket === 'string' && ticket.length < 1000 ? await redeemTicket(deps, kind, ticket) : null;
          if (!who && !isUpgrade(req)) {
            const code = ErrorCodes.liveTicketInvalid;
            return reply.code(401).send({ code, msg: errorMessage(code, requestLocale(req)), data: null });
          }
          granted.set(req, who);
        },
      },
      (socket, req) => {
        const who = granted.get(req);
        if (!who) {
          socket.close(LIVE_CLOSE_CODES.ticketInvalid, closeReason(ErrorCodes.liveTicketInvalid, requestLocale(req)));
          return;
        }
        const client: LiveClient = { socket, who };
        socket.on('close', () => hub.remove(client));
        socket.on('error', () => hub.remove(client));
        // The socket only pushes: anything the client sends is ignored (sends are signed calls).
        hub.add(client);
      },
    );
  }
}
