/**
 * Calls of the feedback chat (contract feedbackCalls, deskCalls): one query-key factory, a hook per
 * call; mutations invalidate what they change. Conversations and the unread count are polled (the
 * live socket comes later); a thread asks for the messages after its last seq.
 */
import { CHAT_UNREAD_POLL_MS, deskCalls, feedbackCalls, type CallData } from '@portal/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

export type OwnListQuery = CallData<typeof feedbackCalls.list>;
export type DeskListQuery = CallData<typeof deskCalls.list>;
export type ChatSide = 'requester' | 'desk';

export const feedbackKeys = {
  all: ['feedbackChat'] as const,
  unread: () => [...feedbackKeys.all, 'unread'] as const,
  lists: (side: ChatSide) => [...feedbackKeys.all, side, 'list'] as const,
  ownList: (q: OwnListQuery) => [...feedbackKeys.lists('requester'), q] as const,
  deskList: (q: DeskListQuery) => [...feedbackKeys.lists('desk'), q] as const,
  conversation: (side: ChatSide, id: number) => [...feedbackKeys.all, side, 'conversation', id] as const,
  history: (side: ChatSide, id: number) => [...feedbackKeys.all, side, 'history', id] as const,
  staff: () => [...feedbackKeys.all, 'staff'] as const,
  canned: (language?: string) => [...feedbackKeys.all, 'canned', language ?? 'all'] as const,
  stats: (from: number, to: number) => [...feedbackKeys.all, 'stats', from, to] as const,
};

const POLL_MS = 5_000;

export function useChatUnread() {
  return useQuery({
    queryKey: feedbackKeys.unread(),
    queryFn: ({ signal }) => call(feedbackCalls.unread, {}, { signal }),
    refetchInterval: CHAT_UNREAD_POLL_MS,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: true,
  });
}

export function useOwnConversations(q: OwnListQuery) {
  return useQuery({
    queryKey: feedbackKeys.ownList(q),
    queryFn: ({ signal }) => call(feedbackCalls.list, q, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: POLL_MS * 2,
  });
}

export function useDeskConversations(q: DeskListQuery) {
  return useQuery({
    queryKey: feedbackKeys.deskList(q),
    queryFn: ({ signal }) => call(deskCalls.list, q, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: POLL_MS * 2,
  });
}

export function useConversation(side: ChatSide, id: number | null) {
  return useQuery({
    queryKey: feedbackKeys.conversation(side, id ?? 0),
    queryFn: ({ signal }) => call(side === 'desk' ? deskCalls.get : feedbackCalls.get, { conversationId: id! }, { signal }),
    enabled: id !== null,
    refetchInterval: POLL_MS,
  });
}

/** The thread: every message up to the history call's limit, polled. */
export function useHistory(side: ChatSide, id: number | null) {
  return useQuery({
    queryKey: feedbackKeys.history(side, id ?? 0),
    queryFn: ({ signal }) =>
      call(side === 'desk' ? deskCalls.history : feedbackCalls.history, { conversationId: id!, afterSeq: 0, limit: 200 }, { signal }),
    enabled: id !== null,
    refetchInterval: POLL_MS,
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

export function useCannedReplies(language?: string) {
  return useQuery({
    queryKey: feedbackKeys.canned(language),
    queryFn: ({ signal }) => call(deskCalls.cannedList, language ? { language: language as never } : {}, { signal }),
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
