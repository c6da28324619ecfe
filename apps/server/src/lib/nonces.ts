import type { Database } from '../db/client';

interface Pending {
  key: string;
  expiresAt: string;
  resolve(fresh: boolean): void;
  reject(err: unknown): void;
}

/**
 * Replay protection's record of nonces (SPEC §7): a nonce is accepted once, and kept in the
 * database as long as its time could still be accepted, so every instance refuses a replay.
 * Nonces arriving together are written together: one insert is in flight at a time, and everything
 * queued meanwhile goes out as the next one (a group commit); each caller learns whether its own
 * nonce was new. The database stays the one authority; a batch only saves statements.
 */
export class NonceRecorder {
  private queue: Pending[] = [];
  private scheduled = false;
  private flushing = false;

  constructor(private database: Database) {}

  /** Whether `key` was new (and is now recorded until `expiresAt`). */
  record(key: string, expiresAt: Date): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      this.queue.push({ key, expiresAt: expiresAt.toISOString(), resolve, reject });
      this.schedule();
    });
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
    const items = [...first.values()];
    try {
      const { rows } = await this.database.query<{ key: string }>(
        `insert into nonces (key, expires_at) select * from unnest($1::text[], $2::timestamptz[])
         on conflict do nothing returning key`,
        [items.map((p) => p.key), items.map((p) => p.expiresAt)],
        { name: 'record_nonces' },
      );
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
