import { describe, expect, it } from 'vitest';
import { DataVersions, type DataDeps } from '../../src/lib/data-versions';
import { ReadCache } from '../../src/lib/read-cache';

function live() {
  const v = new DataVersions();
  v.setLive(true);
  return v;
}

/** A load that answers when released, counting its calls. */
function loader<T>(values: T[]) {
  let calls = 0;
  const gates: Array<() => void> = [];
  const load = () =>
    new Promise<T>((resolve) => {
      const v = values[Math.min(calls, values.length - 1)]!;
      calls++;
      gates.push(() => resolve(v));
    });
  return { load, calls: () => calls, release: () => gates.splice(0).forEach((g) => g()) };
}

const USERS: DataDeps = { tables: ['users'] };

describe('DataVersions', () => {
  it('gives no token while changes are not observed, and counts everything as changed when they start', () => {
    const v = new DataVersions();
    expect(v.begin()).toBeNull();
    expect(v.changedSince(null, USERS)).toBe(true);
    v.setLive(true);
    const t = v.begin()!;
    expect(v.changedSince(t, USERS)).toBe(false);
    v.setLive(false);
    expect(v.changedSince(t, USERS)).toBe(true);
    v.setLive(true);
    expect(v.changedSince(t, USERS)).toBe(true);
  });

  it('tells a change to a table, a row, or everything apart', () => {
    const v = live();
    const t = v.begin()!;
    v.noteChange('companies');
    expect(v.changedSince(t, USERS)).toBe(false);
    expect(v.changedSince(t, { tables: ['companies'] })).toBe(true);
    v.noteChange('sessions:7');
    expect(v.changedSince(t, { rows: ['sessions:8'] })).toBe(false);
    expect(v.changedSince(t, { rows: ['sessions:7'] })).toBe(true);
    const t2 = v.begin()!;
    expect(v.changedSince(t2, { rows: ['sessions:7'], tables: ['companies'] })).toBe(false);
    // A change to the whole table covers each of its rows (e.g. a truncate).
    v.noteChange('sessions');
    expect(v.changedSince(t2, { rows: ['sessions:8'] })).toBe(true);
    // A row's change is a change of its table, but not of the table's other rows.
    const t4 = v.begin()!;
    v.noteChange('users:5');
    expect(v.changedSince(t4, { tables: ['users'] })).toBe(true);
    expect(v.changedSince(t4, { rows: ['users:6'] })).toBe(false);
    expect(v.changedSince(t4, { rows: ['users:5'] })).toBe(true);
    const t3 = v.begin()!;
    v.everythingChanged();
    expect(v.changedSince(t3, { tables: ['sessions'] })).toBe(true);
    expect(v.changedSince(t3, {})).toBe(true);
  });
});

describe('DataVersions.settle', () => {
  it('resolves once its own marker comes back, after the changes sent before it, which count; markers of others change nothing', async () => {
    const v = live();
    const t = v.begin()!;
    const sent: string[] = [];
    // The "database": delivers what is sent, in order, a moment later.
    v.attach(async (payload) => {
      sent.push(payload);
      setTimeout(() => v.noteChange(payload), 20);
    });
    setTimeout(() => v.noteChange('users:1'), 5); // the call's own change, committed before the marker
    await v.settle();
    expect(v.changedSince(t, { rows: ['users:1'] })).toBe(true);
    expect(sent).toHaveLength(1);
    const t2 = v.begin()!;
    v.noteChange(sent[0].replace(/:[^:]+:/, ':another-instance:'));
    expect(v.begin()).toBe(t2);
    expect(v.changedSince(t2, USERS)).toBe(false);
  });

  it('counts everything as changed when its marker does not come back in time, and waits for nothing while not live', async () => {
    const v = live();
    v.attach(async () => {});
    const t = v.begin()!;
    await v.settle(50);
    expect(v.changedSince(t, {})).toBe(true);
    const off = new DataVersions();
    let sends = 0;
    off.attach(async () => void sends++);
    await off.settle(10_000);
    expect(sends).toBe(0);
  });
});

describe('ReadCache', () => {
  it('answers from the cache until a table it was read from changes', async () => {
    const v = live();
    const cache = new ReadCache(v);
    const l = loader(['a', 'b']);
    const first = cache.get('k', USERS, l.load);
    l.release();
    expect(await first).toBe('a');
    expect(await cache.get('k', USERS, l.load)).toBe('a');
    expect(l.calls()).toBe(1);
    v.noteChange('devices'); // not a dependency
    expect(await cache.get('k', USERS, l.load)).toBe('a');
    v.noteChange('users');
    const again = cache.get('k', USERS, l.load);
    l.release();
    expect(await again).toBe('b');
    expect(l.calls()).toBe(2);
  });

  it('does not keep a value whose data changed while it was read', async () => {
    const v = live();
    const cache = new ReadCache(v);
    const l = loader(['old', 'new']);
    const first = cache.get('k', USERS, l.load);
    v.noteChange('users'); // committed while the read was running: the read may predate it
    l.release();
    expect(await first).toBe('old');
    const second = cache.get('k', USERS, l.load);
    l.release();
    expect(await second).toBe('new');
    expect(l.calls()).toBe(2);
  });

  it('shares one read between callers missing together, but not with a caller that came after a change', async () => {
    const v = live();
    const cache = new ReadCache(v);
    const l = loader(['one', 'two']);
    const a = cache.get('k', USERS, l.load);
    const b = cache.get('k', USERS, l.load);
    expect(l.calls()).toBe(1);
    v.noteChange('users');
    const c = cache.get('k', USERS, l.load);
    expect(l.calls()).toBe(2);
    l.release();
    expect(await Promise.all([a, b, c])).toEqual(['one', 'one', 'two']);
  });

  it('caches nothing while changes are not observed (READ_CACHE=off, or the listening connection is down)', async () => {
    const v = new DataVersions();
    const cache = new ReadCache(v);
    let n = 0;
    const load = async () => ++n;
    expect(await cache.get('k', USERS, load)).toBe(1);
    expect(await cache.get('k', USERS, load)).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const v = live();
    const cache = new ReadCache(v, 2);
    await cache.get('a', USERS, async () => 1);
    await cache.get('b', USERS, async () => 2);
    expect(cache.peek('a')).toBe(1); // a is now the most recent
    await cache.get('c', USERS, async () => 3);
    expect(cache.size).toBe(2);
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')).toBe(1);
    expect(cache.peek('c')).toBe(3);
  });

  it('keeps a value read by hand (begin, then keep) only if its rows did not change', () => {
    const v = live();
    const cache = new ReadCache(v);
    const t = cache.begin();
    cache.keep('s1', t, { rows: ['sessions:1'] }, 'x');
    expect(cache.peek('s1')).toBe('x');
    const t2 = cache.begin();
    v.noteChange('sessions:2');
    cache.keep('s2', t2, { rows: ['sessions:2'] }, 'y');
    expect(cache.peek('s2')).toBeUndefined();
    v.noteChange('sessions:1');
    expect(cache.peek('s1')).toBeUndefined();
  });
});
