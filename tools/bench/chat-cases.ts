/**
 * Feedback chat benchmark cases (issue 13, Figures), over the large seed's Bench Partner:
 *
 * BENCH_CHAT_SOCKETS live sockets (default 1,000) spread over TWO server processes on the same
 * PostgreSQL: the partner's app end users on the app API's socket (APP_LIVE_PATH), one conversation
 * each with the partner's desk, and BENCH_CHAT_STAFF desk members (default a fiftieth of the
 * sockets) on the portal's socket (LIVE_PATH), each socket opened with its single-use ticket. Sockets
 * alternate between the processes, and so do the sends: a notice crosses processes through
 * database.listen (pg_notify). For BENCH_CHAT_SECONDS (default 30), BENCH_CHAT_RATE messages a second
 * (default 50): an end user's send (app-api/feedback/send) or a desk member's reply
 * (feedback/desk/reply), half each, to a random conversation; one send in 20 is sent again with its
 * client id (half at once to the other process, as from a second tab, half after the answer, as
 * after a lost answer) and must answer the original. In the middle third of the run a tenth of the
 * sockets are dropped, stay away 0.5-3 s, and come back with a new ticket: once 'ready', they
 * resync by the module's path (the history after the last seq held; the desk: its list, then the
 * history of each conversation whose last seq is past what it holds).
 *
 * Prints
 *   bench chat-delivery p99_ms=<n> connections=<n>: from the send call to the 'chat' event's arrival
 *     on the other side's sockets (the desk's members for a send, the requester for a reply), live
 *     arrivals only; connections: the sockets open at once.
 *   bench chat-resync lost=<n> duplicated=<n> reconnects=<n>: lost: messages some socket's client
 *     never learned (live or by resync; every socket follows every seq of its conversations),
 *     plus acknowledged sends missing from the history; duplicated: messages stored more than once
 *     for one client id, plus retries answered with another message; reconnects: dropped sockets back
 *     and resynced.
 * The two lines come from one run (the case that runs first runs it; the other prints its line).
 * The server runs with RATE_LIMITS=off: every simulated person calls from the bench's one address.
 */
import {
  APP_LIVE_PATH,
  appFeedbackCalls,
  deskCalls,
  LIVE_PATH,
  liveCalls,
  MAX_PAGE_SIZE,
  type ChatHistory,
  type ChatMessageItem,
  type Conversation,
  type CallResult,
  type LiveEvent,
} from '@portal/contract';
import type { Database } from '@portal/server/db/client';
import { sql } from 'drizzle-orm';
import { createRequire } from 'node:module';
import { BENCH_ACCOUNT } from '../seed/large';
import { benchPartner } from '../seed/large-devices';
import { BENCH_END_USER_SESSIONS, benchEndUserSession, renewBenchSessions } from '../seed/large-orders';
import { rows } from '../seed/shared';
import { callDef, login, type Session } from './api';
import { seededRandom } from './random';
import type { BenchCase, BenchContext, BenchDatabase } from './types';

/** The topic of the bench's conversations (the next run takes up those still open). */
export const CHAT_TOPIC = 'Bench chat';
/** The bench's desk members: bench-desk-<k>@bench.demo.local, the owner's password. */
export const benchDeskEmail = (k: number) => `bench-desk-${k}@bench.demo.local`;

export interface ChatScale {
  sockets: number;
  seconds: number;
  /** Messages a second. */
  rate: number;
  /** Desk members (portal sockets); the rest of the sockets are end users. */
  staff: number;
}

/** The run's size from BENCH_CHAT_SOCKETS, BENCH_CHAT_SECONDS, BENCH_CHAT_RATE and BENCH_CHAT_STAFF. */
export function chatScale(env: NodeJS.ProcessEnv = process.env): ChatScale {
  const num = (name: string, dflt: number, min: number) => {
    const v = env[name];
    if (v === undefined || v === '') return dflt;
    const n = Number(v);
    if (!Number.isFinite(n) || n < min) throw new Error(`${name} must be a number >= ${min}`);
    return n;
  };
  const sockets = Math.floor(num('BENCH_CHAT_SOCKETS', 1000, 4));
  const staff = Math.floor(num('BENCH_CHAT_STAFF', Math.max(2, Math.round(sockets / 50)), 1));
  if (staff >= sockets) throw new Error('BENCH_CHAT_STAFF must leave sockets for end users');
  if (sockets - staff > BENCH_END_USER_SESSIONS) throw new Error(`at most ${BENCH_END_USER_SESSIONS} end-user sockets (seeded sessions)`);
  return { sockets, seconds: num('BENCH_CHAT_SECONDS', 30, 1), rate: num('BENCH_CHAT_RATE', 50, 0.1), staff };
}

