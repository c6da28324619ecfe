/**
 * Calls of the feedback chat (contract feedbackCalls, deskCalls): one query-key factory, a hook per
 * call; mutations invalidate what they change. The live socket (lib/live) tells which conversation
 * changed: the unread count, lists and the conversation are refetched, an open thread appends the
 * messages after its last seq (and after a resync). While the socket is down they poll instead.
 */
import {
  CHAT_UNREAD_POLL_MS,
  deskCalls,
  feedbackCalls,
  LIVE_TYPING_SHOW_MS,
  type CallData,
  type ChatHistory,
  type DeskAction,
  type LiveEvent,
} from '@portal/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call } from '../../../lib/api/client';
import { useLiveConnected, useLiveEvent } from '../../../lib/live';

export type OwnListQuery = CallData<typeof feedbackCalls.list>;
export type DeskListQuery = CallData<typeof deskCalls.list>;
export type ChatSide = 'requester' | 'desk';
const otherSide = (side: ChatSide): ChatSide => (side === 'desk' ? 'requester' : 'desk');

export const feedbackKeys = {
  all: ['feedbackChat'] as const,
  unread: () => [...feedbackKeys.all, 'unread'] as const,
  lists: (side: ChatSide) => [...feedbackKeys.all, side, 'list'] as const,
  ownList: (q: OwnListQuery) => [...feedbackKeys.lists('requester'), q] as const,
  deskList: (q: DeskListQuery) => [...feedbackKeys.lists('desk'), q] as const,
  conversation: (side: ChatSide, id: number) => [...feedbackKeys.all, side, 'conversation', id] as const,
  history: (side: ChatSide, id: number) => [...feedbackKeys.all, side, 'history', id] as const,
  staff: () => [...feedbackKeys.all, 'staff'] as const,
  deskAbilities: () => [...feedbackKeys.all, 'desk-abilities'] as const,
  canned: (language?: string) => [...feedbackKeys.all, 'canned', language ?? 'all'] as const,
  stats: (from: number, to: number) => [...feedbackKeys.all, 'stats', from, to] as const,
};

const POLL_MS = 5_000;

/** A chat event or a resync: something this component shows may have changed. */
const touches = (e: LiveEvent, conversationId?: number | null) =>
  e.type === 'resync' || (e.type === 'chat' && (conversationId === undefined || e.conversationId === conversationId));

/** The side whose read mark a chat event only moved (nothing else changed), or null. */
const readMarkOf = (e: LiveEvent) => (e.type === 'chat' && e.read ? e.read : null);

/** The header's count (and, as the header is always shown, the lists): refetched on live events, polled while the socket is down. */
export function useChatUnread() {
  const qc = useQueryClient();
  const connected = useLiveConnected();
  useLiveEvent((e) => {
    if (!touches(e)) return;
    void qc.invalidateQueries({ queryKey: feedbackKeys.unread() });
    void qc.invalidateQueries({ queryKey: feedbackKeys.lists('requester') });
    void qc.invalidateQueries({ queryKey: feedbackKeys.lists('desk') });
  });
  return useQuery({
    queryKey: feedbackKeys.unread(),
    queryFn: ({ signal }) => call(feedbackCalls.unread, {}, { signal }),
    refetchInterval: connected ? false : CHAT_UNREAD_POLL_MS,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: true,
  });
}

