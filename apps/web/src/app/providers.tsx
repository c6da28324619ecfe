import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient as defaultQueryClient } from '../lib/query-client';
import type { QueryClient } from '@tanstack/react-query';
import { ShellProviders } from './ShellProviders';

/**
 * The shell's providers with a query cache (`client`): what a page has once its chunk is loaded.
 * The app itself (main.tsx) starts with ShellProviders only; the query cache comes with the pages
 * (app/QueryProvider in AntdProviders), so /login loads no TanStack Query. Tests render with this.
 */
export function AppProviders({ children, client = defaultQueryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <ShellProviders>{children}</ShellProviders>
    </QueryClientProvider>
  );
}
