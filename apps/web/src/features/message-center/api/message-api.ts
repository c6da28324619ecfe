/**
 * Calls of the message centre (contract messageCalls): one query-key factory, a hook per call;
 * mutations invalidate what they change. The unread count and the inbox follow the live socket's
 * inbox events (lib/live); while it is down they poll.
 */
import {
  companyCalls,
  messageCalls,
  MESSAGE_UNREAD_POLL_MS,
  pushSettingsCalls,
  type CallData,
  type MessageCenterAction,
} from '@portal/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { useLiveConnected, useLiveEvent } from '../../../lib/live';

export type MessageListQuery = CallData<typeof messageCalls.list>;
export type InboxListQuery = CallData<typeof messageCalls.inboxList>;
export type MessageSaveData = CallData<typeof messageCalls.save>;
export type PreviewData = CallData<typeof messageCalls.preview>;
export type PushSettingsListQuery = CallData<typeof pushSettingsCalls.list>;
export type PushSettingsSaveData = CallData<typeof pushSettingsCalls.save>;
export type PushTestData = CallData<typeof pushSettingsCalls.testSend>;

export const messageKeys = {
  all: ['messageCenter'] as const,
  abilities: () => [...messageKeys.all, 'abilities'] as const,
  messages: () => [...messageKeys.all, 'messages'] as const,
  messageList: (q: MessageListQuery) => [...messageKeys.messages(), 'list', q] as const,
  message: (id: number) => [...messageKeys.messages(), 'detail', id] as const,
  stats: (id: number) => [...messageKeys.messages(), 'stats', id] as const,
  inbox: () => [...messageKeys.all, 'inbox'] as const,
  inboxList: (q: InboxListQuery) => [...messageKeys.inbox(), 'list', q] as const,
  inboxItem: (id: number) => [...messageKeys.inbox(), 'detail', id] as const,
  unread: () => [...messageKeys.inbox(), 'unread'] as const,
  companies: (searchText: string) => [...messageKeys.all, 'companies', searchText] as const,
  push: () => [...messageKeys.all, 'push'] as const,
  pushList: (q: PushSettingsListQuery) => [...messageKeys.push(), 'list', q] as const,
};

export function useMessageAbilities() {
  const q = useQuery({
    queryKey: messageKeys.abilities(),
    queryFn: ({ signal }) => call(messageCalls.abilities, {}, { signal }),
    staleTime: 5 * 60_000,
  });
  return { ...q, can: (a: MessageCenterAction) => !!q.data?.actions.includes(a) };
}

export function useMessageList(q: MessageListQuery) {
  return useQuery({
    queryKey: messageKeys.messageList(q),
    queryFn: ({ signal }) => call(messageCalls.list, q, { signal }),
    placeholderData: keepPreviousData,
    // A fan-out in progress: its receipts count moves.
    refetchInterval: (query) => (query.state.data?.records.some((m) => m.state === 'released' && !m.fanoutDone) ? 3_000 : false),
  });
}

export function useMessage(id: number | null) {
  return useQuery({
    queryKey: messageKeys.message(id ?? 0),
    queryFn: ({ signal }) => call(messageCalls.get, { messageId: id! }, { signal }),
    enabled: id !== null,
  });
}

export function useMessageStats(id: number | null) {
  return useQuery({
    queryKey: messageKeys.stats(id ?? 0),
    queryFn: ({ signal }) => call(messageCalls.stats, { messageId: id! }, { signal }),
    enabled: id !== null,
    refetchInterval: 5_000,
  });
}

