import type { ChatHistory, ChatMessageItem, LiveEvent } from '@portal/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { live } from '../../../lib/live';
import { mockApi, partnerOwner, signIn } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/render';
import { mergeHistory, useHistory } from './feedback-api';

const msg = (seq: number, side: 'requester' | 'desk', read = false): ChatMessageItem => ({
  id: seq,
  conversationId: 7,
  seq,
  side,
  internal: false,
  senderName: side,
  text: `m${seq}`,
  files: [],
  clientId: `c${seq}`,
  createdAt: '2026-11-26T00:00:00.000Z',
  read,
});
const hist = (messages: ChatMessageItem[], otherReadSeq = 0): ChatHistory => ({
  messages,
  lastSeq: Math.max(0, ...messages.map((m) => m.seq)),
  otherReadSeq,
  more: false,
});

/** What the live socket would push (the client's own parsing, as a message from the socket). */
const push = (e: LiveEvent) => (live as unknown as { receive(data: string): void }).receive(JSON.stringify(e));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the thread on live events', () => {
  function setup() {
    signIn(partnerOwner());
    const thread: ChatHistory = {
      messages: [msg(1, 'requester'), msg(2, 'requester'), msg(3, 'desk')],
      lastSeq: 3,
      otherReadSeq: 0,
      more: false,
    };
    const api = mockApi((path, data) => {
      if (path === 'feedback/history') {
        const after = (data as { afterSeq: number }).afterSeq;
        const next = after >= 3 ? [msg(4, 'desk')] : thread.messages;
        return { data: { ...thread, messages: next, lastSeq: 4 } };
      }
      return undefined;
    });
    const client = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const hook = renderHook(() => useHistory('requester', 7), { wrapper });
    const historyCalls = () => api.calls.filter((c) => c.path === 'feedback/history').length;
    return { hook, historyCalls };
  }

  it("marks the caller's messages read on the other side's read mark, without fetching the thread", async () => {
    const { hook, historyCalls } = setup();
    await waitFor(() => expect(hook.result.current.data?.messages).toHaveLength(3));
    expect(historyCalls()).toBe(1);

    push({ type: 'chat', conversationId: 7, seq: 3, read: { side: 'desk', seq: 2 } });
    await waitFor(() => expect(hook.result.current.data?.messages.map((m) => m.read)).toEqual([true, true, false]));
    // The caller's own read mark (another tab of theirs) changes nothing in the thread either.
    push({ type: 'chat', conversationId: 7, seq: 3, read: { side: 'requester', seq: 3 } });
    // Another conversation's message is not this thread's.
    push({ type: 'chat', conversationId: 8, seq: 9 });
    await new Promise((r) => setTimeout(r, 50));
    expect(historyCalls()).toBe(1);
    expect(hook.result.current.data?.otherReadSeq).toBe(2);
  });

  it('fetches what follows the last message on a message event', async () => {
    const { hook, historyCalls } = setup();
    await waitFor(() => expect(hook.result.current.data?.messages).toHaveLength(3));
    push({ type: 'chat', conversationId: 7, seq: 4 });
    await waitFor(() => expect(hook.result.current.data?.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4]));
    expect(historyCalls()).toBe(2);
  });
});

describe('mergeHistory (a thread applies what follows its last seq)', () => {
  it('appends by seq, keeps a message once, and marks the caller’s messages the other side has read', () => {
    const held = hist([msg(1, 'requester'), msg(2, 'requester')]);
    const next = hist([msg(2, 'requester'), msg(4, 'desk'), msg(3, 'requester')], 3);
    const merged = mergeHistory(held, next, 'requester');
    expect(merged.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(merged.messages.map((m) => m.read)).toEqual([true, true, true, false]);
    expect(merged.lastSeq).toBe(4);
    expect(merged.otherReadSeq).toBe(3);
  });

  it('never moves the read mark back (an older answer arriving late)', () => {
    const merged = mergeHistory(hist([msg(1, 'desk', true)], 5), hist([], 2), 'desk');
    expect(merged.otherReadSeq).toBe(5);
    expect(merged.messages).toHaveLength(1);
  });
});
