import { vi } from 'vitest';

let jsdomMatchMedia: typeof window.matchMedia | null = null;

/**
 * Answers antd's media queries (Grid.useBreakpoint, responsive columns) as a window `width` px wide
 * would. jsdom answers none of them (every breakpoint off, as a phone); setup.ts puts that back after
 * each test (resetScreenWidth). Call it before rendering: antd reads the queries when a component subscribes.
 */
export function setScreenWidth(width: number): void {
  jsdomMatchMedia ??= window.matchMedia;
  window.matchMedia = ((query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    };
  }) as unknown as typeof window.matchMedia;
}

export function resetScreenWidth(): void {
  if (jsdomMatchMedia) window.matchMedia = jsdomMatchMedia;
}
