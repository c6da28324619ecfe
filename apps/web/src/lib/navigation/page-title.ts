import { useEffect, useSyncExternalStore } from 'react';

/**
 * A page may name itself more precisely than its route's title (the release wizard says which
 * release it creates). The page header and the browser tab show the override while the page is
 * mounted; the route title comes back when it unmounts.
 */
let override: string | null = null;
const listeners = new Set<() => void>();

function set(title: string | null) {
  if (title === override) return;
  override = title;
  for (const l of listeners) l();
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The current page's own title, or null for the route's. */
export function usePageTitleOverride(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => override,
    () => null,
  );
}

/** Called by a page: show `title` instead of the route's title (null: the route's). */
export function useOwnPageTitle(title: string | null): void {
  useEffect(() => {
    set(title);
  }, [title]);
  useEffect(() => () => set(null), []);
}
