import { IDLE_CHECK_INTERVAL_MS, IDLE_TIMEOUT_MS, SHELL_ERROR_CODES as ErrorCodes } from '@portal/contract';
import { useEffect } from 'react';
import { endSession } from './end-session';
import { ACTIVITY_KEY, getLastActivity, isLoggedIn, touchActivity } from './session-store';

/** Activity is written at most this often; mousemove fires far more often than anyone needs. */
export const ACTIVITY_WRITE_THROTTLE_MS = 1_000;
// No 'scroll': a table or list scrolled by script fires it too (and a capturing listener hears every
// element's); the user's own scrolling comes with a wheel, touch, key or scrollbar press.
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart'] as const;

export interface IdleWatchOptions {
  onIdle: () => void;
  timeoutMs?: number;
  intervalMs?: number;
  target?: Window;
}

/**
 * Track user activity (shared across tabs through localStorage) and call `onIdle` once the last
 * activity is older than IDLE_TIMEOUT_MS, checking every IDLE_CHECK_INTERVAL_MS. Returns a stop function.
 */
export function startIdleWatch({
  onIdle,
  timeoutMs = IDLE_TIMEOUT_MS,
  intervalMs = IDLE_CHECK_INTERVAL_MS,
  target = window,
}: IdleWatchOptions): () => void {
  let lastWrite = 0;
  let stopped = false;
  if (!getLastActivity()) touchActivity();

  const onActivity = () => {
    const now = Date.now();
    if (now - lastWrite < ACTIVITY_WRITE_THROTTLE_MS) return;
    lastWrite = now;
    touchActivity(now);
  };

  const check = () => {
    if (stopped) return;
    if (Date.now() - getLastActivity() > timeoutMs) {
      stop();
      onIdle();
    }
  };

  for (const ev of ACTIVITY_EVENTS) target.addEventListener(ev, onActivity, { passive: true, capture: true });
  const timer = setInterval(check, intervalMs);
  check();

  function stop() {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    for (const ev of ACTIVITY_EVENTS) target.removeEventListener(ev, onActivity, { capture: true });
  }
  return stop;
}

/** On signed-in pages: log out after inactivity with the message of 7009 (SPEC §4 Session). */
export function useIdleLogout(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    return startIdleWatch({
      onIdle: () => {
        if (isLoggedIn()) endSession({ code: ErrorCodes.sessionTimeout });
      },
    });
  }, [enabled]);
}

export { ACTIVITY_KEY };
