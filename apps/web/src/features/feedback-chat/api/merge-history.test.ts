import type { ChatHistory, ChatMessageItem } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { mergeHistory } from './feedback-api';

const msg = (seq: number, side: 'requester' | 'desk', read = false): ChatMessageItem => ({
  id: seq,
  conversationId: 1,
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
