import { QueryClient } from '@tanstack/react-query';
import { i18n } from './i18n';
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

/**
 * Answers hold texts in the language they were asked in (area names in statistics, reasons, error
 * details): after a language switch the cached ones are asked for again, in the new language.
 */
export function refetchOnLanguageChange(client: QueryClient = queryClient): () => void {
  const refetch = () => void client.invalidateQueries();
  i18n.on('languageChanged', refetch);
  return () => i18n.off('languageChanged', refetch);
}

refetchOnLanguageChange();
