import {
  authCalls,
  companyCalls,
  userCalls,
  type AccountManageAction,
  type CallData,
  type OwnAccountAction,
  type UserListQuery,
} from '@portal/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

/** The parts of a registration or password-reset link (`/customer/user-register/...?t=`). */
export type RegistrationLink = CallData<typeof userCalls.registerCheck>;

export const usersKeys = {
  all: ['users'] as const,
  abilities: () => [...usersKeys.all, 'abilities'] as const,
  lists: () => [...usersKeys.all, 'list'] as const,
  list: (q: UserListQuery) => [...usersKeys.lists(), q] as const,
  details: () => [...usersKeys.all, 'detail'] as const,
  detail: (id: number) => [...usersKeys.details(), id] as const,
  grantable: (companyId: number | undefined) => [...usersKeys.all, 'grantable', companyId ?? 'own'] as const,
  companies: (search: string) => [...usersKeys.all, 'companies', search] as const,
  info: () => [...usersKeys.all, 'info'] as const,
  unregisterCheck: () => [...usersKeys.all, 'unregisterCheck'] as const,
  imageCode: () => [...usersKeys.all, 'imageCode'] as const,
  registration: (link: RegistrationLink | null) => [...usersKeys.all, 'registration', link] as const,
};

/**
 * What the caller may do here beside acting on a listed user (invite), as the server's policy
 * answers it; `can` is false until it is known.
 */
export function useAccountManageAbilities() {
  const q = useQuery({
    queryKey: usersKeys.abilities(),
    queryFn: ({ signal }) => call(userCalls.abilities, {}, { signal }),
    staleTime: 5 * 60_000,
  });
  return { ...q, can: (action: AccountManageAction) => !!q.data?.actions.includes(action) };
}

export function useUserList(query: UserListQuery) {
  return useQuery({
    queryKey: usersKeys.list(query),
    queryFn: ({ signal }) => call(userCalls.list, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUserDetail(userId: number | null) {
  return useQuery({
    queryKey: usersKeys.detail(userId ?? 0),
    queryFn: ({ signal }) => call(userCalls.get, { userId: userId! }, { signal }),
    enabled: userId !== null,
  });
}

export function useGrantable(companyId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: usersKeys.grantable(companyId),
    queryFn: ({ signal }) => call(userCalls.grantable, companyId === undefined ? {} : { companyId }, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** Downstream companies for pickers (company filter, invite target, resource range), searched by name. */
export function useDownstreamCompanies(search: string, enabled = true) {
  return useQuery({
    queryKey: usersKeys.companies(search),
    queryFn: ({ signal }) =>
      call(companyCalls.list, { pageNum: 1, pageSize: 20, searchText: search || undefined }, { signal, silent: true }),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

function useInvalidatingMutation<D, R>(
  fn: (d: D) => Promise<R>,
  keys: readonly (readonly unknown[])[] = [usersKeys.lists(), usersKeys.details()],
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all(keys.map((k) => qc.invalidateQueries({ queryKey: k })));
    },
  });
}

export const useInviteUser = () => useInvalidatingMutation((d: CallData<typeof userCalls.invite>) => call(userCalls.invite, d));
export const useReinviteUser = () => useInvalidatingMutation((userId: number) => call(userCalls.reinvite, { userId }));
export const useEditUser = () => useInvalidatingMutation((d: CallData<typeof userCalls.edit>) => call(userCalls.edit, d));
export const useEnableUser = () => useInvalidatingMutation((d: { userId: number; enable: boolean }) => call(userCalls.enable, d));
export const useUnlockUser = () => useInvalidatingMutation((userId: number) => call(userCalls.unlock, { userId }));
export const useDeleteUser = () => useInvalidatingMutation((userId: number) => call(userCalls.delete, { userId }));
export const useResetUserPassword = () => useInvalidatingMutation((userId: number) => call(userCalls.resetPassword, { userId }));

// ---- the signed-in user's own account ----

export function useAccountInfo(enabled = true) {
  return useQuery({ queryKey: usersKeys.info(), queryFn: ({ signal }) => call(userCalls.infoGet, {}, { signal }), enabled });
}

/**
 * What this session may do with its own account (the account dialog's tabs), as the server's policy
 * answers it with the account; `can` is false until it is known (a remote-access visit: the profile only).
 */
export function useOwnAccountAbilities(enabled = true) {
  const q = useAccountInfo(enabled);
  return { ...q, can: (action: OwnAccountAction) => !!q.data?.actions.includes(action) };
}

export const useSetAccountInfo = () =>
  useInvalidatingMutation((d: CallData<typeof userCalls.infoSet>) => call(userCalls.infoSet, d), [usersKeys.info(), usersKeys.lists()]);
export const useChangePassword = () =>
  useMutation({ mutationFn: (d: CallData<typeof userCalls.changePassword>) => call(userCalls.changePassword, d) });
export const useBindEmail = () =>
  useInvalidatingMutation((d: CallData<typeof authCalls.emailBind>) => call(authCalls.emailBind, d), [usersKeys.info()]);
export const useSendBindCode = () =>
  useMutation({
    mutationFn: (d: CallData<typeof authCalls.emailBindCode>) => call(authCalls.emailBindCode, d),
  });

export function useImageCode(enabled: boolean) {
  return useQuery({
    queryKey: usersKeys.imageCode(),
    queryFn: ({ signal }) => call(authCalls.imageCode, {}, { signal }),
    enabled,
    gcTime: 0,
    staleTime: 4 * 60_000,
  });
}

export function useUnregisterCheck(enabled: boolean) {
  return useQuery({
    queryKey: usersKeys.unregisterCheck(),
    queryFn: ({ signal }) => call(userCalls.unregisterCheck, {}, { signal }),
    enabled,
  });
}
export const useUnregister = () => useMutation({ mutationFn: (password: string) => call(userCalls.unregister, { password }) });

/** The invited user's one-time link, checked once (a used, expired or revoked link is an error, not retried). */
export function useRegistrationCheck(link: RegistrationLink | null) {
  return useQuery({
    queryKey: usersKeys.registration(link),
    queryFn: ({ signal }) => call(userCalls.registerCheck, link!, { signal, silent: true }),
    enabled: link !== null,
    retry: false,
    staleTime: Infinity,
  });
}
export const useRegisterUser = () => useMutation({ mutationFn: (d: CallData<typeof userCalls.register>) => call(userCalls.register, d) });
