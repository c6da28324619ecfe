import { type CallData, companyCalls, partnerCalls, systemCalls } from '@portal/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { uploadFile } from '../../../lib/api/upload';

export type CompanyListQuery = CallData<typeof companyCalls.list>;
export type AuditQuery = CallData<typeof partnerCalls.auditPage>;
export type InviteKind = 'installer' | 'distributor' | 'customer';

/** One query-key factory for the partner network. */
export const partnerKeys = {
  all: ['partner'] as const,
  abilities: () => [...partnerKeys.all, 'abilities'] as const,
  companies: () => [...partnerKeys.all, 'companies'] as const,
  companyList: (q: CompanyListQuery) => [...partnerKeys.companies(), 'list', q] as const,
  companyDetail: (id: number) => [...partnerKeys.companies(), 'detail', id] as const,
  statistics: () => [...partnerKeys.companies(), 'statistics'] as const,
  audits: () => [...partnerKeys.all, 'audits'] as const,
  auditList: (q: AuditQuery) => [...partnerKeys.audits(), q] as const,
  corpInfo: () => [...partnerKeys.all, 'corpInfo'] as const,
  fileLink: (fileId: number) => [...partnerKeys.all, 'fileLink', fileId] as const,
  companyName: (companyId: number | null) => [...partnerKeys.companies(), 'name', companyId] as const,
  inviteCheck: (kind: 'company' | 'subCustomer', inviteId: number, sign: string) =>
    [...partnerKeys.all, 'inviteCheck', kind, inviteId, sign] as const,
};

/** What the caller may do in the partner network beside acting on a listed company: the kinds of company it may invite (the server's policy). */
export function usePartnerAbilities() {
  return useQuery({
    queryKey: partnerKeys.abilities(),
    queryFn: ({ signal }) => call(partnerCalls.abilities, {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useCompanies(query: CompanyListQuery) {
  return useQuery({
    queryKey: partnerKeys.companyList(query),
    queryFn: ({ signal }) => call(companyCalls.list, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCompanyDetail(companyId: number | null) {
  return useQuery({
    queryKey: partnerKeys.companyDetail(companyId ?? 0),
    queryFn: ({ signal }) => call(partnerCalls.companyDetail, { companyId: companyId! }, { signal }),
    enabled: companyId !== null,
  });
}

export function useCompanyStatistics() {
  return useQuery({ queryKey: partnerKeys.statistics(), queryFn: ({ signal }) => call(partnerCalls.statistics, {}, { signal }) });
}

export function useAudits(query: AuditQuery) {
  return useQuery({
    queryKey: partnerKeys.auditList(query),
    queryFn: ({ signal }) => call(partnerCalls.auditPage, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCorpInfo() {
  return useQuery({ queryKey: partnerKeys.corpInfo(), queryFn: ({ signal }) => call(partnerCalls.corpInfo, {}, { signal }) });
}

/** A signed link (300 s) to a stored file, e.g. the logo; refreshed before it expires. */
export function useFileLink(fileId: number | null) {
  return useQuery({
    queryKey: partnerKeys.fileLink(fileId ?? 0),
    queryFn: ({ signal }) => call(systemCalls.fileLink, { fileId: fileId!, isDownload: false }, { signal, silent: true }),
    enabled: fileId !== null,
    staleTime: 240_000,
    refetchInterval: 240_000,
  });
}

/** Every change to companies refreshes the lists, details, statistics and audits. */
function useInvalidateCompanies() {
  const qc = useQueryClient();
  return () =>
    Promise.all([qc.invalidateQueries({ queryKey: partnerKeys.companies() }), qc.invalidateQueries({ queryKey: partnerKeys.audits() })]);
}

const INVITE_CALLS = {
  installer: partnerCalls.inviteInstaller,
  distributor: partnerCalls.inviteDealer,
  customer: partnerCalls.inviteSubCustomer,
} as const;
const REINVITE_CALLS = {
  installer: partnerCalls.reinviteInstaller,
  distributor: partnerCalls.reinviteDealer,
  customer: partnerCalls.reinviteSubCustomer,
} as const;

export function useInviteCompany() {
  const invalidate = useInvalidateCompanies();
  return useMutation({
    mutationFn: ({ kind, name, email }: { kind: InviteKind; name: string; email: string }) => call(INVITE_CALLS[kind], { name, email }),
    onSuccess: invalidate,
  });
}

export function useReinviteCompany() {
  const invalidate = useInvalidateCompanies();
  return useMutation({
    mutationFn: ({ kind, companyId }: { kind: InviteKind; companyId: number }) => call(REINVITE_CALLS[kind], { companyId }),
    onSuccess: invalidate,
  });
}

export function useUndoInvite() {
  const invalidate = useInvalidateCompanies();
  return useMutation({ mutationFn: (companyId: number) => call(partnerCalls.undoInvite, { companyId }), onSuccess: invalidate });
}

export function useUpdateCompany() {
  const invalidate = useInvalidateCompanies();
  return useMutation({
    mutationFn: (d: CallData<typeof partnerCalls.updateCompany>) => call(partnerCalls.updateCompany, d),
    onSuccess: invalidate,
  });
}

export function useFreezeCompany() {
  const invalidate = useInvalidateCompanies();
  return useMutation({
    mutationFn: ({ companyId, freeze }: { companyId: number; freeze: boolean }) =>
      call(freeze ? partnerCalls.freezeCompany : partnerCalls.unfreezeCompany, { companyId }),
    onSuccess: invalidate,
  });
}

export function useDecideRegistration() {
  const invalidate = useInvalidateCompanies();
  return useMutation({
    mutationFn: ({ companyId, approve, reason }: { companyId: number; approve: boolean; reason?: string }) =>
      approve
        ? call(partnerCalls.approveRegistration, { companyId })
        : call(partnerCalls.rejectRegistration, { companyId, reason: reason ?? '' }),
    onSuccess: invalidate,
  });
}

export function useCreateRemoteAccessLink() {
  return useMutation({ mutationFn: (companyId: number) => call(partnerCalls.createRemoteAccessLink, { companyId }) });
}

export function useSetCorpInfo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: CallData<typeof partnerCalls.setCorpInfo>) => call(partnerCalls.setCorpInfo, d),
    onSuccess: (info) => qc.setQueryData(partnerKeys.corpInfo(), info),
  });
}

export function useUploadLogo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const uploaded = await uploadFile('logo', file);
      return call(partnerCalls.setLogo, { fileId: uploaded.fileId });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: partnerKeys.corpInfo() }),
  });
}

export function useSetRemoteAccess() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (allow: boolean) => call(partnerCalls.setRemoteAccess, { allow }),
    onSuccess: () => qc.invalidateQueries({ queryKey: partnerKeys.corpInfo() }),
  });
}

export const checkInvite = (kind: 'company' | 'subCustomer', inviteId: number, sign: string) =>
  call(kind === 'company' ? partnerCalls.checkCompanyInvite : partnerCalls.checkSubCustomerInvite, { inviteId, sign }, { silent: true });

export function useInviteCheck(kind: 'company' | 'subCustomer', inviteId: number, sign: string) {
  return useQuery({
    queryKey: partnerKeys.inviteCheck(kind, inviteId, sign),
    queryFn: () => checkInvite(kind, inviteId, sign),
    retry: false,
    staleTime: Infinity,
  });
}

export function useRegisterInvited(kind: 'company' | 'subCustomer') {
  return useMutation({
    mutationFn: (d: CallData<typeof partnerCalls.registerCompany>) =>
      call(kind === 'company' ? partnerCalls.registerCompany : partnerCalls.registerSubCustomer, d),
  });
}