/** The 99th percentile (nearest rank) of `xs`, 0 when empty. */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * What a client knows of one conversation's messages: every seq up to `base` (before the run), and
 * the seqs learned since (live events or history).
 */
export class HeldSeqs {
  private readonly seqs = new Set<number>();
  constructor(readonly base: number) {}
  has(seq: number) {
    return seq <= this.base || this.seqs.has(seq);
  }
  /** Adds a seq; answers whether it was new. */
  add(seq: number): boolean {
    if (this.has(seq)) return false;
    this.seqs.add(seq);
    return true;
  }
  /** The last seq up to which nothing is missing (the client's "last seq held" for history). */
  contiguous(): number {
    let s = this.base;
    while (this.seqs.has(s + 1)) s++;
    return s;
  }
  /** Seqs in (base, last] not held. */
  missing(last: number): number {
    let n = 0;
    for (let s = this.base + 1; s <= last; s++) if (!this.seqs.has(s)) n++;
    return n;
  }
}

export interface ChatTally {
  /** (conversationId, seq) -> clientId of every stored message after the run's start. */
  stored: ReadonlyMap<number, ReadonlyArray<{ seq: number; clientId: string }>>;
  /** Acknowledged sends: their client id and the seq answered, and the retries' answers. */
  sends: ReadonlyArray<{ conversationId: number; clientId: string; seq: number; retrySeq?: number }>;
}

/**
 * lost: acknowledged sends whose client id is not stored; duplicated: messages stored for a client id
 * already stored in the conversation, plus retries answered with another seq than the original.
 */
export function tallyStored(t: ChatTally): { lost: number; duplicated: number } {
  let lost = 0;
  let duplicated = 0;
  const ids = new Map<number, Map<string, number>>();
  for (const [conversationId, msgs] of t.stored) {
    const counts = new Map<string, number>();
    for (const m of msgs) counts.set(m.clientId, (counts.get(m.clientId) ?? 0) + 1);
    for (const n of counts.values()) duplicated += n - 1;
    ids.set(conversationId, counts);
  }
  for (const s of t.sends) {
    if (!ids.get(s.conversationId)?.has(s.clientId)) lost++;
    if (s.retrySeq !== undefined && s.retrySeq !== s.seq) duplicated++;
  }
  return { lost, duplicated };
}

// ---------------------------------------------------------------------------------------------

interface Ws {
  on(event: 'message', fn: (data: Buffer) => void): void;
  on(event: 'close', fn: (code: number) => void): void;
  on(event: 'open' | 'error', fn: (e?: unknown) => void): void;
  on(event: 'unexpected-response', fn: (req: unknown, res: { statusCode: number }) => void): void;
  terminate(): void;
  close(): void;
}
// ws comes with the server's @fastify/websocket (no types of its own here).
const { WebSocket } = createRequire(import.meta.url)('ws') as { WebSocket: new (url: string) => Ws };

interface Client {
  kind: 'end_user' | 'staff';
  session: Session;
  /** The server process (0 or 1) its socket is on. */
  server: number;
  held: Map<number, HeldSeqs>;
  ws: Ws | null;
  /** Incremented on each (re)connect: events of an older socket are ignored. */
  generation: number;
  dropped: boolean;
}

/** (conversationId:seq) -> live arrivals: when, and on which side's socket. */
type Arrivals = Map<string, Array<{ at: number; kind: Client['kind'] }>>;
const key = (c: number, s: number) => `${c}:${s}`;

