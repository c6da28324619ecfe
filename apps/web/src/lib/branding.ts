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

/**
 * The brand's images as the server serves them for the host the page is opened on (issue 16):
 * `/branding/{logo,favicon,background}`, one URL each whatever the brand, answered with an ETag that
 * changes when the brand publishes a new image, so the browser keeps them and revalidates cheaply.
 * index.html links the favicon there (the portal's own when the brand has none).
 */
export const BRANDING_IMAGE_URLS = { logo: '/branding/logo', favicon: '/branding/favicon', background: '/branding/background' } as const;

/** A stored value that is a URL of its own (not the id of an uploaded file). */
const IS_URL = /^(https?:\/\/|\/(?!\/))/;

/**
 * The logo to draw: the page's own logo variant (`logoLcrs` on the login page, `logoTbsl` in the
 * frames) when it is a URL, else the brand's logo at /branding/logo when it has one, else none (the
 * lettered mark).
 */
export function brandLogoUrl(branding: SiteBranding | undefined, variant: 'logoLcrs' | 'logoTbsl'): string | null {
  const own = branding?.extra[variant];
  if (own && IS_URL.test(own)) return own;
  return branding?.icon ? BRANDING_IMAGE_URLS.logo : null;
}

/** The login page's background at /branding/background when the brand has one. */
export function brandBackgroundUrl(branding: SiteBranding | undefined): string | null {
  return branding?.bgImg ? BRANDING_IMAGE_URLS.background : null;
}

/** Set the browser tab title from the branding (the favicon is index.html's /branding/favicon). */
export function useDocumentBranding(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
