/**
 * Chat sends are rate limited (issue 13, 1008): at most RATE_LIMITS.chatSend.perAccount.max messages
 * a minute into one conversation (the requester's send; the desk's reply counts on its own path),
 * answered 1008 with the seconds to wait; another conversation is not held up.
 */
import { appApiCalls, appFeedbackCalls, ErrorCodes, errorMessage, RATE_LIMITS } from '@portal/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app';
import { APP_A, PASSWORD } from '../../support/fixtures';
import { appCreds, type Creds } from '../app-api/helpers';

describe('chat send rate limit', () => {
  let t: TestApp;
  let ann: Creds;
  const cid = () => randomUUID();
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { RATE_LIMITS: '1' } });
    ann = (await t.call(appApiCalls.login, { account: 'enduser-a@test.local', password: PASSWORD }, appCreds(APP_A))).data as Creds;
  });
  afterAll(() => t?.close());

  it('refuses the send over the limit of one conversation with 1008, not another conversation', async () => {
    const open = async (topic: string) => {
      const r = await t.call(appFeedbackCalls.create, { topic, text: 'Hello', clientId: cid() }, ann);
      expect(r.basic.code, r.basic.msg).toBe(200);
      return r.data!.conversation.id;
    };
    const first = await open('Limit one');
    const max = RATE_LIMITS.chatSend.perAccount.max;
    for (let i = 0; i < max; i++) {
      const r = await t.call(appFeedbackCalls.send, { conversationId: first, text: `m${i}`, clientId: cid() }, ann);
      expect(r.basic.code, r.basic.msg).toBe(200);
    }
    const over = await t.call(appFeedbackCalls.send, { conversationId: first, text: 'one too many', clientId: cid() }, ann, {
      locale: 'zh-CN',
    });
    expect(over.basic.code).toBe(ErrorCodes.tooFrequent);
    const seconds = Number(over.basic.msg.match(/\d+/)?.[0]);
    expect(seconds).toBeGreaterThan(0);
    expect(over.basic.msg).toBe(errorMessage(ErrorCodes.tooFrequent, 'zh-CN', { seconds }));
    const second = await open('Limit two');
    expect((await t.call(appFeedbackCalls.send, { conversationId: second, text: 'fine', clientId: cid() }, ann)).basic.code).toBe(200);
  }, 60_000);
});
