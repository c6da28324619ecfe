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
