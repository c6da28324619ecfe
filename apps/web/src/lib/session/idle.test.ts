import { ErrorCodes, IDLE_CHECK_INTERVAL_MS, IDLE_TIMEOUT_MS, errorMessage } from '@portal/contract';
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { partnerOwner, signIn } from '../../test/fixtures';
import { setLocale } from '../i18n';
import { setNavigator } from '../navigation/navigator';
import { setMessageApi } from '../notify';
import { startIdleWatch, useIdleLogout } from './idle';
import { ACTIVITY_KEY, getSession, touchActivity } from './session-store';

beforeEach(async () => {
  await setLocale('en-US');
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-03-01T08:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  setMessageApi(null);
  setNavigator(null);
});

describe('startIdleWatch', () => {
  it('fires once inactivity exceeds IDLE_TIMEOUT_MS, on the next IDLE_CHECK_INTERVAL_MS check', () => {
    touchActivity();
    const onIdle = vi.fn();
    const stop = startIdleWatch({ onIdle });
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(IDLE_CHECK_INTERVAL_MS);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(IDLE_CHECK_INTERVAL_MS * 10);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });

  it('mouse and keyboard activity postpone the timeout', () => {
    touchActivity();
    const onIdle = vi.fn();
    const stop = startIdleWatch({ onIdle });
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS / 2);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS / 2 + IDLE_CHECK_INTERVAL_MS);
    expect(onIdle).not.toHaveBeenCalled();
    window.dispatchEvent(new MouseEvent('mousemove'));
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - IDLE_CHECK_INTERVAL_MS);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(IDLE_CHECK_INTERVAL_MS * 2);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });

  it('a table scrolled by script is not activity; a wheel is', () => {
    touchActivity();
    const onIdle = vi.fn();
    const stop = startIdleWatch({ onIdle });
    const table = document.createElement('div');
    document.body.append(table);
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS / 2);
    table.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS / 2 + IDLE_CHECK_INTERVAL_MS);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();

    touchActivity();
    const onIdle2 = vi.fn();
    const stop2 = startIdleWatch({ onIdle: onIdle2 });
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS / 2);
    table.dispatchEvent(new WheelEvent('wheel', { bubbles: true }));
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS / 2 + IDLE_CHECK_INTERVAL_MS);
    expect(onIdle2).not.toHaveBeenCalled();
    stop2();
    table.remove();
  });

  it('activity recorded by another tab (shared localStorage) counts', () => {
    touchActivity();
    const onIdle = vi.fn();
    const stop = startIdleWatch({ onIdle });
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - IDLE_CHECK_INTERVAL_MS);
    localStorage.setItem(ACTIVITY_KEY, String(Date.now()));
    vi.advanceTimersByTime(IDLE_CHECK_INTERVAL_MS * 4);
    expect(onIdle).not.toHaveBeenCalled();
    stop();
  });

  it('ends at once when the last activity is already too old (e.g. a tab reopened hours later)', () => {
    touchActivity(Date.now() - IDLE_TIMEOUT_MS - 1);
    const onIdle = vi.fn();
    const stop = startIdleWatch({ onIdle });
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stops listening when stopped', () => {
    touchActivity();
    const onIdle = vi.fn();
    const stop = startIdleWatch({ onIdle });
    stop();
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS * 2);
    expect(onIdle).not.toHaveBeenCalled();
  });
});

describe('useIdleLogout', () => {
  it('clears the session and goes to login with the message of 7009', () => {
    const toasts = vi.fn();
    const navigate = vi.fn();
    setMessageApi({ open: toasts });
    setNavigator(navigate);
    signIn(partnerOwner());
    const { unmount } = renderHook(() => useIdleLogout(true));
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS + IDLE_CHECK_INTERVAL_MS);
    expect(getSession()).toBeNull();
    expect(sessionStorage.getItem('portal.token')).toBeNull();
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/login/), { replace: true });
    expect(toasts).toHaveBeenCalledWith(
      expect.objectContaining({ key: `api-error-${ErrorCodes.sessionTimeout}`, content: errorMessage(7009, 'en-US') }),
    );
    unmount();
  });

  it('does nothing when disabled (login and public pages)', () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    signIn(partnerOwner());
    const { unmount } = renderHook(() => useIdleLogout(false));
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS * 2);
    expect(getSession()).not.toBeNull();
    expect(navigate).not.toHaveBeenCalled();
    unmount();
  });
});
