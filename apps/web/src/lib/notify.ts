import { useSyncExternalStore } from 'react';

export type NoticeType = 'error' | 'success' | 'warning' | 'info';
export interface MessageApi {
  open(config: { type: NoticeType; key: string; content: string; duration?: number }): unknown;
}

/** A toast on screen (components/Toaster draws them). */
export interface Toast {
  key: string;
  type: NoticeType;
  content: string;
  /** Bumped when a toast of the same key is raised again, so its timer starts over. */
  seq: number;
}

/** At most this many toasts at once; the oldest goes first. */
export const MAX_TOASTS = 5;

let toasts: readonly Toast[] = [];
let seq = 0;
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function stopTimer(key: string) {
  const timer = timers.get(key);
  if (timer) clearTimeout(timer);
  timers.delete(key);
}

function publish(next: readonly Toast[]) {
  toasts = next;
  for (const l of [...listeners]) l();
}

/** Take a toast off the screen (its close button, or its time ran out). */
export function dismissToast(key: string): void {
  stopTimer(key);
  if (toasts.some((t) => t.key === key)) publish(toasts.filter((t) => t.key !== key));
}

/** Take every toast off the screen. */
export function dismissAllToasts(): void {
  for (const t of toasts) dismissToast(t.key);
}

/**
 * The toast list: no UI library behind it, so the API client and the login page can raise toasts
 * without loading antd. Toasts with the same key replace each other in place.
 */
const toastStore: MessageApi = {
  open({ type, key, content, duration = 4 }) {
    const toast: Toast = { key, type, content, seq: ++seq };
    const at = toasts.findIndex((t) => t.key === key);
    let next = at >= 0 ? toasts.map((t, i) => (i === at ? toast : t)) : [...toasts, toast];
    for (const dropped of next.slice(0, Math.max(0, next.length - MAX_TOASTS))) stopTimer(dropped.key);
    next = next.slice(-MAX_TOASTS);
    publish(next);
    stopTimer(key);
    if (duration > 0)
      timers.set(
        key,
        setTimeout(() => dismissToast(key), duration * 1000),
      );
  },
};

function subscribe(l: () => void) {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}

let api: MessageApi | null = null;

/** Tests may put a recorder in place of the toast list; `null` puts the list back. */
export function setMessageApi(next: MessageApi | null): void {
  api = next;
}

/**
 * Show a toast. Toasts with the same key replace each other, so one message of each kind
 * (e.g. one per error code) is on screen at a time (SPEC §8).
 */
export function notify(type: NoticeType, key: string, content: string, duration = 4): void {
  (api ?? toastStore).open({ type, key, content, duration });
}

export function notifyError(code: number | string, content: string): void {
  notify('error', `api-error-${code}`, content);
}