interface ChatResult {
  p99Ms: number;
  connections: number;
  lost: number;
  duplicated: number;
  reconnects: number;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `fn` over `items`, `width` at a time. */
async function pool<T>(items: readonly T[], width: number, fn: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

/** What prepareDatabase found: the conversations of earlier runs still open, by bench end user n. */
interface Prepared {
  conversations: Map<number, { id: number; lastSeq: number }>;
}

async function prepareChat(database: Database, scale: ChatScale): Promise<Prepared> {
  const partner = await benchPartner(database);
  if (!partner) throw new Error('chat-delivery: no Bench Partner (large seed)');
  await renewBenchSessions(database);
  // The desk's members: partner administrators holding the feedback codes, with the owner's password.
  await database.db.execute(sql`
    insert into users (company_id, email, nickname, phone, password_hash, user_type, user_auth_type, status, auth_res_list, area_ids)
    select o.company_id, 'bench-desk-' || k || '@bench.demo.local', 'Bench desk ' || k, '+1 555 020 ' || lpad(k::text, 4, '0'),
           o.password_hash, 'partner', 2, 'normal', array['dealer_feedback_qry', 'dealer_feedback_mgr']::text[], o.area_ids
      from users o, generate_series(1, ${scale.staff}::int) k
     where o.email = ${BENCH_ACCOUNT.email}
    on conflict (email) do update set status = 'normal', password_hash = excluded.password_hash, auth_res_list = excluded.auth_res_list`);
  const found = await rows<{ n: number; id: number; last_seq: number }>(
    database.db,
    sql`select distinct on (n) substr(split_part(e.email, '@', 1), 10)::int as n, c.id, c.last_seq
          from feedback_conversations c join end_users e on e.id = c.requester_id
         where c.requester_kind = 'end_user' and c.desk_company_id = ${partner.id}::int and c.topic = ${CHAT_TOPIC}
           and c.state <> 'resolved' and e.email like 'bench-eu-%'
         order by n, c.id`,
  );
  return { conversations: new Map(found.map((r) => [Number(r.n), { id: Number(r.id), lastSeq: Number(r.last_seq) }])) };
}

async function runChat(ctx: BenchContext, scale: ChatScale, prepared: Prepared): Promise<ChatResult> {
  const another = await ctx.startAnotherServer();
  try {
    return await runChatOn(ctx, [ctx.origin, another.origin], scale, prepared);
  } finally {
    await another.stop();
  }
}

async function runChatOn(ctx: BenchContext, origins: string[], scale: ChatScale, prepared: Prepared): Promise<ChatResult> {
  const rnd = seededRandom(27);
  const runId = Date.now().toString(36);
  const endUsers = scale.sockets - scale.staff;

  // Sessions: the desk's members log in; the end users have the seed's ready sessions.
  const staffSessions: Session[] = [];
  await pool(
    Array.from({ length: scale.staff }, (_, k) => k),
    4,
    async (k) => {
      staffSessions[k] = await login(origins[k % 2]!, benchDeskEmail(k + 1), BENCH_ACCOUNT.password);
    },
  );

  // One conversation per end user (an earlier run's, still open, or a new one).
  const convOf: number[] = [];
  const base = new Map<number, number>();
  let opened = 0;
  await pool(
    Array.from({ length: endUsers }, (_, i) => i + 1),
    8,
    async (n) => {
      const had = prepared.conversations.get(n);
      if (had) {
        convOf[n - 1] = had.id;
        base.set(had.id, had.lastSeq);
        return;
      }
      const r = await callDef<{ conversation: Conversation; message: ChatMessageItem }>(
        origins[n % 2]!,
        appFeedbackCalls.create,
        benchEndUserSession(n),
        { topic: CHAT_TOPIC, text: 'Hello, my camera goes offline at night.', clientId: `bench-open-${n}-${runId}` },
      );
      convOf[n - 1] = r.conversation.id;
      base.set(r.conversation.id, r.conversation.lastSeq);
      opened++;
    },
  );
  ctx.log(`chat: ${endUsers} conversations (${opened} opened now), ${scale.staff} desk members`);
  const conversations = [...base.keys()];

  // The clients: end user n-1 follows its conversation; a desk member follows all of them.
  const clients: Client[] = [];
  for (let i = 0; i < endUsers; i++)
    clients.push({
      kind: 'end_user',
      session: benchEndUserSession(i + 1),
      server: i % 2,
      held: new Map([[convOf[i]!, new HeldSeqs(base.get(convOf[i]!)!)]]),
      ws: null,
      generation: 0,
      dropped: false,
    });
  for (let k = 0; k < scale.staff; k++)
    clients.push({
      kind: 'staff',
      session: staffSessions[k]!,
      server: k % 2,
      held: new Map(conversations.map((c) => [c, new HeldSeqs(base.get(c)!)])),
      ws: null,
      generation: 0,
      dropped: false,
    });

  const arrivals: Arrivals = new Map();
  let open = 0;
  let peak = 0;
  let resynced = 0;

  /** Applies what a client learned: a live event's seq (timed) or a history message (resync). */
  const learn = (c: Client, conversationId: number, seq: number, live: boolean) => {
    const h = c.held.get(conversationId);
    if (!h || !h.add(seq)) return;
    if (!live) {
      resynced++;
      return;
    }
    const k = key(conversationId, seq);
    let a = arrivals.get(k);
    if (!a) arrivals.set(k, (a = []));
    a.push({ at: performance.now(), kind: c.kind });
  };

  /** The module's resync: the history after the last seq held (the desk: of each conversation its list shows past it). */
  const resync = async (c: Client) => {
    const origin = origins[c.server]!;
    const after = async (conversationId: number) => {
      for (;;) {
        const h = c.held.get(conversationId)!;
        const r = await callDef<ChatHistory>(origin, c.kind === 'staff' ? deskCalls.history : appFeedbackCalls.history, c.session, {
          conversationId,
          afterSeq: h.contiguous(),
          limit: 200,
        });
        for (const m of r.messages) learn(c, conversationId, m.seq, false);
        if (!r.more || r.messages.length === 0) return;
      }
    };
    if (c.kind === 'end_user') {
      for (const id of c.held.keys()) await after(id);
      return;
    }
    const behind: number[] = [];
    for (let pageNum = 1; ; pageNum++) {
      const page = await callDef<CallResult<typeof deskCalls.list>>(origin, deskCalls.list, c.session, {
        pageNum,
        pageSize: MAX_PAGE_SIZE,
        queue: 'all',
      });
      for (const conv of page.records) {
        const h = c.held.get(conv.id);
        if (h && conv.lastSeq > h.contiguous()) behind.push(conv.id);
      }
      if (pageNum * MAX_PAGE_SIZE >= page.total || page.records.length === 0) break;
    }
    await pool(behind, 4, after);
  };

  /** Opens the client's socket with a new ticket; resolves once 'ready' (then resyncs when asked). */
  const connect = async (c: Client, thenResync: boolean) => {
    const origin = origins[c.server]!;
    const staff = c.kind === 'staff';
    const { ticket } = await callDef<{ ticket: string }>(origin, staff ? liveCalls.ticket : liveCalls.appTicket, c.session, {});
    const generation = ++c.generation;
    const url = `${origin.replace(/^http/, 'ws')}${staff ? LIVE_PATH : APP_LIVE_PATH}?ticket=${encodeURIComponent(ticket)}`;
    await new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(url);
      c.ws = ws;
      let ready = false;
      ws.on('message', (d: Buffer) => {
        if (c.generation !== generation) return;
        const e = JSON.parse(d.toString()) as LiveEvent;
        // A read mark brings no message (the bench's clients do not mark reads; a desk member's may).
        if (e.type === 'chat') {
          if (!e.read) learn(c, e.conversationId, e.seq, true);
        } else if (e.type === 'resync') void resync(c).catch((err: unknown) => ctx.log(`chat: a server resync failed: ${String(err)}`));
        else if (e.type === 'ready' && !ready) {
          ready = true;
          open++;
          peak = Math.max(peak, open);
          resolve();
        }
      });
      ws.on('close', () => {
        if (ready) open--;
        if (!ready) reject(new Error('the socket closed before it was ready'));
      });
      ws.on('unexpected-response', (_req, res) => reject(new Error(`socket refused: HTTP ${res.statusCode}`)));
      ws.on('error', (err) => reject(err instanceof Error ? err : new Error(String(err))));
    });
    if (thenResync) await resync(c);
  };

