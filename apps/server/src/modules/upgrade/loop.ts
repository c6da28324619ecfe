/**
 * The upgrade module's background work: verifying and syncing uploaded packages (and deleting
 * uploads abandoned for PACKAGE_UPLOAD_ABANDON_DAYS), and moving release
 * tasks on (waves, gates, timeouts, expiry). All state is in the database; each instance runs the
 * loop, and the work is safe side by side: a task is moved on in its own transaction holding its
 * row (FOR UPDATE SKIP LOCKED), a package is claimed by a conditional state change. Tests call
 * runUpgradeOnce with their own clock instead of starting the loop.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { AppServices } from '../../lib/services';
import { tickReleaseTasks } from './engine';
import { processPendingPackages } from './packages.calls';

export async function runUpgradeOnce(database: Database, services: AppServices, now: number): Promise<void> {
  await processPendingPackages(database, services, now);
  await tickReleaseTasks(database, now);
}

export function startUpgradeLoop(opts: { database: Database; services: AppServices; clock: Clock; log: FastifyBaseLogger; intervalMs: number }): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => runUpgradeOnce(opts.database, opts.services, opts.clock.now());
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = tick()
      .catch((err: unknown) => opts.log.error({ err }, 'upgrade loop tick failed'))
      .finally(() => {
        running = null;
      });
  }, opts.intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    if (running) await running;
  };
}
