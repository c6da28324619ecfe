import { IMAGE_CODE_TTL_MS, authCalls, contentCalls, type CallData } from '@portal/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

export const authKeys = {
  all: ['auth'] as const,
  imageCode: (purpose: string) => [...authKeys.all, 'imageCode', purpose] as const,
  brandTerms: (host: string, type: string) => [...authKeys.all, 'brandTerms', host, type] as const,
};

/** The host brand's own released terms of a kind (content site), null when it has none. */
export function useBrandTerms(type: 'service' | 'privacy') {
  const host = window.location.host;
  return useQuery({
    queryKey: authKeys.brandTerms(host, type),
    queryFn: () => call(contentCalls.publicTerms, { host, type }),
    staleTime: 5 * 60_000,
  });
}

/** A graphic verification code (SVG) and its id; refetch for a new one. */
export function useImageCode(purpose: string) {
  return useQuery({
    queryKey: authKeys.imageCode(purpose),
    queryFn: ({ signal }) => call(authCalls.imageCode, {}, { signal }),
    staleTime: IMAGE_CODE_TTL_MS,
    gcTime: 0,
    refetchOnMount: 'always',
  });
}

export function useSendEmailCode() {
  return useMutation({ mutationFn: (data: CallData<typeof authCalls.emailCode>) => call(authCalls.emailCode, data) });
}

export function useSelfRegister() {
  return useMutation({ mutationFn: (data: CallData<typeof authCalls.selfRegister>) => call(authCalls.selfRegister, data) });
}

export function useFindPassword() {
  return useMutation({ mutationFn: (data: CallData<typeof authCalls.findPassword>) => call(authCalls.findPassword, data) });
}
