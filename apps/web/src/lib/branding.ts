import { type CallResult, authRefs, type authCalls } from '@portal/contract';
import { useEffect, useSyncExternalStore } from 'react';
import { callRef } from './api/client';

export type SiteBranding = CallResult<typeof authCalls.customerWebsite>;

/**
 * The host's brand, asked for once per domain and kept for the page's life (also across logout, so
 * the login page shown next draws it at once). A small store of its own rather than the query
 * cache, so the login page does not download TanStack Query (issue 16).
 */
interface BrandingState {
  data: SiteBranding | undefined;
  isPending: boolean;
  isError: boolean;
}
const PENDING: BrandingState = { data: undefined, isPending: true, isError: false };
const states = new Map<string, BrandingState>();
const listeners = new Set<() => void>();
/** Bumped by a reset, so an answer asked for before it is dropped. */
let generation = 0;

function setState(domain: string, state: BrandingState): void {
  states.set(domain, state);
  listeners.forEach((l) => l());
}

/** Ask for the brand of `domain` unless it is known or on its way. */
export function loadBranding(domain: string): void {
  if (states.has(domain)) return;
  states.set(domain, PENDING);
  const asked = generation;
  const settle = (state: BrandingState) => {
    if (asked === generation) setState(domain, state);
  };
  callRef<typeof authCalls.customerWebsite>(authRefs.customerWebsite, { domain }, { silent: true }).then(
    (data) => settle({ data, isPending: false, isError: false }),
    () => settle({ data: undefined, isPending: false, isError: true }),
  );
}

/** The brand known for `domain`, if any (tests, and code outside React). */
export function getBranding(domain: string): SiteBranding | undefined {
  return states.get(domain)?.data;
}

/** Tests only: forget every brand. */
export function resetBrandingStore(): void {
  generation++;
  states.clear();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentDomain(): string {
  return typeof window === 'undefined' ? '' : window.location.hostname;
}

/** The branding of the domain this page is opened on (logo, background, title, favicon), before and after login. */
export function useBranding(): BrandingState {
  const domain = currentDomain();
  const state = useSyncExternalStore(subscribe, () => states.get(domain) ?? PENDING);
  useEffect(() => loadBranding(domain), [domain]);
  return state;
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
