export type NavigateFn = (to: string, opts?: { replace?: boolean }) => void;

let navigateFn: NavigateFn | null = null;

/** The router registers its navigate function so code outside React (the API client) can move the user. */
export function setNavigator(fn: NavigateFn | null): void {
  navigateFn = fn;
}

function isExternal(to: string): boolean {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(to) && !to.startsWith('//')) return false;
  try {
    return new URL(to, window.location.href).origin !== window.location.origin;
  } catch {
    return true;
  }
}

/** Navigate inside the SPA, or load another origin (e.g. the unified-domain login) in full. */
export function navigateTo(to: string, opts: { replace?: boolean } = {}): void {
  if (isExternal(to)) {
    window.location.assign(to);
    return;
  }
  let path = to;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(to) || to.startsWith('//')) {
    const u = new URL(to, window.location.href);
    path = `${u.pathname}${u.search}${u.hash}`;
  }
  if (navigateFn) navigateFn(path, opts);
  else if (opts.replace) window.location.replace(path);
  else window.location.assign(path);
}

/** Login URL that brings the user back to `from` after signing in. */
export function loginPath(from?: string): string {
  if (!from || from.startsWith('/login') || from === '/') return '/login';
  return `/login?redirect=${encodeURIComponent(from)}`;
}
