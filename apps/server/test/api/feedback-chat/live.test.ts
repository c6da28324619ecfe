/**
 * The live channel (issue 13 §11) over real sockets (ws against app.listen on a random port): the
 * ticket (single use, 30 s, of its own kind and signed), events routed only to the sockets whose
 * user may see them (requester, the desk's members; never another tenant, a user without desk codes,
 * another end user; internal notes to the desk only; inbox events to the message's recipients),
 * nothing announced by a rolled-back transaction, resync when the listener drops, sockets closed when
 * their session ends or when they fall too far behind.
 */
import {
  API_PREFIX,
  APP_LIVE_PATH,
  appApiCalls,
  appFeedbackCalls,
  authCalls,
  deskCalls,
  ErrorCodes,
  errorMessage,
  feedbackCalls,
  LIVE_BUFFER_MAX_BYTES,
  LIVE_CLOSE_CODES,
  LIVE_CLOSE_ERRORS,
  LIVE_PATH,
  liveCalls,
  messageCalls,
  type LiveEvent,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announce, LiveHub, type LiveClient } from '../../../src/lib/live';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import { APP_A, APP_B, createUser, PASSWORD } from '../../support/fixtures';

interface Ws {
  on(event: 'message', fn: (data: Buffer) => void): void;
  on(event: 'close', fn: (code: number, reason: Buffer) => void): void;
  on(event: 'open' | 'error', fn: (e?: unknown) => void): void;
  on(event: 'unexpected-response', fn: (req: unknown, res: { statusCode: number }) => void): void;
  close(): void;
}
const { WebSocket } = createRequire(import.meta.url)('ws') as {
  WebSocket: new (url: string, opts?: { headers?: Record<string, string> }) => Ws;
};

/** A socket's received events and its close code. */
interface Probe {
  events: LiveEvent[];
  closed: number | null;
  ws: Ws;
}

const ok = <T extends { basic: { code: number; msg: string } }>(r: T) => {
  expect(r.basic.code, r.basic.msg).toBe(200);
  return r;
};
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits until `check` holds (events arrive after the commit, through the listener). */
async function until(check: () => boolean, ms = 3_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await pause(10);
  }
}

