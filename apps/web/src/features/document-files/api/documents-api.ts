/** The public document list of /document/files (contract contentCalls.publicDocuments): one key factory. */
import { contentCalls, type PublicDocuments } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

export type { PublicDocuments };

export const documentKeys = {
  all: ['documentFiles'] as const,
  list: (host: string, searchText: string) => [...documentKeys.all, host, searchText] as const,
};

export function usePublicDocuments(searchText: string) {
  const host = window.location.host;
  return useQuery({
    queryKey: documentKeys.list(host, searchText),
    queryFn: () => call(contentCalls.publicDocuments, { host, searchText: searchText || undefined }),
    placeholderData: keepPreviousData,
  });
}
