import { MENU_KEYS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import type { AppRoute } from './route-types';
import { LAYOUT_ROUTES } from './routes';

const keysOf = (routes: readonly AppRoute[]): string[] => routes.flatMap((r) => [r.key, ...keysOf(r.children ?? [])]);

describe('menu keys', () => {
  it('are exactly the contract MENU_KEYS for every menu entry, each once', () => {
    const keys = keysOf(LAYOUT_ROUTES);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual([...MENU_KEYS].sort());
  });
});
