/**
 * The insight module's background work, two pg-boss timers (JobQueue.every: one run at a time
 * across every instance):
 * - `insight.presence`, every minute: devices silent past the online window go offline (with their
 *   event), and the fleet is sampled at each 5-minute mark (a mark is taken once);
 * - `insight.rollup`, every minute: the hourly and daily rollups catch up (rollup.repository.ts), and
 *   the failure rollup of the diagnostics' Pareto (failures.repository.ts);
 * - `insight.audit-seal`, every 15 s: the operation log is sealed, anchored hourly in the file store,
 *   and rows past AUDIT_RETENTION_DAYS go (audit-chain.ts);
 * - `insight.device-logs`, every minute: log requests past 24 h expire, and device logs past their
 *   brand's retention are purged with their files (device-logs.service.ts);
 * - `insight.end-user-log`, every hour: end-user log rows older than END_USER_LOG_RETENTION_DAYS go.
 * Tests call runPresenceOnce / runRollupOnce with their own clock instead of running the jobs.
 */
import { END_USER_LOG_RETENTION_DAYS, FLEET_SAMPLE_MINUTES, onlineWindowSeconds } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { FileStore } from '../../lib/files';
import type { JobQueue } from '../../lib/jobs';
import { runAuditSealOnce } from './audit-chain';
import { runDeviceLogUpkeep } from './device-logs.service';
import { unsafePurgeEndUserLogs } from './end-user-log.repository';
import { unsafeMarkOffline, unsafeSampleFleet } from './events.repository';
import { unsafeRollUpFailures } from './failures.repository';
import { unsafeRollUp } from './rollup.repository';

export const INSIGHT_JOBS = {
  presence: { name: 'insight.presence' },
  rollup: { name: 'insight.rollup' },
  auditSeal: { name: 'insight.audit-seal' },
  deviceLogs: { name: 'insight.device-logs' },
  endUserLog: { name: 'insight.end-user-log' },
} as const;

const SAMPLE_MS = FLEET_SAMPLE_MINUTES * 60_000;

export const onlineWindowMs = (pollSeconds: number) => onlineWindowSeconds(pollSeconds) * 1000;

export async function runPresenceOnce(
  database: Database,
  now: number,
  pollSeconds: number,
): Promise<{ offline: number; sampled: boolean }> {
  const windowMs = onlineWindowMs(pollSeconds);
  const offline = await unsafeMarkOffline(database, now, windowMs);
  const sampled = await unsafeSampleFleet(database, Math.floor(now / SAMPLE_MS) * SAMPLE_MS, windowMs);
  return { offline, sampled };
}

export async function runRollupOnce(database: Database, now: number, opts: { rebuild?: boolean } = {}) {
  const done = await unsafeRollUp(database, { ...opts, now });
  // The failure rollup (the diagnostics' Pareto) catches up in the same run, with its own watermark.
  await unsafeRollUpFailures(database, { ...opts, now });
  return done;
}

/** The end-user log's retention: rows older than END_USER_LOG_RETENTION_DAYS before `now` go; answers how many. */
export function runEndUserLogRetentionOnce(database: Database, now: number, days = END_USER_LOG_RETENTION_DAYS): Promise<number> {
  return unsafePurgeEndUserLogs(database, now - days * 86_400_000);
}

export async function registerInsightJobs(
  queue: JobQueue,
  opts: {
    database: Database;
    clock: Clock;
    log: FastifyBaseLogger;
    pollSeconds: number;
    fileStore: FileStore;
    auditRetentionDays: number;
  },
): Promise<void> {
  const guard = (what: string, fn: () => Promise<unknown>) => async () => {
    try {
      await fn();
    } catch (err) {
      opts.log.error({ err }, `${what} failed`);
      throw err;
    }
  };
  await queue.every(
    INSIGHT_JOBS.presence.name,
    60_000,
    guard('insight presence', () => runPresenceOnce(opts.database, opts.clock.now(), opts.pollSeconds)),
  );
  await queue.every(
    INSIGHT_JOBS.rollup.name,
    60_000,
    guard('insight rollup', () => runRollupOnce(opts.database, opts.clock.now())),
    { expireInSeconds: 15 * 60 },
  );
  await queue.every(
    INSIGHT_JOBS.auditSeal.name,
    15_000,
    guard('operation-log seal', () =>
      runAuditSealOnce(opts.database, opts.fileStore, opts.clock.now(), { retentionDays: opts.auditRetentionDays }),
    ),
    { expireInSeconds: 15 * 60 },
  );
  await queue.every(
    INSIGHT_JOBS.deviceLogs.name,
    60_000,
    guard('device log upkeep', () => runDeviceLogUpkeep(opts.database, opts.fileStore, opts.clock.now())),
    { expireInSeconds: 15 * 60 },
  );
  await queue.every(
    INSIGHT_JOBS.endUserLog.name,
    3_600_000,
    guard('end-user log retention', () => runEndUserLogRetentionOnce(opts.database, opts.clock.now())),
    { expireInSeconds: 15 * 60 },
  );
}
