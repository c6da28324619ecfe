import { describe, expect, it } from 'vitest';
import { DataVersions } from '../../src/lib/data-versions';
import { TotalCache } from '../../src/lib/total-cache';

function counter(values: number[]) {
  let calls = 0;
  const gates: Array<() => void> = [];
  const count = () =>
    new Promise<number>((resolve) => {
      const v = values[Math.min(calls, values.length - 1)]!;
      calls++;
      gates.push(() => resolve(v));
    });
  return { count, calls: () => calls, release: () => gates.splice(0).forEach((g) => g()) };
}

describe('TotalCache', () => {
  it('counts once for callers asking at the same time, then answers from the cache while fresh', async () => {
    let t = 0;
    const cache = new TotalCache(5_000, () => t, 60_000);
    const c = counter([42]);
    const a = cache.get('k', c.count);
    const b = cache.get('k', c.count);
    c.release();
    expect(await Promise.all([a, b])).toEqual([42, 42]);
    expect(c.calls()).toBe(1);
    t = 4_000;
    expect(await cache.get('k', c.count)).toBe(42);
    expect(c.calls()).toBe(1);
  });

  it('answers a stale figure at once and refreshes it in the background', async () => {
    let t = 0;
    const cache = new TotalCache(5_000, () => t, 60_000);
    const c = counter([10, 11]);
    const first = cache.get('k', c.count);
    c.release();
    expect(await first).toBe(10);
    t = 6_000;
    expect(await cache.get('k', c.count)).toBe(10);
    expect(c.calls()).toBe(2);
    c.release();
    await Promise.resolve();
    await Promise.resolve();
    expect(await cache.get('k', c.count)).toBe(11);
  });

  it('waits for a new count once the figure is too old, or after an invalidation', async () => {
    let t = 0;
    const cache = new TotalCache(5_000, () => t, 60_000);
    const c = counter([1, 2, 3]);
    const p1 = cache.get('users|/1/', c.count);
    c.release();
    await p1;
    t = 61_000;
    const p2 = cache.get('users|/1/', c.count);
    c.release();
    expect(await p2).toBe(2);
    cache.invalidate('users|/1/');
    const p3 = cache.get('users|/1/', c.count);
    c.release();
    expect(await p3).toBe(3);
  });

  it('does not keep a count that was running when the subtree was invalidated', async () => {
    const t = 0;
    const cache = new TotalCache(5_000, () => t, 60_000);
    const c = counter([5, 6]);
    const running = cache.get('k', c.count);
    cache.invalidate('k');
    c.release();
    expect(await running).toBe(5);
    const next = cache.get('k', c.count);
    c.release();
    expect(await next).toBe(6);
  });

  it('forgets a list’s totals of every subtree above a company, and only those', async () => {
    const cache = new TotalCache(5_000, () => 0, 60_000);
    const keys = ['endUsers|/1/|', 'endUsers|/1/2/|normal|', 'endUsers|/1/3/|', 'endUsers|/1/2/5/|', 'users|/1/2/|'];
    for (const k of keys) await cache.get(k, async () => 1);
    cache.invalidateSubtrees('endUsers', '/1/2/');
    const counted: string[] = [];
    for (const k of keys) await cache.get(k, async () => (counted.push(k), 2));
    // The root and the company's own subtree (any filter) are counted again; a sibling, a subtree
    // below the company and another list keep theirs.
    expect(counted).toEqual(['endUsers|/1/|', 'endUsers|/1/2/|normal|']);
  });
});

describe('TotalCache following the database changes', () => {
  it('keeps a total however old until a table it counts changes, then refreshes it', async () => {
    let t = 0;
    const versions = new DataVersions();
    versions.setLive(true);
    const cache = new TotalCache(5_000, () => t, 60_000, versions);
    const deps = { tables: ['users' as const] };
    const c = counter([7, 8]);
    const first = cache.get('k', c.count, deps);
    c.release();
    expect(await first).toBe(7);
    t = 30_000; // past the 5 s a total is kept without notifications
    expect(await cache.get('k', c.count, deps)).toBe(7);
    versions.noteChange('companies'); // not counted by this total
    expect(await cache.get('k', c.count, deps)).toBe(7);
    expect(c.calls()).toBe(1);
    versions.noteChange('users');
    // Changed: the last figure at once, and one background count.
    expect(await cache.get('k', c.count, deps)).toBe(7);
    expect(c.calls()).toBe(2);
    c.release();
    await Promise.resolve();
    await Promise.resolve();
    expect(await cache.get('k', c.count, deps)).toBe(8);
  });

  it('falls back to the time limit while the notifications are not heard', async () => {
    let t = 0;
    const versions = new DataVersions();
    const cache = new TotalCache(5_000, () => t, 60_000, versions);
    const c = counter([1, 2]);
    const first = cache.get('k', c.count, { tables: ['users'] });
    c.release();
    await first;
    t = 6_000;
    void cache.get('k', c.count, { tables: ['users'] });
    expect(c.calls()).toBe(2);
  });
});
