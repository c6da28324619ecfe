import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { Toaster } from '../components/Toaster';
import { queryClient as defaultQueryClient } from '../lib/query-client';
import type { QueryClient } from '@tanstack/react-query';

/**
 * What every page has: the query cache, the loading overlay and the toasts. No antd here: antd's
 * providers come with the pages drawn with it (app/AntdProviders), so /login stays light.
 */
export function AppProviders({ children, client = defaultQueryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <LoadingOverlay />
      <Toaster />
      {children}
    </QueryClientProvider>
  );
}
