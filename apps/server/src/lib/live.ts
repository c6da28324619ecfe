/**
 * The live channel's hub (issue 13 §11). Writers announce a small notice (ids and a seq, never
 * content) with `announce(tx, notice)`: a `pg_notify` inside their transaction, so nothing is
 * announced before the commit and a rolled-back write announces nothing. Every process listens on
 * LIVE_CHANNEL (database.listen) and serves its own sockets: several processes fan out, PGlite works
 * alone. A notice is routed by the module that announced it (`route`), which answers the sockets
 * whose user may see it, checked on the server. A listener that drops tells every socket to resync
 * (events may have been lost); a socket LIVE_BUFFER_MAX_BYTES behind, or whose session ended, is
 * closed with a LIVE_CLOSE_CODES code.
 */
import { LIVE_BUFFER_MAX_BYTES, LIVE_CLOSE_CODES, type LiveEvent } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';

export const LIVE_CHANNEL = 'portal_live';

/** Who a socket belongs to (from its ticket, checked against the session when it opened). */
export type LiveIdentity =
  | { kind: 'user'; sessionId: number; userId: number; companyId: number; codes: ReadonlySet<string> }
  | { kind: 'end_user'; sessionId: number; endUserId: number };

/** What a writer announces (ids only). */
export type LiveNotice =
  /**
   * A conversation changed: its last seq, requester (kind, id) and desk company; `o`: the desk's
   * only (an internal note), not told to the requester. `rd`/`rs`: only the
   * read mark of side `rd` moved, to `rs`.
   */
  | {
      t: 'chat';
      c: number;
      s: number;
      rk: 'user' | 'end_user';
      r: number;
      d: number;
      o?: true;
      rd?: 'requester' | 'desk';
      rs?: number;
    }
  /** A message's receipts were released or withdrawn (unread of its recipients changed). */
  | { t: 'inbox'; m: number }
  /**
   * Someone is typing in a conversation: the requester (told to the desk) or a desk member `u`
   * (told to the requester and the other desk members). Nothing is stored.
   */
  | { t: 'typing'; c: number; side: 'requester' | 'desk'; rk: 'user' | 'end_user'; r: number; d: number; u?: number };

/** The part of a WebSocket the hub uses (ws's WebSocket). */
export interface LiveSocketLike {
  readonly bufferedAmount: number;
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface LiveClient {
  socket: LiveSocketLike;
  who: LiveIdentity;
}

type Router = (notice: LiveNotice, clients: readonly LiveClient[]) => Promise<readonly LiveClient[]>;
/** Answers the clients whose session has ended. */
type SessionCheck = (clients: readonly LiveClient[], now: Date) => Promise<readonly LiveClient[]>;

const OPEN = 1;

/** Announces a notice when (and only if) `db`'s transaction commits. */
export async function announce(db: Db | Tx, notice: LiveNotice): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(notice)})`);
}

export class LiveHub {
  private readonly clients = new Set<LiveClient>();
  private readonly routers = new Map<LiveNotice['t'], Router>();
  private sessionCheck: SessionCheck | null = null;
  private listening = false;
  private checking: Promise<void> | null = null;
  private pending: Array<(c: LiveClient) => boolean> = [];

  constructor(private readonly now: () => Date = () => new Date()) {}

  /** How notices of type `t` find their sockets (the announcing module's rule). */
  route(t: LiveNotice['t'], router: Router) {
    this.routers.set(t, router);
  }

  /** How the sessions behind the sockets are checked (auth and app-api rules). */
  checkSessionsWith(check: SessionCheck) {
    this.sessionCheck = check;
  }

  get size() {
    return this.clients.size;
  }

  add(client: LiveClient) {
    this.clients.add(client);
    this.send(client, { type: 'ready' });
  }

  remove(client: LiveClient) {
    this.clients.delete(client);
  }

  /** A payload of LIVE_CHANNEL (database.listen's notify). */
  async notify(payload: string): Promise<void> {
    let notice: LiveNotice;
    try {
      notice = JSON.parse(payload) as LiveNotice;
    } catch {
      return;
    }
    const router = this.routers.get(notice.t);
    if (!router || this.clients.size === 0) return;
    const to = await router(notice, [...this.clients]);
    const event: LiveEvent =
      notice.t === 'chat'
        ? {
            type: 'chat',
            conversationId: notice.c,
            seq: notice.s,
            ...(notice.rd && notice.rs !== undefined ? { read: { side: notice.rd, seq: notice.rs } } : {}),
          }
        : notice.t === 'typing'
          ? { type: 'typing', conversationId: notice.c, side: notice.side }
          : { type: 'inbox' };
    for (const c of to) if (this.clients.has(c)) this.send(c, event);
  }

  /** database.listen's state: a drop (and the way back) may have lost notices: every socket resyncs. */
  state(listening: boolean) {
    const was = this.listening;
    this.listening = listening;
    if (was !== listening) for (const c of this.clients) this.send(c, { type: 'resync' });
  }

  /**
   * Closes the sockets whose session has ended: all of them (the periodic sweep), or those a change
   * of the cached tables concerns (`payload` 'sessions:<id>', 'users:<id>', 'companies:<id>', or a
   * whole table). One check at a time; what is asked for meanwhile is checked right after.
   */
  checkSessions(payload?: string): Promise<void> {
    this.pending.push(concerns(payload));
    if (this.checking) return this.checking;
    this.checking = (async () => {
      while (this.pending.length > 0) {
        const tests = this.pending.splice(0);
        if (!this.sessionCheck || this.clients.size === 0) continue;
        const due = [...this.clients].filter((c) => tests.some((t) => t(c)));
        if (due.length === 0) continue;
        const ended = await this.sessionCheck(due, this.now());
        for (const c of ended) this.close(c, LIVE_CLOSE_CODES.sessionEnded, 'session ended');
      }
    })().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  /** Closes every socket (the server stops). */
  closeAll() {
    for (const c of [...this.clients]) this.close(c, LIVE_CLOSE_CODES.shutdown, 'server stopping');
  }

  private send(c: LiveClient, event: LiveEvent) {
    if (c.socket.readyState !== OPEN) return;
    if (c.socket.bufferedAmount > LIVE_BUFFER_MAX_BYTES) {
      this.close(c, LIVE_CLOSE_CODES.tooSlow, 'too far behind');
      return;
    }
    c.socket.send(JSON.stringify(event));
  }

  private close(c: LiveClient, code: number, reason: string) {
    this.clients.delete(c);
    c.socket.close(code, reason);
  }
}

/** Which sockets a change notification of the cached tables (lib/data-versions.ts) may end. */
function concerns(payload?: string): (c: LiveClient) => boolean {
  const m = payload ? /^(sessions|users|companies):(\d+)$/.exec(payload) : null;
  if (!m) return () => true;
  const id = Number(m[2]);
  if (m[1] === 'sessions') return ({ who }) => who.kind === 'user' && who.sessionId === id;
  if (m[1] === 'users') return ({ who }) => who.kind === 'user' && who.userId === id;
  return ({ who }) => who.kind === 'user' && who.companyId === id;
}