export function useOwnConversations(q: OwnListQuery) {
  const connected = useLiveConnected();
  return useQuery({
    queryKey: feedbackKeys.ownList(q),
    queryFn: ({ signal }) => call(feedbackCalls.list, q, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: connected ? false : POLL_MS * 2,
  });
}

export function useDeskConversations(q: DeskListQuery) {
  const connected = useLiveConnected();
  return useQuery({
    queryKey: feedbackKeys.deskList(q),
    queryFn: ({ signal }) => call(deskCalls.list, q, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: connected ? false : POLL_MS * 2,
  });
}

export function useConversation(side: ChatSide, id: number | null) {
  const qc = useQueryClient();
  const connected = useLiveConnected();
  useLiveEvent((e) => {
    // The other side's read mark changes nothing the conversation's summary shows to this side.
    if (id !== null && touches(e, id) && readMarkOf(e)?.side !== otherSide(side))
      void qc.invalidateQueries({ queryKey: feedbackKeys.conversation(side, id) });
  });
  return useQuery({
    queryKey: feedbackKeys.conversation(side, id ?? 0),
    queryFn: ({ signal }) => call(side === 'desk' ? deskCalls.get : feedbackCalls.get, { conversationId: id! }, { signal }),
    enabled: id !== null,
    refetchInterval: connected ? false : POLL_MS,
  });
}

const HISTORY_LIMIT = 200;
const historyCall = (side: ChatSide) => (side === 'desk' ? deskCalls.history : feedbackCalls.history);

/**
 * Merges the messages after the last seq held into the held thread, by seq (a message already held
 * is kept once), with the other side's read mark.
 */
export function mergeHistory(held: ChatHistory, next: ChatHistory, side: ChatSide): ChatHistory {
  const bySeq = new Map(held.messages.map((m) => [m.seq, m]));
  for (const m of next.messages) bySeq.set(m.seq, m);
  const otherReadSeq = Math.max(held.otherReadSeq, next.otherReadSeq);
  const messages = [...bySeq.values()]
    .sort((a, b) => a.seq - b.seq)
    .map((m) => (m.side === side && !m.read && m.seq <= otherReadSeq ? { ...m, read: true } : m));
  return { messages, lastSeq: Math.max(held.lastSeq, next.lastSeq), otherReadSeq, more: next.more };
}

/** Fetches what follows the held thread's last message and merges it (the whole thread when none is held). */
async function appendAfter(qc: QueryClient, side: ChatSide, id: number) {
  const key = feedbackKeys.history(side, id);
  const held = qc.getQueryData<ChatHistory>(key);
  if (!held) return qc.invalidateQueries({ queryKey: key });
  const afterSeq = held.messages.at(-1)?.seq ?? 0;
  const next = await call(historyCall(side), { conversationId: id, afterSeq, limit: HISTORY_LIMIT }, { silent: true });
  const now = qc.getQueryData<ChatHistory>(key);
  if (!now) return;
  qc.setQueryData(key, mergeHistory(now, next, side));
  if (next.more && next.messages.length > 0) await appendAfter(qc, side, id);
}

/**
 * The thread: its messages up to the history call's limit; then, on each live event of this
 * conversation (or a resync), the messages after its last seq. Polled while the socket is down.
 */
export function useHistory(side: ChatSide, id: number | null) {
  const qc = useQueryClient();
  const connected = useLiveConnected();
  useLiveEvent((e) => {
    if (id === null || !touches(e, id)) return;
    const read = readMarkOf(e);
    if (read) {
      // A read mark brings no message: the other side's marks this side's messages read where held.
      const key = feedbackKeys.history(side, id);
      const held = qc.getQueryData<ChatHistory>(key);
      if (read.side !== side && held) qc.setQueryData(key, mergeHistory(held, { ...held, messages: [], otherReadSeq: read.seq }, side));
      return;
    }
    void appendAfter(qc, side, id).catch(() => qc.invalidateQueries({ queryKey: feedbackKeys.history(side, id) }));
  });
  return useQuery({
    queryKey: feedbackKeys.history(side, id ?? 0),
    queryFn: ({ signal }) => call(historyCall(side), { conversationId: id!, afterSeq: 0, limit: HISTORY_LIMIT }, { signal }),
    enabled: id !== null,
    refetchInterval: connected ? false : POLL_MS,
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: feedbackKeys.all });
}

export function useCreateConversation() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (d: CallData<typeof feedbackCalls.create>) => call(feedbackCalls.create, d), onSuccess: invalidate });
}

export interface SendData {
  conversationId: number;
  text: string;
  files: number[];
  clientId: string;
  internal?: boolean;
}

export function useSend(side: ChatSide) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ internal, ...d }: SendData) =>
      side === 'desk' ? call(deskCalls.reply, { ...d, internal: !!internal }) : call(feedbackCalls.send, d),
    onSuccess: invalidate,
  });
}

