/**
 * The feedback chat's reminder mails (issue 13 §10) on the test clock: a desk reply unread by a
 * portal requester for 10 minutes, a conversation waiting 15 minutes for the desk (its assignee,
 * else the desk's admins); each once, in the recipient's language, none for a read reply.
 */
import { feedbackCalls, deskCalls } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails, users } from '../../../src/db/schema';
import { runFeedbackRemindersOnce } from '../../../src/modules/feedback-chat';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';

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

  beforeAll(async () => {
    t = await createTestApp(engine);
    await t.database.db.update(users).set({ locale: 'zh-CN' }).where(eq(users.email, 'dealer-a@test.local'));
    await signIn();
  });
  afterAll(() => t?.close());

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
});
