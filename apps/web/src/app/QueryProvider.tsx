import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext } from 'react';
import { queryClient } from '../lib/query-client';

/**
 * The query cache for what is below, unless one is provided already (tests give their own). It
 * comes with antd's providers (app/AntdProviders): with the signed-in layout and every page but
 * /login, which does not download TanStack Query (issue 16).
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const existing = useContext(QueryClientContext);
  if (existing) return <>{children}</>;
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
