import { LOADING_OVERLAY_AUTO_CLOSE_MS } from '@portal/contract';
import { useSyncExternalStore } from 'react';

/**
 * The full-page loading overlay (area switch, logout, single sign-on). It closes itself after
 * LOADING_OVERLAY_AUTO_CLOSE_MS so a lost response never leaves the page blocked.
 */
export interface LoadingState {
  visible: boolean;
  /** i18n key of the text under the spinner. */
  labelKey: string;
}

let state: LoadingState = { visible: false, labelKey: 'common.loading' };
let timer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function set(next: LoadingState) {
  state = next;
  for (const l of [...listeners]) l();
}

export function showLoading(labelKey = 'common.loading', autoCloseMs = LOADING_OVERLAY_AUTO_CLOSE_MS): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(hideLoading, autoCloseMs);
  set({ visible: true, labelKey });
}

export function hideLoading(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  if (state.visible) set({ ...state, visible: false });
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useLoadingState(): LoadingState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}
