/**
 * The content module's background work: due schedules (release, take off the shelf) run by one
 * pg-boss job every tick, across every instance once (JobQueue.every). Schedules are rows, so they
 * survive restarts; a run takes each with SKIP LOCKED and ends it once (content.service.ts
 * runDueSchedules). Tests call runContentOnce with their own clock.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { JobQueue } from '../../lib/jobs';
import { runDueSchedules } from './content.service';

export const CONTENT_JOBS = { schedules: { name: 'content.schedules' } } as const;

export function runContentOnce(database: Database, now: number) {
  return runDueSchedules(database, now);
}

export async function registerContentJobs(
  queue: JobQueue,
  opts: { database: Database; clock: Clock; log: FastifyBaseLogger; intervalMs: number },
): Promise<void> {
  await queue.every(CONTENT_JOBS.schedules.name, opts.intervalMs, async () => {
    try {
      const r = await runContentOnce(opts.database, opts.clock.now());
      if (r.done + r.failed > 0) opts.log.info(r, 'content schedules run');
    } catch (err) {
      opts.log.error({ err }, 'content schedules failed');
      throw err;
    }
  });
}
