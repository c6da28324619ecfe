/**
 * The feedback chat (issue 13 §8-§9): conversations from portal users and app end users to their
 * brand's desk, every state move (and the refused ones), seq under concurrent sends, client-id
 * retries, the sender's own uploads by content and size, internal notes, unread and read receipts,
 * the desk's queues, round-robin under a cap with concurrent creations, reassignment, canned
 * replies, CSAT, statistics and export, tenancy, codes, and every 2705x code in both locales.
 */
import {
  appFeedbackCalls,
  appApiCalls,
  CHAT_TEXT_MAX,
  deskCalls,
  errorMessage,
  ErrorCodes,
  feedbackCalls,
  validationMessage,
} from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackCannedReplies, feedbackDeskStaff, files, users } from '../../../src/db/schema';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import { APP_A, createCompany, createUser, insertDeviceA, PASSWORD } from '../../support/fixtures';
import { makePng } from '../../lib/helpers/images';

const DAY = 86_400_000;
const ok = <T extends { basic: { code: number; msg: string } }>(r: T) => {
  expect(r.basic.code, r.basic.msg).toBe(200);
  return r;
};

describe.each(ENGINES)('feedback chat (%s)', (engine) => {
  let t: TestApp;
  let owner: Session; // partner A owner: the desk of partner A (every dealer code)
  let dealer: Session; // a distributor user of partner A (no desk codes): a requester
  let installer: Session; // an installer user under dealer A: a requester
  let supplier: Session;
  let ownerB: Session;
  let noCodes: Session;
  let endUser: Session;
  let n = 0;
  const cid = () => `c-${++n}`;
  const call = <C extends Parameters<TestApp['call']>[0]>(c: C, d: Parameters<TestApp['call']>[1], s: Session | null, locale?: string) =>
    t.call(c, d as never, s, locale ? { locale } : undefined);

  async function open(s: Session, topic = 'Camera offline', text = 'My camera is offline since today.') {
    return ok(await call(feedbackCalls.create, { topic, text, clientId: cid() }, s)).data!;
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    const installerUser = await createUser(t.database, {
      companyId: t.world.companies.installerA.id,
      email: 'inst-chat@test.local',
      userType: 'installer',
      codes: [],
    });
    expect(installerUser.id).toBeGreaterThan(0);
    owner = await t.login('owner-a@test.local');
    dealer = await t.login('dealer-a@test.local');
    installer = await t.login('inst-chat@test.local');
    supplier = await t.login('supplier@test.local');
    ownerB = await t.login('owner-b@test.local');
    noCodes = await t.login('nocodes-a@test.local');
    const appA = { token: APP_A.appId, signKey: APP_A.secret, renewToken: '' };
    const r = ok(await t.call(appApiCalls.login, { account: 'enduser-a@test.local', password: PASSWORD }, appA));
    endUser = { ...r.data!, renewToken: '' };
  });
  afterAll(() => t?.close());

  describe('desks', () => {
    it('sends a distributor and an installer to the nearest partner above, a partner to the supplier', async () => {
      const a = await open(dealer);
      expect(a.conversation.deskCompanyName).toBe('Partner A');
      expect(a.conversation.state).toBe('open');
      expect(a.message.seq).toBe(1);
      const b = await open(installer);
      expect(b.conversation.deskCompanyName).toBe('Partner A');
      const c = await open(owner, 'Licence question');
      expect(c.conversation.deskCompanyName).toBe('Supplier Co');
      // The supplier's desk sees the partner's conversation; partner A's desk does not.
      ok(await call(deskCalls.get, { conversationId: c.conversation.id }, supplier));
      expect((await call(deskCalls.get, { conversationId: c.conversation.id }, owner)).basic.code).toBe(ErrorCodes.notFound);
    });

    it('refuses the supplier, who has no desk above it (27050), in both locales', async () => {
      for (const locale of ['en-US', 'zh-CN'] as const) {
        const r = await call(feedbackCalls.create, { topic: 'x', text: 'y', clientId: cid() }, supplier, locale);
        expect(r.basic.code).toBe(ErrorCodes.feedbackNoDesk);
        expect(r.basic.msg).toBe(errorMessage(ErrorCodes.feedbackNoDesk, locale));
      }
    });

    it("an app end user writes to its brand's desk; the desk sees the device it named", async () => {
      const device = await insertDeviceA(t.database, t.world);
      await t.database.db.execute(sql`update devices set end_user_id = ${t.world.app.endUserA.id} where id = ${device.id}`);
      const r = ok(
        await call(
          appFeedbackCalls.create,
          { topic: 'App question', text: 'Hi from the app', clientId: cid(), deviceId: device.id },
          endUser,
        ),
      ).data!;
      expect(r.conversation.deskCompanyName).toBe('Partner A');
      const seen = ok(await call(deskCalls.get, { conversationId: r.conversation.id }, owner)).data!;
      expect(seen.device).toEqual({ id: device.id, sn: 'WORLDA000001', model: 'IPC-200' });
      expect(seen.requesterKind).toBe('end_user');
      expect(seen.requesterOrigin).toBe('App A');
      // Its own list; another brand's device is missing (1004).
      const mine = ok(await call(appFeedbackCalls.list, {}, endUser)).data!;
      expect(mine.records.map((c) => c.id)).toContain(r.conversation.id);
      const other = await call(
        appFeedbackCalls.create,
        { topic: 'x', text: 'y', clientId: cid(), deviceId: t.world.tenant.otherDeviceId },
        endUser,
      );
      expect(other.basic.code).toBe(ErrorCodes.notFound);
      // A portal user cannot name a device outside their subtree.
      const fromDealer = await call(feedbackCalls.create, { topic: 'x', text: 'y', clientId: cid(), deviceId: device.id }, dealer);
      expect(fromDealer.basic.code).toBe(ErrorCodes.notFound);
    });
  });

  describe('bad input', () => {
    it('refuses blank and 1,001-character text and 4 files (1001), in both locales', async () => {
      const { conversation } = await open(dealer);
      for (const locale of ['en-US', 'zh-CN'] as const) {
        const blank = await call(feedbackCalls.send, { conversationId: conversation.id, text: '   ', clientId: cid() }, dealer, locale);
        expect(blank.basic.code).toBe(ErrorCodes.invalidParams);
        expect(blank.basic.msg).toContain(validationMessage('validation.chatMessageRequired', locale));
        const long = await call(
          feedbackCalls.send,
          { conversationId: conversation.id, text: 'x'.repeat(CHAT_TEXT_MAX + 1), clientId: cid() },
          dealer,
          locale,
        );
        expect(long.basic.code).toBe(ErrorCodes.invalidParams);
        expect(long.basic.msg).toContain(validationMessage('validation.chatMessageTooLong', locale));
        const four = await call(
          feedbackCalls.send,
          { conversationId: conversation.id, text: 'x', files: [1, 2, 3, 4], clientId: cid() },
          dealer,
          locale,
        );
        expect(four.basic.code).toBe(ErrorCodes.invalidParams);
        expect(four.basic.msg).toContain(validationMessage('validation.chatTooManyFiles', locale));
        const topic = await call(feedbackCalls.create, { topic: ' ', text: 'x', clientId: cid() }, dealer, locale);
        expect(topic.basic.msg).toContain(validationMessage('validation.chatTopicRequired', locale));
      }
      // Exactly 1,000 characters pass.
      ok(await call(feedbackCalls.send, { conversationId: conversation.id, text: 'y'.repeat(CHAT_TEXT_MAX), clientId: cid() }, dealer));
    });

    it("takes the sender's own uploads by content; another's file is missing, a large image or a foreign type refused", async () => {
      const { conversation } = await open(dealer);
      const png = await t.upload(dealer, 'chatFile', 'screen.png', makePng(40, 30));
      const log = await t.upload(dealer, 'chatFile', 'device.log', Buffer.from('boot ok\nerror 42\n'));
      const m = ok(
        await call(
          feedbackCalls.send,
          { conversationId: conversation.id, text: '', files: [png.fileId, log.fileId], clientId: cid() },
          dealer,
        ),
      ).data!;
      expect(m.files.map((f) => [f.name, f.image])).toEqual([
        ['screen.png', true],
        ['device.log', false],
      ]);
      expect(m.files[0]!.url).toContain('/file/get?');
      // Any signed-in user may upload a chat file (a user without codes too), but no other purpose.
      await expect(t.upload(noCodes, 'chatFile', 'mine.png', makePng(8, 8))).resolves.toMatchObject({ name: 'mine.png' });
      await expect(t.upload(noCodes, 'logo', 'logo.png', makePng(8, 8))).rejects.toThrow(/1005/);
      await expect(t.upload(dealer, 'chatFile', 'sheet.xlsx', Buffer.from('PK'))).rejects.toThrow(/1011/);
      // Content unlike its extension: refused by the upload (1009).
      await expect(t.upload(dealer, 'chatFile', 'fake.png', Buffer.from('not a png'))).rejects.toThrow(/1009/);
      // Another user's upload: missing (1004).
      const ownersFile = await t.upload(owner, 'chatFile', 'owner.png', makePng(10, 10));
      const foreign = await call(
        feedbackCalls.send,
        { conversationId: conversation.id, text: 'x', files: [ownersFile.fileId], clientId: cid() },
        dealer,
      );
      expect(foreign.basic.code).toBe(ErrorCodes.notFound);
      // An image over 5 MB (the upload takes up to 10 MB): 1010 in both locales.
      const big = await t.upload(dealer, 'chatFile', 'big.png', Buffer.concat([makePng(10, 10), Buffer.alloc(6 * 1024 * 1024)]));
      for (const locale of ['en-US', 'zh-CN'] as const) {
        const r = await call(
          feedbackCalls.send,
          { conversationId: conversation.id, text: 'x', files: [big.fileId], clientId: cid() },
          dealer,
          locale,
        );
        expect(r.basic.code).toBe(ErrorCodes.fileTooLarge);
        expect(r.basic.msg).toBe(errorMessage(ErrorCodes.fileTooLarge, locale, { max: '5 MB' }));
      }
      // A file of the sender's that is no chat type (an xlsx): 27056 in both locales.
      const [xlsx] = await t.database.db
        .insert(files)
        .values({
          companyId: t.world.companies.dealerA.id,
          path: `import/${Date.now()}.xlsx`,
          name: 'sheet.xlsx',
          mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          size: 10,
          sha256: 'x',
          createdBy: (await t.database.db.select().from(users).where(eq(users.email, 'dealer-a@test.local')))[0]!.id,
        })
        .returning();
      for (const locale of ['en-US', 'zh-CN'] as const) {
        const r = await call(
          feedbackCalls.send,
          { conversationId: conversation.id, text: 'x', files: [xlsx!.id], clientId: cid() },
          dealer,
          locale,
        );
        expect(r.basic.code).toBe(ErrorCodes.feedbackFileNotChat);
        expect(r.basic.msg).toBe(errorMessage(ErrorCodes.feedbackFileNotChat, locale));
      }
      // Nothing of the refused sends was stored: the seqs run on without gaps.
      const h = ok(await call(feedbackCalls.history, { conversationId: conversation.id }, dealer)).data!;
      expect(h.messages.map((x) => x.seq)).toEqual([1, 2]);
    });
  });

  describe('states, seq and read receipts', () => {
    it('moves open -> pending -> open -> resolved -> open within 7 days, and refuses a reopen after 7 days (27051)', async () => {
      const { conversation } = await open(dealer);
      const id = conversation.id;
      const reply = ok(await call(deskCalls.reply, { conversationId: id, text: 'Please restart it.', clientId: cid() }, owner)).data!;
      expect(reply.side).toBe('desk');
      expect(ok(await call(feedbackCalls.get, { conversationId: id }, dealer)).data!.state).toBe('pending');
      ok(await call(feedbackCalls.send, { conversationId: id, text: 'Still offline.', clientId: cid() }, dealer));
      expect(ok(await call(deskCalls.get, { conversationId: id }, owner)).data!.state).toBe('open');
      ok(await call(deskCalls.state, { conversationId: id, action: 'resolve' }, owner));
      ok(await call(feedbackCalls.send, { conversationId: id, text: 'It broke again.', clientId: cid() }, dealer));
      expect(ok(await call(feedbackCalls.get, { conversationId: id }, dealer)).data!.state).toBe('open');
      const resolved = ok(await call(deskCalls.state, { conversationId: id, action: 'resolve' }, owner)).data!;
      expect(resolved.state).toBe('resolved');
      // Resolved 8 days ago (the sessions stay fresh: the clock does not move).
      await t.database.db.execute(sql`update feedback_conversations set resolved_at = resolved_at - interval '8 days' where id = ${id}`);
      {
        for (const locale of ['en-US', 'zh-CN'] as const) {
          const r = await call(feedbackCalls.send, { conversationId: id, text: 'Again?', clientId: cid() }, dealer, locale);
          expect(r.basic.code).toBe(ErrorCodes.feedbackReopenExpired);
          expect(r.basic.msg).toBe(errorMessage(ErrorCodes.feedbackReopenExpired, locale, { days: 7 }));
        }
        expect(ok(await call(feedbackCalls.get, { conversationId: id }, dealer)).data!.actions).not.toContain('send');
        // The desk may reopen it.
        expect(ok(await call(deskCalls.state, { conversationId: id, action: 'reopen' }, owner)).data!.state).toBe('open');
      }
    });

    it('refuses illegal moves (1017) and a desk reply to a resolved conversation', async () => {
      const { conversation } = await open(dealer);
      const id = conversation.id;
      const illegal = async (action: 'pend' | 'resolve' | 'reopen') =>
        (await call(deskCalls.state, { conversationId: id, action }, owner)).basic.code;
      expect(await illegal('reopen')).toBe(ErrorCodes.illegalTransition);
      ok(await call(deskCalls.state, { conversationId: id, action: 'pend' }, owner));
      expect(await illegal('pend')).toBe(ErrorCodes.illegalTransition);
      ok(await call(deskCalls.state, { conversationId: id, action: 'resolve' }, owner));
      expect(await illegal('resolve')).toBe(ErrorCodes.illegalTransition);
      const r = await call(deskCalls.reply, { conversationId: id, text: 'late', clientId: cid() }, owner);
      expect(r.basic.code).toBe(ErrorCodes.illegalTransition);
      // A note is fine in any state.
      ok(await call(deskCalls.reply, { conversationId: id, text: 'closed, fine', clientId: cid(), internal: true }, owner));
    });

    it('keeps internal notes from the requester; unread and read receipts follow the seqs', async () => {
      const { conversation } = await open(dealer);
      const id = conversation.id;
      ok(await call(deskCalls.reply, { conversationId: id, text: 'Customer is VIP', clientId: cid(), internal: true }, owner));
      expect(ok(await call(feedbackCalls.get, { conversationId: id }, dealer)).data!.unread).toBe(0);
      ok(await call(deskCalls.reply, { conversationId: id, text: 'Which model?', clientId: cid() }, owner));
      ok(await call(deskCalls.reply, { conversationId: id, text: 'And firmware?', clientId: cid() }, owner));
      const mine = ok(await call(feedbackCalls.get, { conversationId: id }, dealer)).data!;
      expect(mine.unread).toBe(2);
      expect(mine.lastSeq).toBe(4);
      const before = ok(await call(feedbackCalls.unread, {}, dealer)).data!;
      expect(before.mine).toBeGreaterThanOrEqual(2);
      const h = ok(await call(feedbackCalls.history, { conversationId: id }, dealer)).data!;
      expect(h.messages.map((m) => m.text)).toEqual(['My camera is offline since today.', 'Which model?', 'And firmware?']);
      expect(h.messages.some((m) => m.internal)).toBe(false);
      const deskH = ok(await call(deskCalls.history, { conversationId: id }, owner)).data!;
      expect(deskH.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
      expect(deskH.messages[2]!.read).toBe(false);
      // History after a seq (polling, reconnects).
      const after = ok(await call(feedbackCalls.history, { conversationId: id, afterSeq: 3 }, dealer)).data!;
      expect(after.messages.map((m) => m.seq)).toEqual([4]);
      expect(ok(await call(feedbackCalls.read, { conversationId: id, seq: 4 }, dealer)).data!.unread).toBe(0);
      const receipts = ok(await call(deskCalls.history, { conversationId: id }, owner)).data!;
      expect(receipts.messages.filter((m) => !m.internal && m.side === 'desk').every((m) => m.read)).toBe(true);
      expect(receipts.otherReadSeq).toBe(4);
      // The desk's unread: last_seq - desk_read_seq.
      ok(await call(feedbackCalls.send, { conversationId: id, text: 'IPC-200, V1.0.0', clientId: cid() }, dealer));
      expect(ok(await call(deskCalls.get, { conversationId: id }, owner)).data!.unread).toBe(1);
      expect(ok(await call(deskCalls.read, { conversationId: id, seq: 99 }, owner)).data!.unread).toBe(0);
    });

    it('answers a retried client id with the original message, also from two tabs at once', async () => {
      const { conversation } = await open(dealer);
      const id = conversation.id;
      const first = ok(await call(feedbackCalls.send, { conversationId: id, text: 'once', clientId: 'tab-1' }, dealer)).data!;
      const again = ok(await call(feedbackCalls.send, { conversationId: id, text: 'once', clientId: 'tab-1' }, dealer)).data!;
      expect(again).toEqual(first);
      const both = await Promise.all(
        [0, 1].map(() => call(feedbackCalls.send, { conversationId: id, text: 'twice', clientId: 'tab-2' }, dealer)),
      );
      expect(both.map((r) => r.basic.code)).toEqual([200, 200]);
      expect(both[0]!.data!.seq).toBe(both[1]!.data!.seq);
      const h = ok(await call(feedbackCalls.history, { conversationId: id }, dealer)).data!;
      expect(h.messages.map((m) => m.text)).toEqual(['My camera is offline since today.', 'once', 'twice']);
      // A retried create answers the conversation it opened.
      const c1 = ok(await call(feedbackCalls.create, { topic: 't', text: 'x', clientId: 'create-1' }, dealer)).data!;
      const c2 = ok(await call(feedbackCalls.create, { topic: 't', text: 'x', clientId: 'create-1' }, dealer)).data!;
      expect(c2.conversation.id).toBe(c1.conversation.id);
    });

    it('gives 20 concurrent senders seqs without gaps', async () => {
      const { conversation } = await open(dealer);
      const id = conversation.id;
      const sends = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2
            ? call(feedbackCalls.send, { conversationId: id, text: `r${i}`, clientId: `conc-${i}` }, dealer)
            : call(deskCalls.reply, { conversationId: id, text: `d${i}`, clientId: `conc-${i}` }, owner),
        ),
      );
      expect(sends.map((r) => r.basic.code)).toEqual(Array(20).fill(200));
      const seqs = sends.map((r) => r.data!.seq).sort((a, b) => a - b);
      expect(seqs).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
      const h = ok(await call(deskCalls.history, { conversationId: id, limit: 200 }, owner)).data!;
      expect(h.messages.map((m) => m.seq)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
      expect(h.lastSeq).toBe(21);
    });
  });

  describe('CSAT', () => {
    it('rates a resolved conversation once (1017 before, 27052 twice), in both locales', async () => {
      const { conversation } = await open(dealer);
      const id = conversation.id;
      expect((await call(feedbackCalls.rate, { conversationId: id, score: 5 }, dealer)).basic.code).toBe(ErrorCodes.illegalTransition);
      ok(await call(deskCalls.state, { conversationId: id, action: 'resolve' }, owner));
      const rated = ok(await call(feedbackCalls.rate, { conversationId: id, score: 4, comment: 'Quick help' }, dealer)).data!;
      expect(rated.csat).toMatchObject({ score: 4, comment: 'Quick help' });
      for (const locale of ['en-US', 'zh-CN'] as const) {
        const r = await call(feedbackCalls.rate, { conversationId: id, score: 5 }, dealer, locale);
        expect(r.basic.code).toBe(ErrorCodes.feedbackAlreadyRated);
        expect(r.basic.msg).toBe(errorMessage(ErrorCodes.feedbackAlreadyRated, locale));
        const bad = await call(feedbackCalls.rate, { conversationId: id, score: 6 }, dealer, locale);
        expect(bad.basic.msg).toContain(validationMessage('validation.csatScoreInvalid', locale));
      }
      // The desk cannot rate (its own calls have no rate), and the rating shows to the desk.
      expect(ok(await call(deskCalls.get, { conversationId: id }, owner)).data!.csat?.score).toBe(4);
    });
  });

  describe('tenancy and codes', () => {
    it("answers another tenant's conversation as missing, to requesters and desks", async () => {
      const { conversation } = await open(dealer);
      for (const [c, s] of [
        [deskCalls.get, ownerB],
        [deskCalls.history, ownerB],
        [feedbackCalls.get, installer],
        [feedbackCalls.get, owner],
        [appFeedbackCalls.get, endUser],
      ] as const) {
        expect((await call(c, { conversationId: conversation.id }, s)).basic.code).toBe(ErrorCodes.notFound);
      }
      const r = await call(deskCalls.reply, { conversationId: conversation.id, text: 'x', clientId: cid() }, ownerB);
      expect(r.basic.code).toBe(ErrorCodes.notFound);
    });

    it("never lets the supplier read a brand's conversation (1004), from a portal user or an app end user", async () => {
      const fromDealer = (await open(dealer, 'Brand only')).conversation;
      const fromApp = ok(await call(appFeedbackCalls.create, { topic: 'Brand only (app)', text: 'Hi', clientId: cid() }, endUser)).data!
        .conversation;
      for (const id of [fromDealer.id, fromApp.id]) {
        for (const c of [deskCalls.get, deskCalls.history] as const) {
          const r = await call(c, { conversationId: id }, supplier);
          expect(r.basic.code, `${c.path} ${id}`).toBe(ErrorCodes.notFound);
          expect(r.data ?? null).toBeNull();
        }
        expect((await call(deskCalls.read, { conversationId: id, seq: 1 }, supplier)).basic.code).toBe(ErrorCodes.notFound);
        expect((await call(deskCalls.reply, { conversationId: id, text: 'x', clientId: cid() }, supplier)).basic.code).toBe(
          ErrorCodes.notFound,
        );
        expect((await call(deskCalls.state, { conversationId: id, action: 'resolve' }, supplier)).basic.code).toBe(ErrorCodes.notFound);
      }
      // Nor in its desk's queues.
      const listed = ok(await call(deskCalls.list, { pageNum: 1, pageSize: 100 }, supplier)).data!.records.map((c) => c.id);
      expect(listed).not.toContain(fromDealer.id);
      expect(listed).not.toContain(fromApp.id);
      // The brand's desk does see them.
      ok(await call(deskCalls.get, { conversationId: fromDealer.id }, owner));
      ok(await call(deskCalls.get, { conversationId: fromApp.id }, owner));
    });

    it('refuses the desk without its codes (1005) and signed out (7003)', async () => {
      expect((await call(deskCalls.list, {}, noCodes)).basic.code).toBe(ErrorCodes.forbidden);
      expect((await call(deskCalls.reply, { conversationId: 1, text: 'x', clientId: 'x' }, dealer)).basic.code).toBe(ErrorCodes.forbidden);
      expect((await call(feedbackCalls.list, {}, null)).basic.code).toBe(ErrorCodes.tokenInvalid);
      expect((await call(appFeedbackCalls.list, {}, null)).basic.code).toBe(ErrorCodes.tokenInvalid);
    });
  });

  describe('the desk', () => {
    it('queues mine, unassigned and by state, longest waiting first', async () => {
      const a = (await open(dealer, 'Queue A')).conversation;
      t.clock.advance(60_000);
      const b = (await open(dealer, 'Queue B')).conversation;
      t.clock.advance(60_000);
      const all = ok(await call(deskCalls.list, { queue: 'all', state: 'open', pageSize: 100 }, owner)).data!;
      const ids = all.records.map((c) => c.id);
      expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
      expect(all.records.every((c) => c.state === 'open')).toBe(true);
      const mine = ok(await call(deskCalls.list, { queue: 'mine', pageSize: 100 }, owner)).data!;
      expect(mine.records.every((c) => c.assigneeName === 'owner-a')).toBe(true);
      ok(await call(deskCalls.assign, { conversationId: b.id, assigneeId: null }, owner));
      const unassigned = ok(await call(deskCalls.list, { queue: 'unassigned', pageSize: 100 }, owner)).data!;
      expect(unassigned.records.map((c) => c.id)).toContain(b.id);
      expect(unassigned.records.every((c) => c.assigneeId === null)).toBe(true);
    });

    it('assigns round-robin under each member’s cap with concurrent creations, and reassigns', async () => {
      // A fresh partner with three desk members (cap 2 each) and a distributor whose users write.
      const partner = await createCompany(t.database, {
        parentId: t.world.companies.supplier.id,
        type: 'partner',
        level: 1,
        name: 'RR Partner',
      });
      const dist = await createCompany(t.database, { parentId: partner.id, type: 'distributor', level: 2, name: 'RR Dealer' });
      const members: { id: number }[] = [];
      for (const i of [1, 2, 3]) {
        const u = await createUser(t.database, {
          companyId: partner.id,
          email: `rr${i}@test.local`,
          userType: 'partner',
          userAuthType: 2,
          codes: ['dealer_feedback_qry', 'dealer_feedback_mgr'],
        });
        members.push(u);
      }
      await createUser(t.database, { companyId: dist.id, email: 'rr-req@test.local', userType: 'distributor', codes: [] });
      const req = await t.login('rr-req@test.local');
      const admin = await t.login('rr1@test.local');
      for (const m of members) ok(await call(deskCalls.staffSave, { userId: m.id, available: true, cap: 2 }, admin));
      const created = await Promise.all(
        Array.from({ length: 8 }, (_, i) => call(feedbackCalls.create, { topic: `RR ${i}`, text: 'help', clientId: `rr-${i}` }, req)),
      );
      expect(created.map((r) => r.basic.code)).toEqual(Array(8).fill(200));
      const assigned = created.map((r) => r.data!.conversation.assigneeId);
      const counts = members.map((m) => assigned.filter((a) => a === m.id).length);
      expect(counts).toEqual([2, 2, 2]);
      expect(assigned.filter((a) => a === null)).toHaveLength(2);
      const staff = ok(await call(deskCalls.staffList, {}, admin)).data!;
      expect(staff.map((s) => s.active)).toEqual([2, 2, 2]);
      // Over the cap (27054) and not a member (27053), in both locales.
      const unassigned = created.find((r) => r.data!.conversation.assigneeId === null)!.data!.conversation.id;
      for (const locale of ['en-US', 'zh-CN'] as const) {
        const full = await call(deskCalls.assign, { conversationId: unassigned, assigneeId: members[0]!.id }, admin, locale);
        expect(full.basic.code).toBe(ErrorCodes.feedbackAssigneeOverCap);
        expect(full.basic.msg).toBe(errorMessage(ErrorCodes.feedbackAssigneeOverCap, locale, { name: 'rr1', cap: 2 }));
        const dealerUser = (await t.database.db.select().from(users).where(eq(users.email, 'rr-req@test.local')))[0]!;
        const stranger = await call(deskCalls.assign, { conversationId: unassigned, assigneeId: dealerUser.id }, admin, locale);
        expect(stranger.basic.code).toBe(ErrorCodes.feedbackAssigneeNotStaff);
        expect(stranger.basic.msg).toBe(errorMessage(ErrorCodes.feedbackAssigneeNotStaff, locale));
      }
      // Resolving frees a place; reassigning moves the count.
      const ofFirst = created.find((r) => r.data!.conversation.assigneeId === members[0]!.id)!.data!.conversation.id;
      ok(await call(deskCalls.state, { conversationId: ofFirst, action: 'resolve' }, admin));
      const moved = ok(await call(deskCalls.assign, { conversationId: unassigned, assigneeId: 'next' }, admin)).data!;
      expect(moved.assigneeId).toBe(members[0]!.id);
      const ofSecond = created.find((r) => r.data!.conversation.assigneeId === members[1]!.id)!.data!.conversation.id;
      ok(await call(deskCalls.staffSave, { userId: members[2]!.id, available: true, cap: 3 }, admin));
      ok(await call(deskCalls.assign, { conversationId: ofSecond, assigneeId: members[2]!.id }, admin));
      const rows = await t.database.db.select().from(feedbackDeskStaff).where(eq(feedbackDeskStaff.companyId, partner.id));
      const active = Object.fromEntries(rows.map((r) => [r.userId, r.active]));
      expect([active[members[0]!.id], active[members[1]!.id], active[members[2]!.id]]).toEqual([2, 1, 3]);
    });

    it('keeps canned replies per desk and language', async () => {
      const en = ok(
        await call(deskCalls.cannedSave, { language: 'en-US', title: 'Restart', text: 'Please restart the device.' }, owner),
      ).data!;
      ok(await call(deskCalls.cannedSave, { language: 'zh-CN', title: '重启', text: '请重启设备。' }, owner));
      const list = ok(await call(deskCalls.cannedList, { language: 'en-US' }, owner)).data!;
      expect(list.map((c) => c.title)).toEqual(['Restart']);
      const edited = ok(
        await call(deskCalls.cannedSave, { cannedReplyId: en.id, language: 'en-US', title: 'Restart', text: 'Restart it, please.' }, owner),
      ).data!;
      expect(edited.text).toBe('Restart it, please.');
      expect(ok(await call(deskCalls.cannedList, {}, ownerB)).data!.map((c) => c.title)).toEqual(['B hello']);
      expect((await call(deskCalls.cannedDelete, { cannedReplyId: en.id }, ownerB)).basic.code).toBe(ErrorCodes.notFound);
      ok(await call(deskCalls.cannedDelete, { cannedReplyId: en.id }, owner));
      // At most 200 per desk (27057), in both locales.
      await t.database.db.insert(feedbackCannedReplies).values(
        Array.from({ length: 199 }, (_, i) => ({
          companyId: t.world.companies.partnerA.id,
          language: 'en-US',
          title: `r${i}`,
          text: 'x',
        })),
      );
      for (const locale of ['en-US', 'zh-CN'] as const) {
        const r = await call(deskCalls.cannedSave, { language: 'en-US', title: 'one more', text: 'x' }, owner, locale);
        expect(r.basic.code).toBe(ErrorCodes.feedbackTooManyCannedReplies);
        expect(r.basic.msg).toBe(errorMessage(ErrorCodes.feedbackTooManyCannedReplies, locale, { max: 200 }));
      }
    });

    it('answers response times and CSAT per person over at most 31 days, and exports at most 90', async () => {
      const from = t.clock.now() - DAY;
      const to = t.clock.now() + DAY;
      const { conversation } = await open(dealer, 'Stats');
      t.clock.advance(120_000);
      ok(await call(deskCalls.reply, { conversationId: conversation.id, text: 'On it', clientId: cid() }, owner));
      ok(await call(deskCalls.state, { conversationId: conversation.id, action: 'resolve' }, owner));
      ok(await call(feedbackCalls.rate, { conversationId: conversation.id, score: 5 }, dealer));
      const stats = ok(await call(deskCalls.stats, { from, to }, owner)).data!;
      const me = stats.people.find((p) => p.name === 'owner-a')!;
      expect(me.replies).toBeGreaterThan(0);
      expect(me.csatCount).toBeGreaterThan(0);
      expect(me.csatAverage).not.toBeNull();
      expect(me.avgFirstResponseSeconds).not.toBeNull();
      for (const locale of ['en-US', 'zh-CN'] as const) {
        const r = await call(deskCalls.stats, { from, to: from + 32 * DAY }, owner, locale);
        expect(r.basic.code).toBe(ErrorCodes.feedbackRangeTooLong);
        expect(r.basic.msg).toBe(errorMessage(ErrorCodes.feedbackRangeTooLong, locale, { days: 31 }));
        const e = await call(deskCalls.export, { from, to: from + 91 * DAY }, owner, locale);
        expect(e.basic.msg).toBe(errorMessage(ErrorCodes.feedbackRangeTooLong, locale, { days: 90 }));
      }
      const exp = ok(await call(deskCalls.export, { from, to: from + 90 * DAY }, owner)).data!;
      const res = await t.app.inject({ method: 'GET', url: exp.url });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    });
  });
});
