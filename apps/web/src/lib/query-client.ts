import { QueryClient } from '@tanstack/react-query';

/** Server data lives in TanStack Query only. The API client already toasts errors, so no retries here. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/** The first segment of query keys that do not belong to a session (lib/branding's brandingKeys). */
const PUBLIC_QUERY_ROOTS: ReadonlySet<unknown> = new Set(['branding']);

/**
 * Forget the session's server data (logout, session end). The brand of the host stays: the login
 * page shown next draws the right brand at once, without a flash of the default one (issue 16).
 */
export function clearSessionQueries(client: QueryClient = queryClient): void {
  client.removeQueries({ predicate: (q) => !PUBLIC_QUERY_ROOTS.has(q.queryKey[0]) });
  client.getMutationCache().clear();
}
