import { authCalls, type CallResult } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from './api/client';

export type SiteBranding = CallResult<typeof authCalls.customerWebsite>;

export const brandingKeys = {
  all: ['branding'] as const,
  domain: (domain: string) => [...brandingKeys.all, domain] as const,
};

export function currentDomain(): string {
  return typeof window === 'undefined' ? '' : window.location.hostname;
}

/** The branding of the domain this page is opened on (logo, background, title, favicon), before and after login. */
export function useBranding() {
  const domain = currentDomain();
  return useQuery({
    queryKey: brandingKeys.domain(domain),
    queryFn: ({ signal }) => call(authCalls.customerWebsite, { domain }, { silent: true, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** Set the browser tab title and favicon from the branding. */
export function useDocumentBranding(title: string | undefined, favicon: string | null | undefined): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  useEffect(() => {
    if (!favicon) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = favicon;
  }, [favicon]);
}
