/**
 * The end-user log's recorder (issue 15 §5): the call router notes each app-facing call after it
 * answered (AppCallRecorder), and about once a second one INSERT ... unnest writes every call noted
 * since, so an app call never waits for its log row. Like the devices' last-seen buffer
 * (cloud-upgrade/device-api.last-seen.ts), a timer of this process and not a job: the records exist
 * only in this process's memory; close() (server shutdown) writes what is left.
 *
 * Bounded: a full buffer (MAX_PENDING) starts a write at once, and records beyond twice that while a
 * write is slow are dropped and counted (the log must never make the API fall over).
 */
import type { Database } from '../../db/client';
import type { AppCallRecord, AppCallRecorder } from '../../lib/context';
import { unsafeInsertEndUserLogs } from './end-user-log.repository';

const live = new Set<EndUserLogBuffer>();
const MAX_PENDING = 2_000;

export class EndUserLogBuffer implements AppCallRecorder {
  private pending: AppCallRecord[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  /** Records dropped because writes fell behind. */
  dropped = 0;

  constructor(
    private readonly database: Database,
    private readonly intervalMs = 1_000,
    private readonly onError: (err: unknown) => void = () => {},
  ) {
    live.add(this);
  }

  note(record: AppCallRecord): void {
    if (this.pending.length >= 2 * MAX_PENDING) {
      this.dropped++;
      return;
    }
    this.pending.push(record);
    if (this.pending.length >= MAX_PENDING) void this.flush();
    if (!this.timer) {
      this.timer = setInterval(() => void this.flush(), this.intervalMs);
      this.timer.unref();
    }
  }

  /** Writes what was noted so far (a write in progress finishes first). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.pending.length === 0) return;
      const batch = this.pending;
      this.pending = [];
      try {
        await unsafeInsertEndUserLogs(this.database, batch);
      } catch (err) {
        this.onError(err);
      }
    });
    return this.flushing;
  }

  async close() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
    live.delete(this);
  }
}

/** Writes every end-user log buffer of this process (tests and seeds, before reading the log). */
export async function flushEndUserLogs(): Promise<void> {
  await Promise.all([...live].map((b) => b.flush()));
}
