/**
 * The upgrade module's background work, as one job: verifying and syncing uploaded packages (and
 * deleting uploads abandoned for PACKAGE_UPLOAD_ABANDON_DAYS), and moving release tasks on (waves,
 * gates, timeouts, expiry). Every instance declares the job; pg-boss runs it once per tick across
 * all of them (JobQueue.every). The work itself stays safe side by side, should two runs ever
 * overlap (an expired run still going): a task is moved on in its own transaction holding its row
 * (FOR UPDATE SKIP LOCKED), a package is claimed by a conditional state change. Tests call
 * runUpgradeOnce with their own clock instead of running the job.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { JobQueue } from '../../lib/jobs';
import type { AppServices } from '../../lib/services';
import { tickReleaseTasks } from './engine';
import { processPendingPackages } from './packages.processing';

export const UPGRADE_JOBS = { tick: { name: 'upgrade.tick' } } as const;

export async function runUpgradeOnce(database: Database, services: AppServices, now: number): Promise<void> {
  await processPendingPackages(database, services, now);
  await tickReleaseTasks(database, now);
}

export async function registerUpgradeJobs(
  queue: JobQueue,
  opts: { database: Database; services: AppServices; clock: Clock; log: FastifyBaseLogger; intervalMs: number },
): Promise<void> {
  await queue.every(
    UPGRADE_JOBS.tick.name,
    opts.intervalMs,
    async () => {
      try {
        await runUpgradeOnce(opts.database, opts.services, opts.clock.now());
      } catch (err) {
        opts.log.error({ err }, 'upgrade tick failed');
        throw err;
      }
    },
    // Package verification reads whole files: a run may take minutes, and holds the tick meanwhile.
    { expireInSeconds: 15 * 60 },
  );
}
