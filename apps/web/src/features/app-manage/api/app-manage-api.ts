/**
 * Calls of Applications (contract appKeyCalls): application keys and the brand's end users. One
 * query-key factory, a hook per call; mutations invalidate what they change.
 */
import { appKeyCalls, companyCalls, type CallData } from '@portal/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

export type AppKeyListQuery = CallData<typeof appKeyCalls.list>;
export type EndUserListQuery = CallData<typeof appKeyCalls.endUserList>;

export const appManageKeys = {
  all: ['appManage'] as const,
  abilities: () => [...appManageKeys.all, 'abilities'] as const,
  keys: () => [...appManageKeys.all, 'keys'] as const,
  keyList: (q: AppKeyListQuery) => [...appManageKeys.keys(), 'list', q] as const,
  endUsers: () => [...appManageKeys.all, 'endUsers'] as const,
  endUserList: (q: EndUserListQuery) => [...appManageKeys.endUsers(), 'list', q] as const,
  brands: (searchText: string) => [...appManageKeys.all, 'brands', searchText] as const,
};

/** The caller's own actions in Applications (create a key); `can` is false until known. */
export function useAppManageAbilities() {
  const q = useQuery({
    queryKey: appManageKeys.abilities(),
    queryFn: ({ signal }) => call(appKeyCalls.abilities, {}, { signal }),
    staleTime: 5 * 60_000,
  });
  return { ...q, can: (action: 'createKey') => !!q.data?.actions.includes(action) };
}

export function useAppKeyList(q: AppKeyListQuery) {
  return useQuery({
    queryKey: appManageKeys.keyList(q),
    queryFn: ({ signal }) => call(appKeyCalls.list, q, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useEndUserList(q: EndUserListQuery) {
  return useQuery({
    queryKey: appManageKeys.endUserList(q),
    queryFn: ({ signal }) => call(appKeyCalls.endUserList, q, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateAppKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: CallData<typeof appKeyCalls.create>) => call(appKeyCalls.create, d),
    onSuccess: () => qc.invalidateQueries({ queryKey: appManageKeys.keys() }),
  });
}

export function useRotateAppKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(appKeyCalls.rotate, { id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: appManageKeys.keys() }),
  });
}

export function useMoveAppKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'disable' | 'enable' }) => call(appKeyCalls[action], { id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: appManageKeys.keys() }),
  });
}

export function useMoveEndUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'freeze' | 'unfreeze' }) =>
      call(action === 'freeze' ? appKeyCalls.endUserFreeze : appKeyCalls.endUserUnfreeze, { id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: appManageKeys.endUsers() }),
  });
}

/** The partners a supplier may create a key for (a brand each), by name. */
export function usePartnerBrands(enabled: boolean, searchText: string) {
  return useQuery({
    queryKey: appManageKeys.brands(searchText),
    queryFn: ({ signal }) =>
      call(companyCalls.list, { type: 'partner', pageNum: 1, pageSize: 50, searchText: searchText || undefined }, { signal }),
    enabled,
    staleTime: 60_000,
  });
}
