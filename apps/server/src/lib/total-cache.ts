/**
 * Totals of paged lists over large subtrees (counting 100,000 rows on every page turn would dominate
 * the call). A total is reused for a few seconds by this instance only: it is a display figure,
 * never used for a decision, and the records of the page are always read fresh.
 *
 * - fresh (younger than ttlMs): answered from the cache;
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
}

export class TotalCache {
  private entries = new Map<string, Entry>();
  private pending = new Map<string, Promise<number>>();
  constructor(
    private ttlMs = TTL_MS,
    private now: () => number = () => Date.now(),
    private maxStaleMs = MAX_STALE_MS,
  ) {}

  async get(key: string, count: () => Promise<number>): Promise<number> {
    const hit = this.entries.get(key);
    const age = hit ? this.now() - hit.at : Infinity;
    if (hit && age < this.ttlMs) return hit.value;
    if (hit && age < this.maxStaleMs) {
      // Refresh in the background; a failed refresh keeps the stale figure until it is too old.
      this.refresh(key, count).catch(() => undefined);
      return hit.value;
    }
    return this.refresh(key, count);
  }

  private refresh(key: string, count: () => Promise<number>): Promise<number> {
    const running = this.pending.get(key);
    if (running) return running;
    const started = this.now();
    const p = count()
      .then((value) => {
        // An invalidation while counting made this figure suspect: do not keep it.
        if (this.pending.get(key) === p) {
          if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
          this.entries.set(key, { value, at: started });
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
}
