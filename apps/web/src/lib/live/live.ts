/**
 * The portal's one live client (lib/live/live-client.ts) and its hooks: AppLayout keeps it running
 * while signed in (`useLiveChannel`); features react to events (`useLiveEvent`) and replace their
 * polling by a slow fallback while it is down (`useLiveConnected`).
 */
import { LIVE_PATH, liveCalls, type LiveEvent } from '@portal/contract';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { call } from '../api/client';
import { isLoggedIn } from '../session/session-store';
import { LiveClient, type LiveSocket } from './live-client';

function socketUrl(ticket: string): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${LIVE_PATH}?ticket=${encodeURIComponent(ticket)}`;
}

export const live = new LiveClient({
  ticket: async () => (await call(liveCalls.ticket, {}, { silent: true })).ticket,
  // The browser's WebSocket: its handlers take the full events, of which the client reads only data and code.
  open: (ticket) => new WebSocket(socketUrl(ticket)) as unknown as LiveSocket,
  active: () => isLoggedIn(),
});

/** Keeps the live socket open while the component (the signed-in layout) is mounted. */
export function useLiveChannel(enabled: boolean) {
  useEffect(() => {
    if (!enabled || typeof WebSocket === 'undefined') return;
    live.start();
    return () => live.stop();
  }, [enabled]);
}

/** Whether the live socket is open (events arrive); while false, queries poll slowly instead. */
export function useLiveConnected(): boolean {
  return useSyncExternalStore(
    (fn) => live.onState(fn),
    () => live.isConnected,
    () => false,
  );
}

/** Calls `handler` for every live event (the latest handler; subscribed once). */
export function useLiveEvent(handler: (e: LiveEvent) => void) {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => live.subscribe((e) => ref.current(e)), []);
}