export function useMarkRead(side: ChatSide) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: { conversationId: number; seq: number }) => call(side === 'desk' ? deskCalls.read : feedbackCalls.read, d),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: feedbackKeys.unread() });
      void qc.invalidateQueries({ queryKey: feedbackKeys.lists(side) });
    },
  });
}

export function useRate() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (d: CallData<typeof feedbackCalls.rate>) => call(feedbackCalls.rate, d), onSuccess: invalidate });
}

export function useDeskState() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (d: CallData<typeof deskCalls.state>) => call(deskCalls.state, d), onSuccess: invalidate });
}

export function useAssign() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (d: CallData<typeof deskCalls.assign>) => call(deskCalls.assign, d), onSuccess: invalidate });
}

export function useStaff(enabled = true) {
  return useQuery({ queryKey: feedbackKeys.staff(), queryFn: ({ signal }) => call(deskCalls.staffList, {}, { signal }), enabled });
}

export function useSaveStaff() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (d: CallData<typeof deskCalls.staffSave>) => call(deskCalls.staffSave, d), onSuccess: invalidate });
}

/** The desk's own actions for the caller (server policy): the page offers exactly these. */
export function useDeskAbilities() {
  const q = useQuery({
    queryKey: feedbackKeys.deskAbilities(),
    queryFn: ({ signal }) => call(deskCalls.abilities, {}, { signal }),
    staleTime: 5 * 60_000,
  });
  return { ...q, can: (a: DeskAction) => !!q.data?.actions.includes(a) };
}

/** The desk's canned replies; `enabled` false for a requester, who may not list them (1005). */
export function useCannedReplies(language?: string, enabled = true) {
  return useQuery({
    queryKey: feedbackKeys.canned(language),
    queryFn: ({ signal }) => call(deskCalls.cannedList, language ? { language: language as never } : {}, { signal }),
    enabled,
  });
}

export function useSaveCanned() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (d: CallData<typeof deskCalls.cannedSave>) => call(deskCalls.cannedSave, d), onSuccess: invalidate });
}

export function useDeleteCanned() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (cannedReplyId: number) => call(deskCalls.cannedDelete, { cannedReplyId }), onSuccess: invalidate });
}

export function useDeskStats(from: number, to: number) {
  return useQuery({ queryKey: feedbackKeys.stats(from, to), queryFn: ({ signal }) => call(deskCalls.stats, { from, to }, { signal }) });
}

export function useDeskExport() {
  return useMutation({ mutationFn: (d: { from: number; to: number }) => call(deskCalls.export, d) });
}

/** How often the caller's typing is told at most (the other side shows it LIVE_TYPING_SHOW_MS). */
const TYPING_EVERY_MS = 3_000;

/** Whether the other side of an open conversation is typing now (from the live channel's typing events). */
export function useOtherTyping(side: ChatSide, conversationId: number): boolean {
  const [typing, setTyping] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const stop = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setTyping(false);
  }, []);
  useLiveEvent((e) => {
    if (e.type === 'typing' && e.conversationId === conversationId && e.side !== side) {
      if (timer.current) clearTimeout(timer.current);
      setTyping(true);
      timer.current = setTimeout(stop, LIVE_TYPING_SHOW_MS);
    }
    // A message from them ends their typing (a read mark does not).
    if (e.type === 'chat' && e.conversationId === conversationId && !e.read) stop();
  });
  useEffect(() => stop, [conversationId, stop]);
  return typing;
}

/** Tells the other side, at most every TYPING_EVERY_MS, that the caller is typing. */
export function useTypingNotice(side: ChatSide, conversationId: number): () => void {
  const last = useRef(0);
  return useCallback(() => {
    const now = Date.now();
    if (now - last.current < TYPING_EVERY_MS) return;
    last.current = now;
    const c = side === 'desk' ? deskCalls.typing : feedbackCalls.typing;
    void call(c, { conversationId }).catch(() => undefined);
  }, [side, conversationId]);
}
