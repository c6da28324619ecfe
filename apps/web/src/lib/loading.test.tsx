import { LOADING_OVERLAY_AUTO_CLOSE_MS } from '@portal/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hideLoading, showLoading, useLoadingState } from './loading';

afterEach(() => {
  hideLoading();
  vi.useRealTimers();
});

describe('loading overlay', () => {
  it(`closes itself after LOADING_OVERLAY_AUTO_CLOSE_MS (${LOADING_OVERLAY_AUTO_CLOSE_MS} ms)`, () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useLoadingState());
    act(() => showLoading('layout.switchingArea'));
    expect(result.current).toEqual({ visible: true, labelKey: 'layout.switchingArea' });
    act(() => vi.advanceTimersByTime(LOADING_OVERLAY_AUTO_CLOSE_MS - 1));
    expect(result.current.visible).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.visible).toBe(false);
  });

  it('can be closed early', () => {
    const { result } = renderHook(() => useLoadingState());
    act(() => showLoading());
    act(() => hideLoading());
    expect(result.current.visible).toBe(false);
  });
});
