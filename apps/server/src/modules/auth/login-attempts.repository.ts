/**
 * The counters of login-attempts.ts, each one atomic statement. Unscoped by nature (named unsafe...):
 * they run before anyone is signed in, keyed by a user id found by e-mail or by a throttle key
 * (source address, unknown account), never by a tenant.
 */
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { loginThrottle, users } from '../../db/schema';

type AnyDb = Db | Tx;
const LOCK_MS = LOGIN_LOCK_MINUTES * 60_000;
/** A time as a query parameter (the same on PGlite and node-postgres). */
const tsz = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Reserve one attempt on a user's own counter; answers the attempt's number and the lock end. */
export async function unsafeReserveUserAttempt(db: AnyDb, userId: number, now: number) {
  const at = new Date(now);
  const lockEnds = new Date(now + LOCK_MS);
  const expired = sql`(${users.status} = 'auto_locked' and (${users.lockedUntil} is null or ${users.lockedUntil} <= ${tsz(at)}))`;
  const reaches = sql`(${users.status} = 'normal' and ${users.failedLogins} + 1 >= ${LOGIN_MAX_FAILURES})`;
  const [row] = await db
    .update(users)
    .set({
      failedLogins: sql`case when ${expired} then 1 else least(${users.failedLogins} + 1, 1000) end`,
      status: sql`case when ${expired} then 'normal' when ${reaches} then 'auto_locked' else ${users.status} end`,
      lockedUntil: sql`case when ${expired} then null when ${reaches} then ${tsz(lockEnds)} else ${users.lockedUntil} end`,
    })
    .where(eq(users.id, userId))
    .returning({ failures: users.failedLogins, status: users.status, lockedUntil: users.lockedUntil });
  return row
    ? { failures: Number(row.failures), lockedUntil: row.lockedUntil }
    : { failures: LOGIN_MAX_FAILURES + 1, lockedUntil: lockEnds };
}

/** Reserve one attempt on a throttle key (address or unknown account); answers its number and the lock end. */
export async function unsafeReserveThrottleKey(db: AnyDb, key: string, max: number, now: number) {
  const at = new Date(now);
  const lockEnds = new Date(now + LOCK_MS);
  const windowStart = new Date(now - LOCK_MS);
  const t = loginThrottle;
  // A new window once the lock has ended, or when the last window had no lock and is over.
  const fresh = sql`((${t.lockedUntil} is not null and ${t.lockedUntil} <= ${tsz(at)}) or (${t.lockedUntil} is null and ${t.windowStartedAt} <= ${tsz(windowStart)}))`;
  const [row] = await db
    .insert(t)
    .values({ key, failures: 1, windowStartedAt: at, lockedUntil: max <= 1 ? lockEnds : null })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`case when ${fresh} then 1 else least(${t.failures} + 1, 1000000) end`,
        windowStartedAt: sql`case when ${fresh} then ${tsz(at)} else ${t.windowStartedAt} end`,
        lockedUntil: sql`case when ${fresh} then null when ${t.failures} + 1 >= ${max} and ${t.lockedUntil} is null then ${tsz(lockEnds)} else ${t.lockedUntil} end`,
      },
    })
    .returning({ failures: t.failures, lockedUntil: t.lockedUntil });
  return { failures: Number(row.failures), lockedUntil: row.lockedUntil };
}

export async function unsafeReleaseThrottleKey(db: AnyDb, key: string) {
  await db
    .update(loginThrottle)
    .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
    .where(eq(loginThrottle.key, key));
}

export async function unsafeClearUserFailures(db: AnyDb, userId: number) {
  await db
    .update(users)
    .set({
      failedLogins: 0,
      lockedUntil: null,
      status: sql`case when ${users.status} = 'auto_locked' then 'normal' else ${users.status} end`,
    })
    .where(eq(users.id, userId));
}
