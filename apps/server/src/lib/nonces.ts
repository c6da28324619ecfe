import type { Database } from '../db/client';
import type { Clock } from './clock';

interface Pending {
  key: string;
  expiresAt: string;
  resolve(fresh: boolean): void;
  reject(err: unknown): void;
}

/** How often the embedded mode forgets expired nonces from memory. */
const PRUNE_EVERY_MS = 30_000;

/**
 * Replay protection's record of nonces (SPEC §7): a nonce is accepted once, and kept as long as its
 * time could still be accepted. A call is answered only after its nonce is written to the database
 * (issue 11 §1.9: a write-behind buffer lost the last nonces on a crash, so a call answered just
 * before it could be replayed after the restart).
 *
 * - `database` mode (PostgreSQL, where several instances may serve): the database is the one
 *   authority, so every instance refuses a replay. Nonces arriving together are written together:
 *   one insert is in flight at a time, and everything queued meanwhile goes out as the next one (a
 *   group commit); each caller learns whether its own nonce was new. (Written through the hot
 *   connections, which commit asynchronously: the row is visible to every instance at once and
 *   survives a crash of this process; only a crash of PostgreSQL itself within its WAL writer delay
 *   could lose it.)
 * - `memory` mode (the embedded PGlite database, which one process owns): this process is the
 *   only one that can see a call, so its memory decides at once (a replay is refused without a
 *   round trip), and a new nonce is written to the database, in the same group commit, before the
 *   caller is told it was new. At start the nonces still in their window are read back.
 */
export class NonceRecorder {
  readonly mode: 'database' | 'memory';
  private queue: Pending[] = [];
  private scheduled = false;
  private flushing = false;
  private seen = new Map<string, number>();
  private lastPrune = 0;

  constructor(
    private database: Database,
    private clock: Clock,
    mode?: 'database' | 'memory',
  ) {
    this.mode = mode ?? (database.kind === 'pglite' ? 'memory' : 'database');
  }

  /** Memory mode: read back the nonces still in their window. */
  async start() {
    if (this.mode !== 'memory') return;
    const { rows } = await this.database.query<{ key: string; expires_at: Date | string }>(
      `select key, expires_at from nonces where expires_at > $1::timestamptz`,
      [new Date(this.clock.now()).toISOString()],
    );
    for (const r of rows) this.seen.set(r.key, new Date(r.expires_at).getTime());
  }

  /** Waits for the writes in flight (before the database closes). */
  async stop() {
    while (this.flushing || this.scheduled || this.queue.length) await new Promise((r) => setImmediate(r));
  }

  /** Whether `key` was new; when it was, it is in the database before this resolves. */
  record(key: string, expiresAt: Date): Promise<boolean> {
    if (this.mode === 'memory' && !this.claimInMemory(key, expiresAt)) return Promise.resolve(false);
    return new Promise<boolean>((resolve, reject) => {
      this.queue.push({ key, expiresAt: expiresAt.toISOString(), resolve, reject });
      this.schedule();
    });
  }

  private claimInMemory(key: string, expiresAt: Date): boolean {
    const now = this.clock.now();
    const until = this.seen.get(key);
    if (until !== undefined && until > now) return false;
    this.seen.set(key, expiresAt.getTime());
    if (now - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = now;
      for (const [k, t] of this.seen) if (t <= now) this.seen.delete(k);
    }
    return true;
  }

  private insert(items: Array<{ key: string; expiresAt: string }>) {
    return this.database.query<{ key: string }>(
      `insert into nonces (key, expires_at) select * from unnest($1::text[], $2::timestamptz[])
       on conflict do nothing returning key`,
      [items.map((p) => p.key), items.map((p) => p.expiresAt)],
      { name: 'record_nonces' },
    );
  }

  /** One batch in flight at a time: what arrives meanwhile goes out together when it is done. */
  private schedule() {
    if (this.scheduled || this.flushing || !this.queue.length) return;
    this.scheduled = true;
    setImmediate(() => void this.flush());
  }

  private async flush() {
    this.scheduled = false;
    this.flushing = true;
    const batch = this.queue;
    this.queue = [];
    // The first of a key in the batch may be new; any later one is a replay of it.
    const first = new Map<string, Pending>();
    for (const p of batch) if (!first.has(p.key)) first.set(p.key, p);
    try {
      const { rows } = await this.insert([...first.values()]);
      const fresh = new Set(rows.map((r) => r.key));
      // Memory mode: memory already decided (a row is left over only from before its window).
      for (const p of batch) p.resolve(first.get(p.key) === p && (this.mode === 'memory' || fresh.has(p.key)));
    } catch (err) {
      // Not written, so not accepted: the caller's call fails, and the nonce may be sent again.
      if (this.mode === 'memory') for (const p of first.values()) this.seen.delete(p.key);
      for (const p of batch) p.reject(err);
    } finally {
      this.flushing = false;
      this.schedule();
    }
  }
}
