/**
 * What the server's read caches need to know: has anything a cached read depends on changed since
 * it was read? Changes come from the database itself (migration 0007: triggers announce every
 * committed write to the cached tables on the 'portal_changes' channel, from any code path,
 * connection or instance) and from this instance's own writes, noted by the database client as
 * they commit, so that the writer's next read never waits for the notification to arrive.
 *
 * A read takes a token (`begin()`) before it queries and asks `changedSince(token, deps)` before
 * it keeps or reuses the result. While the notifications cannot be received (the listening
 * connection is not up yet, or was lost), there is no token and nothing is cached; when they come
 * back, everything counts as changed.
 */
export const CHANGES_CHANNEL = 'portal_changes';

/**
 * What a cached read depends on: tables (any change in them), and single rows as '<table>:<id>'
 * (a change of that row, or one that may have touched every row of its table).
 */
export interface DataDeps {
  tables?: readonly string[];
  rows?: readonly string[];
}

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
  }
}
