import { contentCalls } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

export const authKeys = {
  all: ['auth'] as const,
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
