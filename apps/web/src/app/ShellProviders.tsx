import type { ReactNode } from 'react';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { Toaster } from '../components/Toaster';

/**
 * What every page has: the loading overlay and the toasts. No antd and no query cache here: they
 * come with the pages drawn with antd (app/AntdProviders, app/QueryProvider), so /login stays light.
 */
export function ShellProviders({ children }: { children: ReactNode }) {
  return (
    <>
      <LoadingOverlay />
      <Toaster />
      {children}
    </>
  );
}
