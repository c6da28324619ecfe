/**
 * What the server's read caches need to know: has anything a cached read depends on changed since
 * it was read? One mechanism tells it: database triggers (migrations 0007 and 0009) announce every
 * committed write to a cached table on the 'portal_changes' channel, whichever code path,
 * connection or instance made it. Nothing in the server parses SQL to guess what it wrote.
 *
 * The writer's own next read: a write call's answer goes only after `settle()`, which sends a
 * marker on the same channel once the call has committed and waits until the marker comes back.
 * Notifications reach a listener in the order their transactions committed, so by then the call's
 * own change notifications have been noted (PostgreSQL: on the listening connection; PGlite: the
 * one process's listener, which hears them as each statement commits).
 *
 * A read takes a token (`begin()`) before it queries and asks `changedSince(token, deps)` before
 * it keeps or reuses the result. While the notifications cannot be received (the listening
 * connection is not up yet, or was lost), there is no token and nothing is cached; when they come
 * back, everything counts as changed.
 */
import { randomUUID } from 'node:crypto';

export const CHANGES_CHANNEL = 'portal_changes';

/**
 * Every table a cached read depends on. Each must have the change triggers of migration 0007/0009
 * for insert, update, delete and truncate (test/api/read-cache.test.ts checks the database); a
 * read may name only these in its DataDeps.
 */
export const CACHED_TABLES = [
  'companies',
  'users',
  'sessions',
  // The public site's pages (cloud-content site.cache.ts, migration 0024).
  'content_translations',
  'content_params',
  'content_param_groups',
  'content_sites',
] as const;
export type CachedTable = (typeof CACHED_TABLES)[number];

/**
 * What a cached read depends on: tables (any change in them), and single rows as '<table>:<id>'
 * (a change of that row, or one that may have touched every row of its table).
 */
export interface DataDeps {
  tables?: readonly CachedTable[];
  /** '<table>:<id>' of a cached table */
  rows?: readonly string[];
}

/** Payloads that are an instance's settle markers, not changes ('~' is in no table name). */
const SETTLE_PREFIX = '~settled:';
/** A marker that has not come back by then: the notifications are late, trust no cached read. */
const SETTLE_TIMEOUT_MS = 2_000;

/** Row changes remembered before they are folded into one "some row changed" mark. */
const MAX_ROW_MARKS = 20_000;

export class DataVersions {
  private seq = 0;
  private live = false;
  private everythingAt = 0;
  private rowsForgottenAt = 0;
  /** Any change in the table (a row or the whole). */
  private tables = new Map<string, number>();
  /** A change that may have touched every row of the table (a bulk write, a truncate). */
  private wholeTables = new Map<string, number>();
  private rows = new Map<string, number>();
  private readonly instance = randomUUID();
  private settleSeq = 0;
  private readonly settling = new Map<string, () => void>();
  private send: ((payload: string) => Promise<unknown>) | null = null;

  /** How this instance sends a payload on the changes channel (a `pg_notify` through its database). */
  attach(send: (payload: string) => Promise<unknown>) {
    this.send = send;
  }

  /**
   * Resolves once every change this instance committed before the call has been noted: it sends a
   * marker after them and waits for it to come back (see the head of this file). Without a live
   * listener nothing is cached and there is nothing to wait for. A marker that does not come back
   * in time counts as "everything changed".
   */
  async settle(timeoutMs = SETTLE_TIMEOUT_MS): Promise<void> {
    if (!this.live || !this.send) return;
    const marker = `${SETTLE_PREFIX}${this.instance}:${++this.settleSeq}`;
    let timer: NodeJS.Timeout | undefined;
    const back = new Promise<boolean>((resolve) => {
      this.settling.set(marker, () => resolve(true));
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      await this.send(marker);
      if (!(await back)) this.everythingChanged();
    } catch {
      this.everythingChanged();
    } finally {
      clearTimeout(timer);
      this.settling.delete(marker);
    }
  }

  /** Whether changes are being observed (caching is allowed). */
  get isLive() {
    return this.live;
  }

  /** A token for a read about to start, or null when nothing may be cached now. */
  begin(): number | null {
    return this.live ? this.seq : null;
  }

  /** Whether anything in `deps` (or everything) changed after `token` was taken. */
  changedSince(token: number | null, deps: DataDeps): boolean {
    if (token === null || !this.live || this.everythingAt > token) return true;
    for (const t of deps.tables ?? []) if ((this.tables.get(t) ?? 0) > token) return true;
    if (deps.rows?.length) {
      if (this.rowsForgottenAt > token) return true;
      for (const r of deps.rows) {
        if ((this.rows.get(r) ?? 0) > token) return true;
        // A change to the whole table covers its rows.
        if ((this.wholeTables.get(r.slice(0, r.indexOf(':'))) ?? 0) > token) return true;
      }
    }
    return false;
  }

  /** A notification's payload: '<table>' (any row may have changed) or '<table>:<id>' (that row). */
  noteChange(payload: string) {
    if (payload.startsWith(SETTLE_PREFIX)) {
      // Ours: everything sent before it has been noted. Another instance's: nothing changed.
      this.settling.get(payload)?.();
      return;
    }
    const at = ++this.seq;
    const colon = payload.indexOf(':');
    if (colon > 0) {
      if (this.rows.size >= MAX_ROW_MARKS) {
        this.rows.clear();
        this.rowsForgottenAt = at;
      }
      this.rows.set(payload, at);
      this.tables.set(payload.slice(0, colon), at);
    } else {
      this.tables.set(payload, at);
      this.wholeTables.set(payload, at);
    }
  }

  /** Notifications may have been missed (the listener went down or came up): every cached read is suspect. */
  everythingChanged() {
    this.everythingAt = ++this.seq;
    this.tables.clear();
    this.wholeTables.clear();
    this.rows.clear();
    this.rowsForgottenAt = 0;
  }

  /** The listening connection came up (true) or was lost (false). */
  setLive(live: boolean) {
    if (live === this.live) return;
    this.everythingChanged();
    this.live = live;
    // Markers may never come back now; nothing is cached until the listener is up again.
    if (!live) for (const done of this.settling.values()) done();
  }
}