describe.each(ENGINES)('live channel (%s)', (engine) => {
  let t: TestApp;
  let base: string;
  let owner: Session; // partner A's desk
  let dealer: Session; // a requester under partner A
  let ownerB: Session; // partner B's desk (another tenant)
  let noCodes: Session; // partner A, no desk codes
  let installer: Session; // an installer of partner A (message recipient)
  let installerB: Session; // an installer of partner B
  let endUser: Session;
  let endUserB: Session;
  let n = 0;
  const cid = () => `live-${++n}`;

  async function ticket(s: Session, app = false) {
    return ok(await t.call(app ? liveCalls.appTicket : liveCalls.ticket, {}, s)).data!.ticket;
  }

  /** Opens a socket; answers the HTTP status when the upgrade is refused. */
  function connect(path: string, tk: string): Promise<Probe | number> {
    return new Promise((resolve) => {
      const ws = new WebSocket(`${base}${path}?ticket=${encodeURIComponent(tk)}`);
      const probe: Probe = { events: [], closed: null, ws };
      ws.on('message', (d: Buffer) => probe.events.push(JSON.parse(d.toString()) as LiveEvent));
      ws.on('close', (code: number) => (probe.closed = code));
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode));
      ws.on('error', () => {});
      ws.on('open', () => resolve(probe));
    });
  }
  /**
   * Opens a socket with a ticket that must be refused: the upgrade is accepted, then the socket is
   * closed at once; answers the close code and reason (no event came before it).
   */
  function refused(path: string, tk: string, locale = 'en-US'): Promise<{ code: number; reason: string; events: number }> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${base}${path}?ticket=${encodeURIComponent(tk)}`, { headers: { 'accept-language': locale } });
      let events = 0;
      ws.on('message', () => events++);
      ws.on('unexpected-response', (_req, res) => reject(new Error(`upgrade refused ${res.statusCode}`)));
      ws.on('error', () => {});
      ws.on('close', (code: number, reason: Buffer) => resolve({ code, reason: reason.toString('utf8'), events }));
    });
  }
  const INVALID = { code: LIVE_CLOSE_CODES.ticketInvalid, reason: expect.stringMatching(/^27058 /), events: 0 };

  async function open(s: Session, app = false): Promise<Probe> {
    const p = await connect(app ? APP_LIVE_PATH : LIVE_PATH, await ticket(s, app));
    if (typeof p === 'number') throw new Error(`refused ${p}`);
    await until(() => p.events.some((e) => e.type === 'ready'));
    return p;
  }
  const chats = (p: Probe) => p.events.filter((e) => e.type === 'chat');

  beforeAll(async () => {
    t = await createTestApp(engine);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    await createUser(t.database, {
      companyId: t.world.companies.installerA.id,
      email: 'inst-live@test.local',
      userType: 'installer',
      codes: [],
    });
    const dealerB = t.world.companies.dealerB;
    await createUser(t.database, { companyId: dealerB.id, email: 'dealer-live-b@test.local', userType: 'distributor', codes: [] });
    owner = await t.login('owner-a@test.local');
    dealer = await t.login('dealer-a@test.local');
    ownerB = await t.login('owner-b@test.local');
    noCodes = await t.login('nocodes-a@test.local');
    installer = await t.login('inst-live@test.local');
    installerB = await t.login('dealer-live-b@test.local');
    const appLogin = async (key: typeof APP_A, account: string) => {
      const r = ok(
        await t.call(appApiCalls.login, { account, password: PASSWORD }, { token: key.appId, signKey: key.secret, renewToken: '' }),
      );
      return { ...r.data!, renewToken: '' } as Session;
    };
    endUser = await appLogin(APP_A, 'enduser-a@test.local');
    endUserB = await appLogin(APP_B, 'enduser-b@test.local');
  });
  afterAll(() => t?.close());

  describe('tickets', () => {
    it('opens one socket once, within 30 s, of its own kind, unaltered; any other ticket is closed with 4003 (27058)', async () => {
      expect(LIVE_CLOSE_ERRORS[LIVE_CLOSE_CODES.ticketInvalid]).toBe(ErrorCodes.liveTicketInvalid);
      const tk = await ticket(dealer);
      const first = await connect(LIVE_PATH, tk);
      expect(typeof first).toBe('object');
      await until(() => (first as Probe).events.some((e) => e.type === 'ready'));
      expect(await refused(LIVE_PATH, tk)).toEqual(INVALID); // used
      // The used ticket's first socket is not disturbed.
      expect((first as Probe).closed).toBeNull();
      (first as Probe).ws.close();

      const late = await ticket(dealer);
      t.clock.advance(31_000);
      expect(await refused(LIVE_PATH, late)).toEqual(INVALID); // expired

      expect(await refused(APP_LIVE_PATH, await ticket(dealer))).toEqual(INVALID); // a portal ticket on the app's socket
      expect(await refused(LIVE_PATH, await ticket(endUser, true))).toEqual(INVALID); // and the reverse
      const [body, sign] = (await ticket(dealer)).split('.');
      const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), s: 1 })).toString('base64url');
      expect(await refused(LIVE_PATH, `${forged}.${sign}`)).toEqual(INVALID); // another session's id under the old sign
      expect(await refused(LIVE_PATH, 'nonsense')).toEqual(INVALID);
      expect(await refused(LIVE_PATH, '')).toEqual(INVALID);
    });

    it('tells the reason in the caller locale (27058), and answers a plain request (no upgrade) 401 with 27058', async () => {
      const en = await refused(LIVE_PATH, 'x', 'en-US');
      expect(en.reason).toBe(`27058 ${errorMessage(ErrorCodes.liveTicketInvalid, 'en-US')}`);
      const zh = await refused(APP_LIVE_PATH, 'x', 'zh-CN');
      expect(zh.code).toBe(LIVE_CLOSE_CODES.ticketInvalid);
      expect(zh.reason).toContain('票据');
      expect(Buffer.byteLength(zh.reason)).toBeLessThanOrEqual(123);
      const res = await t.app.inject({ method: 'GET', url: `${LIVE_PATH}?ticket=x`, headers: { 'x-locale': 'zh-CN' } });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(ErrorCodes.liveTicketInvalid);
      expect(res.json().msg).toContain('票据');
    });

    it('is a signed call of a signed-in user (none without a session)', async () => {
      expect((await t.call(liveCalls.ticket, {}, null)).basic.code).toBe(ErrorCodes.tokenInvalid);
      expect((await t.call(liveCalls.appTicket, {}, null)).basic.code).not.toBe(200);
      expect(`${API_PREFIX}/live`).toBe(LIVE_PATH);
    });
  });

  describe('routing', () => {
    it('tells the requester and the desk of a conversation, no one else', async () => {
      const [pDealer, pOwner, pOwnerB, pNoCodes, pEnd, pEndB] = await Promise.all([
        open(dealer),
        open(owner),
        open(ownerB),
        open(noCodes),
        open(endUser, true),
        open(endUserB, true),
      ]);
      const c = ok(await t.call(feedbackCalls.create, { topic: 'Live', text: 'Hello desk', clientId: cid() }, dealer)).data!;
      const id = c.conversation.id;
      await until(() => chats(pOwner).length > 0 && chats(pDealer).length > 0);
      expect(chats(pOwner)[0]).toEqual({ type: 'chat', conversationId: id, seq: 1 });

      ok(await t.call(deskCalls.reply, { conversationId: id, text: 'We are on it', clientId: cid(), internal: false }, owner));
      await until(() => chats(pDealer).some((e) => e.type === 'chat' && e.seq === 2));
      // An internal note: the desk only.
      ok(await t.call(deskCalls.reply, { conversationId: id, text: 'note', clientId: cid(), internal: true }, owner));
      await until(() => chats(pOwner).some((e) => e.type === 'chat' && e.seq === 3));
      // The end user's own conversation reaches its socket, not partner B's end user.
      const e = ok(await t.call(appFeedbackCalls.create, { topic: 'App', text: 'Hi', clientId: cid() }, endUser)).data!;
      await until(() => chats(pEnd).length > 0 && chats(pOwner).some((x) => x.type === 'chat' && x.conversationId === e.conversation.id));
      await pause(100);

      expect(chats(pDealer).some((x) => x.type === 'chat' && x.seq === 3)).toBe(false);
      expect(chats(pDealer).some((x) => x.type === 'chat' && x.conversationId === e.conversation.id)).toBe(false);
      expect(chats(pOwnerB)).toEqual([]);
      expect(chats(pNoCodes)).toEqual([]);
      expect(chats(pEndB)).toEqual([]);
      expect(chats(pEnd).every((x) => x.type === 'chat' && x.conversationId === e.conversation.id)).toBe(true);
      for (const p of [pDealer, pOwner, pOwnerB, pNoCodes, pEnd, pEndB]) p.ws.close();
    });

    it('tells a read mark that moved once, as a read mark (nothing to fetch), and a read that moves nothing not at all', async () => {
      const [pDealer, pOwner] = await Promise.all([open(dealer), open(owner)]);
      const c = ok(await t.call(feedbackCalls.create, { topic: 'Read marks', text: 'Hello', clientId: cid() }, dealer)).data!;
      const id = c.conversation.id;
      ok(await t.call(deskCalls.reply, { conversationId: id, text: 'Hi', clientId: cid(), internal: false }, owner));
      await until(() => chats(pDealer).some((e) => e.type === 'chat' && e.conversationId === id && e.seq === 2));
      const mark = (p: Probe) => chats(p).filter((e) => e.type === 'chat' && e.conversationId === id && e.read);
      const others = (p: Probe) => chats(p).filter((e) => e.type === 'chat' && e.conversationId === id && !e.read).length;
      let before = [others(pDealer), others(pOwner)];

      ok(await t.call(feedbackCalls.read, { conversationId: id, seq: 2 }, dealer));
      await until(() => mark(pOwner).length === 1 && mark(pDealer).length === 1);
      expect(mark(pOwner)).toEqual([{ type: 'chat', conversationId: id, seq: 2, read: { side: 'requester', seq: 2 } }]);
      // Read again (a second tab, a refetch): the mark does not move, nothing is told.
      ok(await t.call(feedbackCalls.read, { conversationId: id, seq: 2 }, dealer));
      ok(await t.call(feedbackCalls.read, { conversationId: id, seq: 1 }, dealer));
      await pause(100);
      expect([others(pDealer), others(pOwner)]).toEqual(before);

      // The desk reads the requester's next message: its mark is told to the requester too (read receipts).
      ok(await t.call(feedbackCalls.send, { conversationId: id, text: 'More', files: [], clientId: cid() }, dealer));
      await until(() => chats(pOwner).some((e) => e.type === 'chat' && e.conversationId === id && e.seq === 3));
      await until(() => chats(pDealer).some((e) => e.type === 'chat' && e.conversationId === id && e.seq === 3));
      before = [others(pDealer), others(pOwner)];
      ok(await t.call(deskCalls.read, { conversationId: id, seq: 99 }, owner));
      await until(() => mark(pDealer).length === 2);
      ok(await t.call(deskCalls.read, { conversationId: id, seq: 3 }, owner));
      await pause(100);
      expect(mark(pDealer)).toEqual([
        { type: 'chat', conversationId: id, seq: 2, read: { side: 'requester', seq: 2 } },
        { type: 'chat', conversationId: id, seq: 3, read: { side: 'desk', seq: 3 } },
      ]);
      expect(mark(pOwner)).toHaveLength(2);
      // No read brought a plain change event (which would make each side fetch the thread again).
      expect([others(pDealer), others(pOwner)]).toEqual(before);
      for (const p of [pDealer, pOwner]) p.ws.close();
    });

    it('tells typing to the other side of the conversation only; another tenant’s conversation is 1004', async () => {
      const [pEnd, pOwner, pOwnerB, pNoCodes, pEndB] = await Promise.all([
        open(endUser, true),
        open(owner),
        open(ownerB),
        open(noCodes),
        open(endUserB, true),
      ]);
      const e = ok(await t.call(appFeedbackCalls.create, { topic: 'Typing', text: 'Hi', clientId: cid() }, endUser)).data!;
      const id = e.conversation.id;
      const typing = (p: Probe) => p.events.filter((x) => x.type === 'typing');
      ok(await t.call(appFeedbackCalls.typing, { conversationId: id }, endUser));
      await until(() => typing(pOwner).length === 1);
      expect(typing(pOwner)[0]).toEqual({ type: 'typing', conversationId: id, side: 'requester' });
      ok(await t.call(deskCalls.typing, { conversationId: id }, owner));
      await until(() => typing(pEnd).length === 1);
      expect(typing(pEnd)[0]).toEqual({ type: 'typing', conversationId: id, side: 'desk' });
      await pause(100);
      // Nobody hears their own typing; nobody outside the conversation hears any.
      expect(typing(pEnd)).toHaveLength(1);
      expect(typing(pOwner)).toHaveLength(1);
      for (const p of [pOwnerB, pNoCodes, pEndB]) expect(typing(p)).toEqual([]);
      expect((await t.call(appFeedbackCalls.typing, { conversationId: id }, endUserB)).basic.code).toBe(ErrorCodes.notFound);
      expect((await t.call(deskCalls.typing, { conversationId: id }, ownerB)).basic.code).toBe(ErrorCodes.notFound);
      for (const p of [pEnd, pOwner, pOwnerB, pNoCodes, pEndB]) p.ws.close();
    });

    it('tells a released message to its recipients only (inbox)', async () => {
      const [pInst, pInstB, pDealer] = await Promise.all([open(installer), open(installerB), open(dealer)]);
      const m = ok(
        await t.call(
          messageCalls.save,
          {
            type: 'notice',
            contents: { 'en-US': { title: 'Live', body: '<p>Live</p>' } },
            preferredLanguage: 'en-US',
            audience: { kind: 'companyType', companyTypes: ['installer'] },
          },
          owner,
        ),
      ).data!;
      ok(await t.call(messageCalls.release, { messageId: m.id }, owner));
      await until(() => pInst.events.some((e) => e.type === 'inbox'));
      ok(await t.call(messageCalls.withdraw, { messageId: m.id }, owner));
      await until(() => pInst.events.filter((e) => e.type === 'inbox').length === 2);
      await pause(100);
      expect(pInstB.events.filter((e) => e.type === 'inbox')).toEqual([]);
      expect(pDealer.events.filter((e) => e.type === 'inbox')).toEqual([]);
      for (const p of [pInst, pInstB, pDealer]) p.ws.close();
    });

    it('fans out across processes: another instance serves its own sockets from the same notice', async () => {
      const two = await t.secondInstance();
      const got: string[] = [];
      const socket = { bufferedAmount: 0, readyState: 1, send: (d: string) => got.push(d), close: () => {} };
      const ownerRow = await t.database.query<{ id: number }>(`select id from users where email = 'owner-a@test.local'`);
      two.services.live.add({
        socket,
        who: {
          kind: 'user',
          sessionId: 0,
          userId: ownerRow.rows[0]!.id,
          companyId: t.world.companies.partnerA.id,
          codes: new Set(['dealer_feedback_mgr']),
        },
      });
      const c = ok(await t.call(feedbackCalls.create, { topic: 'Two', text: 'Across', clientId: cid() }, dealer)).data!;
      await until(() => got.some((d) => d.includes(`"conversationId":${c.conversation.id}`)));
    });

    it('announces nothing from a rolled-back transaction, and only after the commit', async () => {
      const pOwner = await open(owner);
      const notice = { t: 'chat', c: 999_999, s: 7, rk: 'user', r: 0, d: t.world.companies.partnerA.id } as const;
      await t.database.db
        .transaction(async (tx) => {
          await announce(tx, notice);
          throw new Error('roll back');
        })
        .catch(() => {});
      await t.database.db.transaction(async (tx) => {
        await announce(tx, { ...notice, s: 8 });
        await pause(150);
        expect(chats(pOwner)).toEqual([]); // not yet committed
      });
      await until(() => chats(pOwner).length > 0);
      await pause(100);
      expect(chats(pOwner)).toEqual([{ type: 'chat', conversationId: 999_999, seq: 8 }]);
      pOwner.ws.close();
    });
  });

  describe('resync and closing', () => {
    it('tells every socket to resync when the listener drops', async () => {
      const p = await open(dealer);
      if (engine === 'postgres') {
        // The real thing: the listening connections of this test's database are cut (they reconnect).
        await t.database.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'portal-listen' and datname = current_database()`,
        );
      } else {
        t.services.live.state(false);
        t.services.live.state(true);
      }
      await until(() => p.events.filter((e) => e.type === 'resync').length >= 2, 5_000);
      p.ws.close();
    });

    it('keeps the socket of a session whose access token expired (the next call renews it; only an ended session closes)', async () => {
      const s = await t.login('dealer-a@test.local');
      const p = await open(s);
      // Past the token's lifetime (a few minutes at most, well inside the idle timeout), then the sweep.
      await t.database.db.execute(
        sql`update sessions set token_expires_at = now() - interval '1 minute' where user_id = (select id from users where email = 'dealer-a@test.local')`,
      );
      await t.services.live.checkSessions();
      await new Promise((r) => setTimeout(r, 300));
      expect(p.closed).toBeNull();
      p.ws.close();
    });

    it('closes the socket when its session ends (logout, frozen end user)', async () => {
      const s = await t.login('dealer-a@test.local');
      const p = await open(s);
      ok(await t.call(authCalls.logout, {}, s));
      await until(() => p.closed !== null);
      expect(p.closed).toBe(LIVE_CLOSE_CODES.sessionEnded);

      const pe = await open(endUserB, true);
      await t.database.db.execute(sql`update end_users set status = 'frozen' where email = 'enduser-b@test.local'`);
      await t.services.live.checkSessions(); // the sweep (every 30 s)
      await until(() => pe.closed !== null);
      expect(pe.closed).toBe(LIVE_CLOSE_CODES.sessionEnded);
    });

    it('checks only the sockets a session, user or company change concerns', async () => {
      const hub = new LiveHub();
      const fake = () => ({ bufferedAmount: 0, readyState: 1, send: () => {}, close: () => {} });
      const a: LiveClient = { socket: fake(), who: { kind: 'user', sessionId: 1, userId: 10, companyId: 100, codes: new Set() } };
      const b: LiveClient = { socket: fake(), who: { kind: 'user', sessionId: 2, userId: 20, companyId: 200, codes: new Set() } };
      const e: LiveClient = { socket: fake(), who: { kind: 'end_user', sessionId: 1, endUserId: 10 } };
      const asked: LiveClient[][] = [];
      hub.checkSessionsWith(async (cs) => (asked.push([...cs]), []));
      for (const c of [a, b, e]) hub.add(c);
      await hub.checkSessions('sessions:1');
      await hub.checkSessions('users:20');
      await hub.checkSessions('companies:100');
      await hub.checkSessions('sessions:99');
      await hub.checkSessions();
      expect(asked).toEqual([[a], [b], [a], [a, b, e]]);
    });

    it('closes a socket 1 MB behind', () => {
      const hub = new LiveHub();
      const closed: number[] = [];
      const sent: string[] = [];
      const slow: LiveClient = {
        socket: { bufferedAmount: LIVE_BUFFER_MAX_BYTES + 1, readyState: 1, send: (d) => sent.push(d), close: (c) => closed.push(c ?? 0) },
        who: { kind: 'end_user', sessionId: 1, endUserId: 1 },
      };
      hub.add(slow);
      expect(closed).toEqual([LIVE_CLOSE_CODES.tooSlow]);
      expect(sent).toEqual([]);
      expect(hub.size).toBe(0);
    });
  });
});
