/**
 * The statement timeout of statistics and diagnostics reads (SPEC §9: 15 s drawing threshold): the
 * read runs in a transaction of its own whose statements PostgreSQL cancels after `timeoutMs`
 * (`set local`, so the connection goes back to the pool without it). A cancelled statement
 * (SQLSTATE 57014) answers statsTimeout, never a 500. PGlite takes the setting but has no timer to
 * cancel with: there the read runs to its end.
 */
import { ErrorCodes } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';

/** SQLSTATE query_canceled: statement_timeout (or a cancel request) stopped the statement. */
const QUERY_CANCELED = '57014';

export function isStatementTimeout(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === QUERY_CANCELED) return true;
  }
  return false;
}

/**
 * Runs `read` on a transaction whose statements time out after `timeoutMs`. Everything `read` runs
 * must go through the transaction it is given (on PGlite's one connection a statement beside the
 * open transaction would wait for it forever).
 */
export async function withStatementTimeout<T>(db: Db | Tx, timeoutMs: number, read: (tx: Tx) => Promise<T>): Promise<T> {
  const ms = Math.max(1, Math.floor(timeoutMs));
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = ${ms}`));
      return read(tx);
    });
  } catch (err) {
    if (isStatementTimeout(err)) throw new AppError(ErrorCodes.statsTimeout, undefined, `statement timeout after ${ms} ms`);
    throw err;
  }
}
