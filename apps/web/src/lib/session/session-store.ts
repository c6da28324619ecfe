import type { SessionTokens, SessionUser } from '@portal/contract';
import { useSyncExternalStore } from 'react';

/**
 * The browser session: token, signing key, renewal token and the session user live in
 * sessionStorage (one session per tab, so a remote-access or SSO tab never replaces the session of
 * another tab); the last-activity time lives in localStorage so every tab agrees on idleness.
 */
export const SESSION_KEYS = {
  token: 'portal.token',
  signKey: 'portal.signKey',
  renewToken: 'portal.renewToken',
  tokenExpiresAt: 'portal.tokenExpiresAt',
  user: 'portal.user',
  searchInfo: 'portal.searchInfo',
} as const;
export const ACTIVITY_KEY = 'portal.lastActivity';

export interface StoredSession {
  token: string;
  signKey: string;
  renewToken: string;
  tokenExpiresAt: number;
  user: SessionUser;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let cache: { raw: string; value: StoredSession | null } | null = null;

function store(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function emit() {
  cache = null;
  for (const l of [...listeners]) l();
}

function readRaw(): string {
  const s = store();
  if (!s) return '';
  return [SESSION_KEYS.token, SESSION_KEYS.signKey, SESSION_KEYS.renewToken, SESSION_KEYS.tokenExpiresAt, SESSION_KEYS.user]
    .map((k) => s.getItem(k) ?? '')
    .join('\u0000');
}

function parse(raw: string): StoredSession | null {
  const [token, signKey, renewToken, expiresAt, userJson] = raw.split('\u0000');
  if (!token || !userJson) return null;
  try {
    const user = JSON.parse(userJson) as SessionUser;
    return { token, signKey: signKey ?? '', renewToken: renewToken ?? '', tokenExpiresAt: Number(expiresAt) || 0, user };
  } catch {
    return null;
  }
}

/** The current session, or null when logged out. Stable identity until the storage changes. */
export function getSession(): StoredSession | null {
  const raw = readRaw();
  if (cache && cache.raw === raw) return cache.value;
  cache = { raw, value: parse(raw) };
  return cache.value;
}

export function isLoggedIn(): boolean {
  return getSession() !== null;
}

/**
 * Store the answer of login, renewal or SSO exchange. Signing in counts as the user's activity; a
 * renewal (`{ activity: false }`) does not: it follows whatever call found the token expired, a
 * background poll as often as a click, and must not keep an idle session alive.
 */
export function saveSession(tokens: SessionTokens, opts: { activity?: boolean } = {}): void {
  const s = store();
  if (!s) return;
  s.setItem(SESSION_KEYS.token, tokens.token);
  s.setItem(SESSION_KEYS.signKey, tokens.signKey);
  s.setItem(SESSION_KEYS.renewToken, tokens.renewToken);
  s.setItem(SESSION_KEYS.tokenExpiresAt, String(tokens.tokenExpiresAt));
  s.setItem(SESSION_KEYS.user, JSON.stringify(tokens.user));
  if (opts.activity !== false) touchActivity();
  emit();
}

/** Replace the session user (e.g. after switching the current area). */
export function updateSessionUser(user: SessionUser): void {
  const s = store();
  if (!s || !getSession()) return;
  s.setItem(SESSION_KEYS.user, JSON.stringify(user));
  emit();
}

/** Remove every session key; the chosen locale stays. */
let endedByLogout = false;

/** Whether the last session ended by the user's own logout (then login does not send them back). */
export function sessionEndedByLogout(): boolean {
  return endedByLogout;
}

export function clearSession(opts: { logout?: boolean } = {}): void {
  endedByLogout = !!opts.logout;
  const s = store();
  if (s) for (const k of Object.values(SESSION_KEYS)) s.removeItem(k);
  emit();
}

/** Query parameters that came with an SSO/remote-access URL, kept for the modules that need them. */
export function saveSearchInfo(info: Record<string, string>): void {
  store()?.setItem(SESSION_KEYS.searchInfo, JSON.stringify(info));
}

export function getSearchInfo(): Record<string, string> {
  try {
    return JSON.parse(store()?.getItem(SESSION_KEYS.searchInfo) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function useSessionUser(): SessionUser | null {
  return useSession()?.user ?? null;
}

// ---- activity (shared by all tabs) ----

export function touchActivity(now: number = Date.now()): void {
  try {
    window.localStorage.setItem(ACTIVITY_KEY, String(now));
  } catch {
    /* ignore */
  }
}

/** Last user activity in ms since the epoch; 0 when never recorded. */
export function getLastActivity(): number {
  try {
    return Number(window.localStorage.getItem(ACTIVITY_KEY)) || 0;
  } catch {
    return 0;
  }
}
