/**
 * Housekeeping that every instance declares and pg-boss runs once per tick across instances:
 * expired replay-protection nonces (every minute); expired verification codes, stale sign-in
 * counters and signing keys no session can use any more (every ten).
 */
import { END_USER_RENEW_IDLE_MS, IDLE_TIMEOUT_MS, LOGIN_LOCK_MINUTES } from '@portal/contract';
import type { Database } from '../../db/client';
import type { JobQueue } from './queue';

export const MAINTENANCE_JOBS = {
  purgeNonces: { name: 'maintenance.purge-nonces', cron: '* * * * *' },
  purgeCodes: { name: 'maintenance.purge-codes', cron: '*/10 * * * *' },
} as const;

async function deleteExpired(database: Database, table: 'nonces' | 'verification_codes', now: Date): Promise<number> {
  const { rows } = await database.query<{ n: number | string }>(
    `WITH gone AS (DELETE FROM ${table} WHERE expires_at < $1 RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    [now.toISOString()],
  );
  return Number(rows[0]?.n ?? 0);
}

/** Deletes nonces whose time window has passed; returns how many. */
export const purgeExpiredNonces = (database: Database, now = new Date()) => deleteExpired(database, 'nonces', now);

/** Deletes image and e-mail verification codes past their expiry; returns how many. */
export const purgeExpiredCodes = (database: Database, now = new Date()) => deleteExpired(database, 'verification_codes', now);

/**
 * Deletes sign-in counters (login_throttle, auth/login-attempts.ts) whose lock has ended or whose
 * window had no lock and is over, so that a spray of unknown accounts does not grow the table.
 */
export async function purgeLoginThrottle(database: Database, now = new Date(), lockMinutes = LOGIN_LOCK_MINUTES): Promise<number> {
  const { rows } = await database.query<{ n: number | string }>(
    `WITH gone AS (DELETE FROM login_throttle
        WHERE coalesce(locked_until, window_started_at + make_interval(mins => $2::int)) < $1::timestamptz RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [now.toISOString(), lockMinutes],
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Clears the signing keys still stored for sessions that can no longer sign a call: ended, or idle
 * past their limit (portal IDLE_TIMEOUT_MS, app END_USER_RENEW_IDLE_MS). Keys have been derived from
 * the token since migration 0045 and are never stored; a session that was live at that upgrade kept
 * its stored key until it renews or ends, and one abandoned without ending would have kept it for good.
 */
export async function clearUnusableSignKeys(database: Database, now = new Date()): Promise<number> {
  let cleared = 0;
  for (const [table, idleMs] of [
    ['sessions', IDLE_TIMEOUT_MS],
    ['end_user_sessions', END_USER_RENEW_IDLE_MS],
  ] as const) {
    const { rows } = await database.query<{ n: number | string }>(
      `WITH gone AS (UPDATE ${table} SET sign_key = NULL
          WHERE sign_key IS NOT NULL AND (ended_at IS NOT NULL OR last_active_at < $1::timestamptz) RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [new Date(now.getTime() - idleMs).toISOString()],
    );
    cleared += Number(rows[0]?.n ?? 0);
  }
  return cleared;
}

export function registerMaintenanceJobs(queue: JobQueue): void {
  const { purgeNonces, purgeCodes } = MAINTENANCE_JOBS;
  // 'singleton': a slow run is never overlapped by the next tick's job
  void queue.register(purgeNonces.name, async () => ({ deleted: await purgeExpiredNonces(queue.database) }), {
    policy: 'singleton',
    retryLimit: 0,
  });
  // Stale sign-in counters go with the codes, and so do signing keys no session can use.
  void queue.register(
    purgeCodes.name,
    async () => ({
      deleted: (await purgeExpiredCodes(queue.database)) + (await purgeLoginThrottle(queue.database)),
      signKeysCleared: await clearUnusableSignKeys(queue.database),
    }),
    { policy: 'singleton', retryLimit: 0 },
  );
  void queue.schedule(purgeNonces.name, purgeNonces.cron);
  void queue.schedule(purgeCodes.name, purgeCodes.cron);
}