  const t0 = performance.now();
  await pool(clients, 16, (c) => connect(c, false));
  const connections = peak;
  ctx.log(`chat: ${connections} sockets open in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // The load: open-loop at `rate` a second; a tenth of the sockets dropped in the middle third.
  const total = Math.round(scale.rate * scale.seconds);
  const spacing = 1000 / scale.rate;
  const sends: Array<{
    conversationId: number;
    clientId: string;
    seq: number;
    startedAt: number;
    side: 'requester' | 'desk';
    retrySeq?: number;
  }> = [];
  let errors = 0;
  let firstError = '';
  let retries = 0;
  /** How long each send call took to answer (a retried one's first call). */
  const answered: number[] = [];
  const inFlight: Array<Promise<void>> = [];
  const started = performance.now();

  const sendOne = async (i: number) => {
    const idx = Math.floor(rnd() * endUsers);
    const conversationId = convOf[idx]!;
    const desk = rnd() < 0.5;
    const session = desk ? staffSessions[Math.floor(rnd() * scale.staff)]! : benchEndUserSession(idx + 1);
    const def = desk ? deskCalls.reply : appFeedbackCalls.send;
    const clientId = `bc-${runId}-${i}`;
    const data = { conversationId, text: `Bench message ${i}`, clientId, ...(desk ? { internal: false } : {}) };
    const retry = i % 20 === 7;
    const concurrent = retry && (i / 20) % 2 < 1;
    const startedAt = performance.now();
    try {
      const first = callDef<ChatMessageItem>(origins[i % 2]!, def, session, data);
      // A second tab: the same client id to the other process while the first is on its way.
      const twin = concurrent ? pause(5).then(() => callDef<ChatMessageItem>(origins[(i + 1) % 2]!, def, session, data)) : null;
      const m = await first;
      answered.push(performance.now() - startedAt);
      const again = twin ? await twin : retry ? await callDef<ChatMessageItem>(origins[(i + 1) % 2]!, def, session, data) : null;
      if (retry) retries++;
      sends.push({ conversationId, clientId, seq: m.seq, startedAt, side: desk ? 'desk' : 'requester', retrySeq: again?.seq });
    } catch (err) {
      errors++;
      firstError ||= err instanceof Error ? err.message : String(err);
    }
  };

  const droppers = clients.filter((_, i) => i % 10 === 5);
  let reconnects = 0;
  let reconnectFailures = 0;
  const drops = droppers.map(async (c, j) => {
    await pause(scale.seconds * 1000 * (1 / 3 + j / Math.max(1, droppers.length) / 3));
    c.dropped = true;
    c.generation++; // whatever the old socket still delivers is not this client's any more
    c.ws?.terminate();
    await pause(500 + rnd() * 2500);
    try {
      await connect(c, true);
      reconnects++;
    } catch (err) {
      reconnectFailures++;
      ctx.log(`chat: a reconnect failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  });

  for (let i = 0; i < total; i++) {
    const due = started + i * spacing;
    const wait = due - performance.now();
    if (wait > 0) await pause(wait);
    inFlight.push(sendOne(i));
  }
  await Promise.all(inFlight);
  const sendSeconds = (performance.now() - started) / 1000;
  await Promise.all(drops);

  // The stored truth: every conversation's messages after the run's start (as a desk member sees them).
  const stored = new Map<number, Array<{ seq: number; clientId: string }>>();
  const lastSeq = new Map<number, number>();
  await pool(conversations, 8, async (conversationId) => {
    const msgs: Array<{ seq: number; clientId: string }> = [];
    let after = base.get(conversationId)!;
    for (;;) {
      const r = await callDef<ChatHistory>(origins[0]!, deskCalls.history, staffSessions[0]!, {
        conversationId,
        afterSeq: after,
        limit: 200,
      });
      msgs.push(...r.messages.map((m) => ({ seq: m.seq, clientId: m.clientId })));
      lastSeq.set(conversationId, r.lastSeq);
      if (!r.more || r.messages.length === 0) break;
      after = r.messages.at(-1)!.seq;
    }
    stored.set(conversationId, msgs);
  });

  // Every socket's client must come to hold every seq of its conversations (events still on their way get 10 s).
  const missing = () => {
    let n = 0;
    for (const c of clients) for (const [id, h] of c.held) n += h.missing(lastSeq.get(id) ?? h.base);
    return n;
  };
  const settleBy = performance.now() + 10_000;
  while (missing() > 0 && performance.now() < settleBy) await pause(100);
  const unseen = missing();

  const tally = tallyStored({ stored, sends });
  // Latency: the other side's live arrivals (the desk's members for a requester's send, the requester for a reply).
  const samples: number[] = [];
  const bySide = { requester: [] as number[], desk: [] as number[] };
  for (const s of sends) {
    const other: Client['kind'] = s.side === 'requester' ? 'staff' : 'end_user';
    for (const a of arrivals.get(key(s.conversationId, s.seq)) ?? []) {
      if (a.kind !== other) continue;
      samples.push(a.at - s.startedAt);
      bySide[s.side].push(a.at - s.startedAt);
    }
  }
  for (const c of clients) c.ws?.terminate();

  const ms = (x: number) => x.toFixed(1);
  ctx.log(
    `chat: ${sends.length} of ${total} sends answered in ${sendSeconds.toFixed(1)} s (${retries} retried), ${errors} failed${firstError ? ` (first: ${firstError})` : ''}; ` +
      `answered in p50 ${ms(percentile(answered, 50))} ms, p99 ${ms(percentile(answered, 99))} ms`,
  );
  ctx.log(
    `chat: ${samples.length} live arrivals on the other side: p50 ${ms(percentile(samples, 50))} ms, p99 ${ms(percentile(samples, 99))} ms, max ${ms(percentile(samples, 100))} ms; ` +
      `send->desk p99 ${ms(percentile(bySide.requester, 99))} ms, reply->requester p99 ${ms(percentile(bySide.desk, 99))} ms`,
  );
  ctx.log(
    `chat: ${reconnects} of ${droppers.length} dropped sockets back (${reconnectFailures} failed), ${resynced} seqs learned by resync; ` +
      `${unseen} (socket, message) pairs never learned; ${tally.lost} sends not stored, ${tally.duplicated} duplicated`,
  );
  if (errors) console.log(`bench chat-delivery errors=${errors}`);
  return {
    p99Ms: Math.round(percentile(samples, 99)),
    connections,
    lost: unseen + tally.lost,
    duplicated: tally.duplicated,
    reconnects,
  };
}

