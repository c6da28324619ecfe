import { QueryClient } from '@tanstack/react-query';
import { onSessionDataClear } from './session/session-data';

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

/**
 * Forget the session's server data (logout, session end: lib/session/session-data). The brand of the
 * host is not in this cache (lib/branding keeps it), so the login page shown next draws it at once.
 */
export function clearSessionQueries(client: QueryClient = queryClient): void {
  client.removeQueries();
  client.getMutationCache().clear();
}

onSessionDataClear(() => clearSessionQueries());
