import { act, render, renderHook, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AntdProviders, useReducedMotion } from './AntdProviders';

const original = window.matchMedia;
afterEach(() => {
  window.matchMedia = original;
});

/** A system whose reduced-motion setting is `reduce`, switchable with the returned function. */
function systemMotion(reduce: boolean) {
  const listeners = new Set<() => void>();
  let matches = reduce;
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query.includes('prefers-reduced-motion: reduce') ? matches : false;
    },
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
    dispatchEvent: vi.fn(),
  })) as unknown as typeof window.matchMedia;
  return (next: boolean) => {
    matches = next;
    for (const l of listeners) l();
  };
}

function MotionToken() {
  const { token } = theme.useToken();
  return <span data-testid="motion">{String(token.motion)}</span>;
}

describe('reduced motion', () => {
  it('follows the system setting, live', () => {
    const set = systemMotion(false);
    const { result } = renderHook(() => useReducedMotion());
    expect(result.current).toBe(false);
    act(() => set(true));
    expect(result.current).toBe(true);
  });

  it("turns antd's motion off for a user who asked for less motion, and leaves it on otherwise", () => {
    const set = systemMotion(true);
    render(
      <AntdProviders>
        <MotionToken />
      </AntdProviders>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('false');
    act(() => set(false));
    expect(screen.getByTestId('motion').textContent).toBe('true');
  });
});