/**
 * The two cases share one run: whichever is asked first runs it (with the second server), the
 * other prints its line from the same result.
 */
export function chatCases(): { delivery: BenchCase; resync: BenchCase } {
  let prepared: Promise<Prepared> | null = null;
  let result: Promise<ChatResult> | null = null;
  let scale: ChatScale | null = null;
  const prepareDatabase = async (db: BenchDatabase, log: (line: string) => void) => {
    if (prepared) return;
    scale = chatScale();
    log(
      `chat: ${scale.sockets} sockets (${scale.staff} desk members), ${scale.rate} messages/s for ${scale.seconds} s, on two server processes`,
    );
    prepared = prepareChat(db.database, scale);
    await prepared;
  };
  const once = (ctx: BenchContext): Promise<ChatResult> => {
    if (!prepared || !scale) throw new Error('chat: the database was not prepared');
    const s = scale;
    const p = prepared;
    result ??= p.then((ready) => runChat(ctx, s, ready));
    return result;
  };
  const serverEnv = { RATE_LIMITS: 'off' };
  return {
    delivery: {
      kind: 'report',
      summary:
        'live chat over two server processes: end users (app socket) and desk members (portal socket) with 50 messages/s; p99 from the send call to the event on the other side',
      serverEnv,
      prepareDatabase,
      async run(ctx) {
        const r = await once(ctx);
        const line = `bench chat-delivery p99_ms=${r.p99Ms} connections=${r.connections}`;
        console.log(line);
        return [line];
      },
    },
    resync: {
      kind: 'report',
      summary: 'the same run: a tenth of the sockets dropped and resynced, one send in 20 retried with its client id',
      serverEnv,
      prepareDatabase,
      async run(ctx) {
        const r = await once(ctx);
        const line = `bench chat-resync lost=${r.lost} duplicated=${r.duplicated} reconnects=${r.reconnects}`;
        console.log(line);
        return [line];
      },
    },
  };
}
