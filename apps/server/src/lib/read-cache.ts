import type { DataDeps, DataVersions } from './data-versions';

/**
 * Results of hot reads (a page of a list, a signed call's session), kept by this instance until
 * the data they were read from changes. Exact, not time-based: an entry is answered only while
 * `DataVersions` has seen no change to its dependencies since the read started, so a page never
 * shows data older than the last write this instance has heard of (its own writes at once, other
 * instances' within the notification's delivery, about a millisecond).
 *
 * - Concurrent misses of one key share one read, unless the data changed after that read began.
 * - A result read while its data changed is answered but not kept.
 * - At most `maxEntries`, least recently used first out.
 */
interface Entry {
  value: unknown;
  token: number;
  deps: DataDeps;
}

const MAX_ENTRIES = 5_000;

export class ReadCache {
  private entries = new Map<string, Entry>();
  private pending = new Map<string, { token: number; deps: DataDeps; promise: Promise<unknown> }>();
  hits = 0;
  misses = 0;

  constructor(
    readonly versions: DataVersions,
    private maxEntries = MAX_ENTRIES,
  ) {}

  /** The cached value of `key`, or `load()`'s (kept unless `deps` changed while it was read). */
  async get<T>(key: string, deps: DataDeps, load: () => Promise<T>): Promise<T> {
    const hit = this.peek<T>(key);
    if (hit !== undefined) return hit;
    const running = this.pending.get(key);
    if (running && !this.versions.changedSince(running.token, running.deps)) return running.promise as Promise<T>;

    this.misses++;
    const token = this.versions.begin();
    const promise = load();
    if (token === null) return promise;
    this.pending.set(key, { token, deps, promise });
    try {
      const value = await promise;
      this.keep(key, token, deps, value);
      return value;
    } finally {
      if (this.pending.get(key)?.promise === promise) this.pending.delete(key);
    }
  }

  /** A token to take before a read whose result may be kept (null: it may not). */
  begin(): number | null {
    return this.versions.begin();
  }

  /** Keep `value`, read after `begin()` answered `token`, unless its data changed meanwhile. */
  keep(key: string, token: number | null, deps: DataDeps, value: unknown) {
    if (this.versions.changedSince(token, deps)) return;
    this.store(key, { value, token: token!, deps });
  }

  /** The cached value of `key` if it is still current (counted as a hit), else undefined. */
  peek<T>(key: string): T | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (this.versions.changedSince(hit.token, hit.deps)) {
      this.entries.delete(key);
      return undefined;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, hit);
    this.hits++;
    return hit.value as T;
  }

  /** Forget one key (a value this instance knows it just made wrong). */
  delete(key: string) {
    this.entries.delete(key);
  }

  get size() {
    return this.entries.size;
  }

  private store(key: string, entry: Entry) {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, entry);
  }
}
