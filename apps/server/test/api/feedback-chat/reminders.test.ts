/**
 * The feedback chat's reminders (issue 13 §10) on the test clock: a desk reply unread by a portal
 * requester for 10 minutes (a mail), by an app end user (a push to their tokens through the message
 * centre's push queue and the brand app's provider, the local outbox here), a conversation waiting
 * 15 minutes for the desk (its assignee, else the desk's admins); each once per batch of replies,
 * in the recipient's language, none for a read reply.
 */
import { appApiCalls as appApi, appFeedbackCalls, appMessageCalls, deskCalls, feedbackCalls } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails, pushQueue, users } from '../../../src/db/schema';
import { runFeedbackRemindersOnce } from '../../../src/modules/feedback-chat';
import { pushRunSettings } from '../../../src/modules/message-center';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import { APP_A } from '../../support/fixtures';
import { appCreds, registerEndUser, type Creds } from '../app-api/helpers';

const MIN = 60_000;

describe.each(ENGINES)('feedback chat reminders (%s)', (engine) => {
  let t: TestApp;
  let owner: Session;
  let dealer: Session;
  const ok = <T extends { basic: { code: number; msg: string } }>(r: T) => {
    expect(r.basic.code, r.basic.msg).toBe(200);
    return r;
  };
  const mailsTo = async (email: string) => (await t.database.db.select().from(mails).where(eq(mails.to, email))).map((m) => m.subject);
  const remind = () => runFeedbackRemindersOnce(t.database, t.services, t.clock.now());

  /** Sessions expire while the clock runs on: sign in again after each stretch. */
  const signIn = async () => {
    owner = await t.login('owner-a@test.local');
    dealer = await t.login('dealer-a@test.local');
  };

  const inline = pushRunSettings.inline;
  beforeAll(async () => {
    // No job queue here: the pushes run in the process before the reminder run returns.
    pushRunSettings.inline = 'await';
    t = await createTestApp(engine);
    await t.database.db.update(users).set({ locale: 'zh-CN' }).where(eq(users.email, 'dealer-a@test.local'));
    await signIn();
  });
  afterAll(async () => {
    pushRunSettings.inline = inline;
    await t?.close();
  });

  it('mails an unread desk reply after 10 minutes once, and a read one never', async () => {
    const { conversation } = ok(
      await t.call(feedbackCalls.create, { topic: 'Offline', text: 'help', clientId: 'r-1' }, dealer, { locale: 'zh-CN' }),
    ).data!;
    ok(await t.call(deskCalls.reply, { conversationId: conversation.id, text: 'Please restart it.', clientId: 'd-1' }, owner));
    t.clock.advance(9 * MIN);
    expect((await remind()).replies).toBe(0);
    t.clock.advance(2 * MIN);
    expect((await remind()).replies).toBe(1);
    const sent = await mailsTo('dealer-a@test.local');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('回复了您的会话');
    expect((await remind()).replies).toBe(0);
    // A second reply, read in time: no mail.
    await signIn();
    ok(await t.call(deskCalls.reply, { conversationId: conversation.id, text: 'Any news?', clientId: 'd-2' }, owner));
    const last = ok(await t.call(feedbackCalls.get, { conversationId: conversation.id }, dealer)).data!.lastSeq;
    ok(await t.call(feedbackCalls.read, { conversationId: conversation.id, seq: last }, dealer));
    t.clock.advance(11 * MIN);
    expect((await remind()).replies).toBe(0);
    expect(await mailsTo('dealer-a@test.local')).toHaveLength(1);
  });

  it('mails a conversation waiting 15 minutes to its assignee, else to the desk admins, once', async () => {
    await signIn();
    const { conversation } = ok(await t.call(feedbackCalls.create, { topic: 'Waiting', text: 'anyone?', clientId: 'r-2' }, dealer)).data!;
    expect(conversation.assigneeName).toBe('owner-a');
    t.clock.advance(14 * MIN);
    expect((await remind()).waiting).toBe(0);
    t.clock.advance(2 * MIN);
    expect((await remind()).waiting).toBeGreaterThanOrEqual(1);
    const toOwner = (await mailsTo('owner-a@test.local')).filter((s) => s.includes('Waiting'));
    expect(toOwner).toHaveLength(1);
    expect((await remind()).waiting).toBe(0);
    // Unassigned: the desk's admins (owner A is the only one).
    await signIn();
    const second = ok(await t.call(feedbackCalls.create, { topic: 'Nobody', text: 'hello?', clientId: 'r-3' }, dealer)).data!;
    ok(await t.call(deskCalls.assign, { conversationId: second.conversation.id, assigneeId: null }, owner));
    t.clock.advance(16 * MIN);
    await remind();
    expect((await mailsTo('owner-a@test.local')).filter((s) => s.includes('Nobody'))).toHaveLength(1);
    // Answered in time: no mail.
    await signIn();
    const third = ok(await t.call(feedbackCalls.create, { topic: 'Answered', text: 'hi', clientId: 'r-4' }, dealer)).data!;
    ok(await t.call(deskCalls.reply, { conversationId: third.conversation.id, text: 'Hi!', clientId: 'd-3' }, owner));
    t.clock.advance(16 * MIN);
    await remind();
    expect((await mailsTo('owner-a@test.local')).filter((s) => s.includes('Answered'))).toHaveLength(0);
  });

  it("pushes an end user's unread desk replies after 10 minutes once per batch (no mail), a read one never", async () => {
    const app = appCreds(APP_A);
    const email = 'wei@test.local';
    const password = 'Appuser#123';
    let wei: Creds = await registerEndUser(t, app, email, password, 'zh-CN');
    /** The app's session expires while the clock runs on: sign in again after each stretch. */
    const again = async () => {
      await signIn();
      const r = await t.call(appApi.login, { account: email, password }, app);
      expect(r.basic.code, r.basic.msg).toBe(200);
      wei = r.data as Creds;
    };
    const pushed = async () => ok(await t.call(appMessageCalls.pushOutbox, { afterId: 0 }, wei)).data.items;
    ok(await t.call(appMessageCalls.pushTokenRegister, { platform: 'android', token: 'tok-wei-1' }, wei));
    ok(await t.call(appMessageCalls.pushTokenRegister, { platform: 'ios', token: 'tok-wei-2' }, wei));
    const { conversation } = ok(
      await t.call(appFeedbackCalls.create, { topic: 'Camera offline', text: 'help', clientId: 'e-1' }, wei),
    ).data!;
    // Two replies in one batch: one push per token.
    await signIn();
    ok(await t.call(deskCalls.reply, { conversationId: conversation.id, text: 'Please restart it.', clientId: 'ed-1' }, owner));
    ok(await t.call(deskCalls.reply, { conversationId: conversation.id, text: '<b>Then</b> check the cable.', clientId: 'ed-2' }, owner));
    t.clock.advance(9 * MIN);
    expect((await remind()).pushes).toBe(0);
    await again();
    expect(await pushed()).toHaveLength(0);
    t.clock.advance(2 * MIN);
    const first = await remind();
    expect(first.pushes).toBe(2);
    await again();
    const items = await pushed();
    expect(items).toHaveLength(2);
    for (const i of items) {
      expect(i.kind).toBe('notify');
      expect(i.messageId).toBeNull();
      expect(i.title).toBe(`Partner A 回复了您的会话：Camera offline`);
      expect(i.body).toBe('Then check the cable.');
    }
    // Sent: nothing stays queued; a second run pushes nothing again; the end user got no mail.
    expect(await t.database.db.select().from(pushQueue).where(eq(pushQueue.conversationId, conversation.id))).toHaveLength(0);
    expect((await remind()).pushes).toBe(0);
    t.clock.advance(11 * MIN);
    expect((await remind()).pushes).toBe(0);
    await again();
    expect(await pushed()).toHaveLength(2);
    expect(await mailsTo(email)).not.toContainEqual(expect.stringContaining('Camera offline'));
    // A later reply read in time: no push.
    ok(await t.call(deskCalls.reply, { conversationId: conversation.id, text: 'Fixed?', clientId: 'ed-3' }, owner));
    const last = ok(await t.call(appFeedbackCalls.get, { conversationId: conversation.id }, wei)).data!.lastSeq;
    ok(await t.call(appFeedbackCalls.read, { conversationId: conversation.id, seq: last }, wei));
    t.clock.advance(11 * MIN);
    expect((await remind()).pushes).toBe(0);
    await again();
    expect(await pushed()).toHaveLength(2);
    // A later reply left unread: pushed again, once (a new batch).
    ok(await t.call(deskCalls.reply, { conversationId: conversation.id, text: 'Closing soon.', clientId: 'ed-4' }, owner));
    t.clock.advance(11 * MIN);
    expect((await remind()).pushes).toBe(2);
    await again();
    const after = await pushed();
    expect(after).toHaveLength(4);
    expect(after.slice(2).map((i) => i.body)).toEqual(['Closing soon.', 'Closing soon.']);
  });
});
