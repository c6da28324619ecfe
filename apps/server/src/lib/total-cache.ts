/**
 * Totals of paged lists over large subtrees (counting 10,000 rows on every page turn would dominate
 * the call). A total is reused for a few seconds by this instance only: it is a display figure,
 * never used for a decision, and the records of the page are always read fresh.
 */
const TTL_MS = 5_000;
const MAX_ENTRIES = 5_000;

interface Entry {
  value: number;
  at: number;
}

export class TotalCache {
  private entries = new Map<string, Entry>();
  constructor(
    private ttlMs = TTL_MS,
    private now: () => number = () => Date.now(),
  ) {}

  async get(key: string, count: () => Promise<number>): Promise<number> {
    const hit = this.entries.get(key);
    const t = this.now();
    if (hit && t - hit.at < this.ttlMs) return hit.value;
    const value = await count();
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { value, at: t });
    return value;
  }

  /** Forget every total whose key starts with `prefix` (after a write in that subtree). */
  invalidate(prefix = '') {
    for (const k of this.entries.keys()) if (k.startsWith(prefix)) this.entries.delete(k);
  }
}

