import type { DataDeps, DataVersions } from './data-versions';

/**
 * Totals of paged lists over large subtrees (counting 100,000 rows on every page turn would dominate
 * the call). A total is a display figure, never used for a decision; the records of the page are
 * exact (the read cache).
 *
 * - fresh: answered from the cache. With the database's change notifications (`DataVersions`
 *   live and the total's tables given), a total is fresh until one of its tables changes, however
 *   old; without them, for ttlMs;
 * - stale (younger than maxStaleMs): answered from the cache at once while one background count
 *   refreshes it, so a page never waits for a count it has a recent figure for;
 * - missing, invalidated (a write in that subtree on this instance) or too old: counted, and callers
 *   asking for the same total meanwhile share that one count.
 */
const TTL_MS = 5_000;
const MAX_STALE_MS = 60_000;
const MAX_ENTRIES = 5_000;

interface Entry {
  value: number;
  at: number;
  /** The change token the count started at (null: kept by age only). */
  token: number | null;
}

export class TotalCache {
  private entries = new Map<string, Entry>();
  private pending = new Map<string, Promise<number>>();
  constructor(
    private ttlMs = TTL_MS,
    private now: () => number = () => Date.now(),
    private maxStaleMs = MAX_STALE_MS,
    private versions?: DataVersions,
  ) {}

  /** A cache whose totals stay fresh until the database announces a change to what they count. */
  static following(versions: DataVersions) {
    return new TotalCache(TTL_MS, () => Date.now(), MAX_STALE_MS, versions);
  }

  /** The total of `key`; `deps`, the tables it counts, lets it stay fresh until they change. */
  async get(key: string, count: () => Promise<number>, deps?: DataDeps): Promise<number> {
    const hit = this.entries.get(key);
    const age = hit ? this.now() - hit.at : Infinity;
    if (hit && this.isFresh(hit, age, deps)) return hit.value;
    if (hit && age < this.maxStaleMs) {
      // Refresh in the background; a failed refresh keeps the stale figure until it is too old.
      this.refresh(key, count).catch(() => undefined);
      return hit.value;
    }
    return this.refresh(key, count);
  }

  private isFresh(hit: Entry, age: number, deps?: DataDeps): boolean {
    if (deps && hit.token !== null && this.versions?.isLive) return !this.versions.changedSince(hit.token, deps);
    return age < this.ttlMs;
  }

  private refresh(key: string, count: () => Promise<number>): Promise<number> {
    const running = this.pending.get(key);
    if (running) return running;
    const started = this.now();
    const token = this.versions?.begin() ?? null;
    const p = count()
      .then((value) => {
        // An invalidation while counting made this figure suspect: do not keep it.
        if (this.pending.get(key) === p) {
          if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
          this.entries.set(key, { value, at: started, token });
        }
        return value;
      })
      .finally(() => {
        if (this.pending.get(key) === p) this.pending.delete(key);
      });
    this.pending.set(key, p);
    return p;
  }

  /** Forget every total whose key starts with `prefix` (after a write in that subtree). */
  invalidate(prefix = '') {
    for (const k of this.entries.keys()) if (k.startsWith(prefix)) this.entries.delete(k);
    for (const k of this.pending.keys()) if (k.startsWith(prefix)) this.pending.delete(k);
  }

  /**
   * Forget the totals of `list` kept for every subtree that holds the company at `companyPath`
   * (after a row of that company was added or removed). Keys are `<list>|<subtree path>|...`.
   */
  invalidateSubtrees(list: string, companyPath: string) {
    const ids = companyPath.split('/').filter(Boolean);
    for (let i = 1; i <= ids.length; i++) this.invalidate(`${list}|/${ids.slice(0, i).join('/')}/|`);
  }
}