/** Companies of the caller's subtree, for a "by company" audience. */
export function useCompanyOptions(searchText: string, enabled: boolean) {
  return useQuery({
    queryKey: messageKeys.companies(searchText),
    queryFn: ({ signal }) => call(companyCalls.list, { pageNum: 1, pageSize: 50, ...(searchText ? { searchText } : {}) }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function usePreview() {
  return useMutation({ mutationFn: (d: PreviewData) => call(messageCalls.preview, d) });
}

function useInvalidateMessages() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: messageKeys.all });
}

export function useSaveMessage() {
  const invalidate = useInvalidateMessages();
  return useMutation({ mutationFn: (d: MessageSaveData) => call(messageCalls.save, d), onSuccess: invalidate });
}

export type MessageMove = 'release' | 'withdraw' | 'revise' | 'delete';

export function useMessageMove() {
  const invalidate = useInvalidateMessages();
  return useMutation({
    mutationFn: ({ move, messageId }: { move: MessageMove; messageId: number }) => call(messageCalls[move], { messageId }),
    onSuccess: invalidate,
  });
}

export function useScheduleMessage() {
  const invalidate = useInvalidateMessages();
  return useMutation({
    mutationFn: (d: CallData<typeof messageCalls.schedule>) => call(messageCalls.schedule, d),
    onSuccess: invalidate,
  });
}

export function useExportStats() {
  return useMutation({ mutationFn: (messageId: number) => call(messageCalls.statsExport, { messageId }) });
}

// ---- the inbox ----

export function useUnreadCount(enabled = true) {
  const qc = useQueryClient();
  const connected = useLiveConnected();
  useLiveEvent((e) => {
    if (e.type !== 'inbox' && e.type !== 'resync') return;
    void qc.invalidateQueries({ queryKey: messageKeys.unread() });
    void qc.invalidateQueries({ queryKey: messageKeys.inbox() });
  });
  return useQuery({
    queryKey: messageKeys.unread(),
    queryFn: ({ signal }) => call(messageCalls.inboxUnread, {}, { signal }),
    refetchInterval: connected ? false : MESSAGE_UNREAD_POLL_MS,
    // A tab in the background keeps its badge right too (one small call per interval), and a tab
    // coming back to the front asks at once.
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: true,
    enabled,
  });
}

export function useInboxList(q: InboxListQuery) {
  const connected = useLiveConnected();
  return useQuery({
    queryKey: messageKeys.inboxList(q),
    queryFn: ({ signal }) => call(messageCalls.inboxList, q, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: connected ? false : MESSAGE_UNREAD_POLL_MS,
  });
}

export function useInboxItem(id: number | null) {
  return useQuery({
    queryKey: messageKeys.inboxItem(id ?? 0),
    queryFn: ({ signal }) => call(messageCalls.inboxGet, { messageId: id! }, { signal }),
    enabled: id !== null,
  });
}

function useInvalidateInbox() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: messageKeys.inbox() });
}

export function useInboxRead() {
  const invalidate = useInvalidateInbox();
  return useMutation({ mutationFn: (messageIds: number[]) => call(messageCalls.inboxRead, { messageIds }), onSuccess: invalidate });
}

export function useInboxReadAll() {
  const invalidate = useInvalidateInbox();
  return useMutation({
    mutationFn: (type?: CallData<typeof messageCalls.inboxReadAll>['type']) => call(messageCalls.inboxReadAll, type ? { type } : {}),
    onSuccess: invalidate,
  });
}

export function useInboxHide() {
  const invalidate = useInvalidateInbox();
  return useMutation({ mutationFn: (messageIds: number[]) => call(messageCalls.inboxHide, { messageIds }), onSuccess: invalidate });
}

// ---- push settings (per brand app) ----

export function usePushSettingsList(q: PushSettingsListQuery) {
  return useQuery({
    queryKey: messageKeys.pushList(q),
    queryFn: ({ signal }) => call(pushSettingsCalls.list, q, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Saves a brand app's provider and credentials; a refusal (e.g. 27009) is shown by the drawer itself. */
export function useSavePushSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: PushSettingsSaveData) => call(pushSettingsCalls.save, d, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: messageKeys.push() }),
  });
}

export function usePushTestSend() {
  return useMutation({ mutationFn: (d: PushTestData) => call(pushSettingsCalls.testSend, d, { silent: true }) });
}
