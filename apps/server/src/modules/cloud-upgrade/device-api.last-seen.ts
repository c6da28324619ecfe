/**
 * devices.last_seen_at, written in batches: a poll only notes the time in memory, and about once a
 * second one UPDATE ... FROM unnest writes every device seen since. It does not touch updated_at
 * (that marks a change of the device's data, which the engine looks at for late joiners).
 *
 * Why a timer and not a job: what it flushes exists only in this process's memory (the polls this
 * instance answered), so every instance must flush its own; a pg-boss job runs on whichever
 * instance fetches it, and would first need the times written to the database, the very write the
 * buffer saves the poll from. It is write-behind of the hot path, not scheduled work; close() (on
 * server shutdown) writes what is left.
 *
 * The same statement keeps the device's presence (insight, issue 15): a device seen again after the
 * online window becomes online, with its events; the poll itself writes nothing more.
 */
import { POLL_INTERVAL_SECONDS } from '@portal/contract';
import type { Database } from '../../db/client';
import { onlineWindowMs, unsafeWriteLastSeen } from '../insight';

const live = new Set<LastSeenBuffer>();

export class LastSeenBuffer {
  private pending = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: Database,
    private readonly intervalMs = 1_000,
    private readonly onError: (err: unknown) => void = () => {},
    private readonly windowMs = onlineWindowMs(POLL_INTERVAL_SECONDS),
  ) {
    live.add(this);
  }

  touch(deviceId: number, at: number) {
    this.pending.set(deviceId, at);
    if (!this.timer) {
      this.timer = setInterval(() => void this.flush(), this.intervalMs);
      this.timer.unref();
    }
  }

  /** Writes what was noted so far (a flush in progress finishes first). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.pending.size === 0) return;
      const batch = [...this.pending.entries()].sort(([a], [b]) => a - b);
      this.pending = new Map();
      try {
        await unsafeWriteLastSeen(this.database, batch, this.windowMs);
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

/** Flushes every buffer of this process (tests, before reading last_seen_at). */
export async function flushDeviceLastSeen(): Promise<void> {
  await Promise.all([...live].map((b) => b.flush()));
}
