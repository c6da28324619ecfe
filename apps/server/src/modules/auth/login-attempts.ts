/**
 * Password attempts that concurrency cannot multiply (issue 11 §1.3). Every attempt is first
 * reserved with one atomic `UPDATE ... RETURNING` (or upsert) that counts it as a failure; only an
 * attempt whose reserved number is within the limit may verify the password, so parallel guesses
 * get at most the limit. A right password then gives the reservation back (the account's counter
 * starts again; the address's counter loses this one attempt).
 *
 * Limits: LOGIN_MAX_FAILURES per account, LOGIN_MAX_FAILURES_PER_ADDRESS per source address, each
 * locking for LOGIN_LOCK_MINUTES: a lock always ends, and the answer says in how many minutes.
 * An unknown account is counted under its e-mail and verified against a dummy hash, so that it
 * answers like a known one, in the same time.
 *
 * The counters are written on `db` as given: callers pass the database itself, never a call's
 * transaction (login and check-pwd are read calls; password change, unregister and registration
 * resubmit run with `transaction: false`), so each reservation is committed before the password is
 * checked and a refusal cannot roll it back. Not through `ctx.persist`: that writes after the call,
 * too late to hold back the guesses running beside it.
 */
import { ErrorCodes, LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES, LOGIN_MAX_FAILURES_PER_ADDRESS } from '@portal/contract';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hashPassword, randomToken, verifyPassword } from '../../lib/secrets';
import {
  unsafeClearUserFailures,
  unsafeReleaseThrottleKey,
  unsafeReserveThrottleKey,
  unsafeReserveUserAttempt,
} from './login-attempts.repository';

type AnyDb = Db | Tx;
const LOCK_MS = LOGIN_LOCK_MINUTES * 60_000;
const minutesLeft = (until: Date | null, now: number) => Math.max(1, Math.ceil(((until?.getTime() ?? now + LOCK_MS) - now) / 60_000));

let dummyHash: Promise<string> | null = null;
/** An argon2id hash nobody knows the password of: verifying against it costs what a real check costs. */
function dummy(): Promise<string> {
  return (dummyHash ??= hashPassword(randomToken()));
}

/** Verify a password against a stored hash; a hash that is not argon2 (not registered yet) costs the same. */
export async function verifyInConstantTime(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash || !storedHash.startsWith('$argon2')) {
    await verifyPassword(await dummy(), password);
    return false;
  }
  return verifyPassword(storedHash, password);
}

/**
 * An account's own failure counter, for accounts that are not portal users (the app-api module's
 * end users): `reserve` counts one attempt in one atomic statement and answers its number and the
 * lock's end; `succeeded` starts the count again.
 */
export interface AccountCounter {
  reserve(db: AnyDb, now: number): Promise<{ failures: number; lockedUntil: Date | null }>;
  succeeded(db: AnyDb): Promise<void>;
}

export interface PasswordAttempt {
  /** The account's user, or null for an e-mail no account uses. */
  user: { id: number; passwordHash: string } | null;
  /** The user's counter when it is not a portal user (default: the users table's). */
  counter?: AccountCounter;
  /** The e-mail as typed (normalized), the counter of an unknown account. */
  account: string;
  password: string;
  /** Source address; null for a signed-in user's own checks (check-pwd, password change). */
  ip: string | null;
  now: number;
}

/**
 * One password attempt, counted like a login: true for the right password. A wrong one throws
 * 7010 with the attempts left (or 7011 when it was the last), a locked account 7011 and a locked
 * address 7051, both with the minutes to wait; `onWrong` replaces 7010 (e.g. 7014 "old password
 * wrong" of a password change).
 */
export async function attemptPassword(db: AnyDb, a: PasswordAttempt, onWrong?: () => AppError): Promise<true> {
  const addressKey = a.ip === null ? null : `ip:${a.ip}`;
  if (addressKey) {
    const addr = await unsafeReserveThrottleKey(db, addressKey, LOGIN_MAX_FAILURES_PER_ADDRESS, a.now);
    if (addr.failures > LOGIN_MAX_FAILURES_PER_ADDRESS)
      throw new AppError(ErrorCodes.addressLocked, { minutes: minutesLeft(addr.lockedUntil, a.now) });
  }
  const accountKey = `acct:${a.account}`;
  const acct = a.user
    ? await (a.counter ? a.counter.reserve(db, a.now) : unsafeReserveUserAttempt(db, a.user.id, a.now))
    : await unsafeReserveThrottleKey(db, accountKey, LOGIN_MAX_FAILURES, a.now);
  if (acct.failures > LOGIN_MAX_FAILURES) {
    // No password was tried: the address keeps its attempt.
    if (addressKey) await unsafeReleaseThrottleKey(db, addressKey);
    throw new AppError(ErrorCodes.accountLocked, { minutes: minutesLeft(acct.lockedUntil, a.now) });
  }
  const ok = await verifyInConstantTime(a.user?.passwordHash, a.password);
  if (ok && a.user) {
    await (a.counter ? a.counter.succeeded(db) : unsafeClearUserFailures(db, a.user.id));
    if (addressKey) await unsafeReleaseThrottleKey(db, addressKey);
    return true;
  }
  if (acct.failures >= LOGIN_MAX_FAILURES) throw new AppError(ErrorCodes.accountLocked, { minutes: minutesLeft(acct.lockedUntil, a.now) });
  throw onWrong ? onWrong() : new AppError(ErrorCodes.wrongCredentials, { remaining: LOGIN_MAX_FAILURES - acct.failures });
}
