import type { Database } from '../db/client';
import type { Clock } from './clock';

interface Pending {
  key: string;
  expiresAt: string;
  resolve(fresh: boolean): void;
  reject(err: unknown): void;
}

/** How often the embedded mode writes its new nonces to the database, and forgets expired ones. */
const WRITE_BEHIND_MS = 100;
const PRUNE_EVERY_MS = 30_000;

/**
 * Replay protection's record of nonces (SPEC §7): a nonce is accepted once, and kept as long as its
 * time could still be accepted.
 *
 * - `database` mode (PostgreSQL, where several instances may serve): the database is the one
 *   authority, so every instance refuses a replay. Nonces arriving together are written together:
 *   one insert is in flight at a time, and everything queued meanwhile goes out as the next one (a
 *   group commit); each caller learns whether its own nonce was new.
 * - `memory` mode (the embedded PGlite database, which one process owns): this process is the
 *   only one that can see a call, so its memory decides, and the nonces are written behind to the
 *   database every 100 ms and read back at start, so a restart does not forget them. A crash can
 *   lose the last 100 ms of them, the same trade-off PostgreSQL's hot connections make with
 *   asynchronous commit.
 */
export class NonceRecorder {
  readonly mode: 'database' | 'memory';
  private queue: Pending[] = [];
  private scheduled = false;
  private flushing = false;
  private seen = new Map<string, number>();
  private unwritten: Array<{ key: string; expiresAt: string }> = [];
  private timer: NodeJS.Timeout | null = null;
  private lastPrune = 0;

  constructor(
    private database: Database,
    private clock: Clock,
    mode?: 'database' | 'memory',
  ) {
    this.mode = mode ?? (database.kind === 'pglite' ? 'memory' : 'database');
  }

  /** Memory mode: read back the nonces still in their window, and start writing behind. */
  async start() {
    if (this.mode !== 'memory') return;
    const { rows } = await this.database.query<{ key: string; expires_at: Date | string }>(`select key, expires_at from nonces where expires_at > $1::timestamptz`, [
      new Date(this.clock.now()).toISOString(),
    ]);
    for (const r of rows) this.seen.set(r.key, new Date(r.expires_at).getTime());
    this.timer = setInterval(() => void this.writeBehind(), WRITE_BEHIND_MS);
    this.timer.unref();
  }

  /** Memory mode: write what is left (before the database closes). */
  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.writeBehind();
  }

  /** Whether `key` was new (and is now recorded until `expiresAt`). */
  record(key: string, expiresAt: Date): Promise<boolean> {
    if (this.mode === 'memory') return Promise.resolve(this.recordInMemory(key, expiresAt));
    return new Promise<boolean>((resolve, reject) => {
      this.queue.push({ key, expiresAt: expiresAt.toISOString(), resolve, reject });
      this.schedule();
    });
  }

  private recordInMemory(key: string, expiresAt: Date): boolean {
    const now = this.clock.now();
    const until = this.seen.get(key);
    if (until !== undefined && until > now) return false;
    this.seen.set(key, expiresAt.getTime());
    this.unwritten.push({ key, expiresAt: expiresAt.toISOString() });
    if (now - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = now;
      for (const [k, t] of this.seen) if (t <= now) this.seen.delete(k);
    }
    return true;
  }

  private async writeBehind() {
    if (!this.unwritten.length) return;
    const batch = this.unwritten;
    this.unwritten = [];
    try {
      await this.insert(batch);
    } catch {
      // Kept for the next round (the database may be closing or busy).
      this.unwritten = batch.concat(this.unwritten);
    }
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
      for (const p of batch) p.resolve(first.get(p.key) === p && fresh.has(p.key));
    } catch (err) {
      for (const p of batch) p.reject(err);
    } finally {
      this.flushing = false;
      this.schedule();
    }
  }
}
