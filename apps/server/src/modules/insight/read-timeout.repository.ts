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
 * The transaction with its `execute` statements queued one after another: a transaction is one
 * connection, which runs one statement at a time anyway, and the reads start several side by side
 * (node-postgres deprecates queueing them on its client). Once a statement has failed (the
 * transaction is aborted) or the read has ended, the statements still queued fail without being
 * sent: they would otherwise run after the rollback, outside the transaction and its timeout.
 */
function oneAtATime(tx: Tx): { tx: Tx; stop(): void } {
  let last: Promise<unknown> = Promise.resolve();
  let stopped: unknown = null;
  const queued = new Proxy(tx, {
    get(target, prop, receiver) {
      if (prop !== 'execute') return Reflect.get(target, prop, receiver) as unknown;
      return (query: Parameters<Tx['execute']>[0]) => {
        const run = last.then(() => {
          if (stopped) throw stopped;
          return target.execute(query);
        });
        last = run.catch((err: unknown) => {
          stopped ??= err;
        });
        return run;
      };
    },
  });
  return {
    tx: queued,
    stop() {
      stopped ??= new Error('the read has ended');
    },
  };
}

/** The timeout in whole milliseconds, at least 1. */
const timeoutOf = (timeoutMs: number) => Math.max(1, Math.floor(timeoutMs));

/**
 * An expression that sets the transaction's statement timeout from the statement selecting it on
 * (`set local` inside a query): a read's cheap first statement carries it, one round trip less.
 */
export const statementTimeoutSql = (timeoutMs: number) => sql`set_config('statement_timeout', ${String(timeoutOf(timeoutMs))}, true)`;

/**
 * Runs `read` on a transaction whose statements time out after `timeoutMs`. Everything `read` runs
 * must go through the transaction it is given (on PGlite's one connection a statement beside the
 * open transaction would wait for it forever), with `execute`. `firstStatementSets`: `read`'s first
 * statement selects statementTimeoutSql itself (a cheap one: it runs before the timeout holds).
 */
export async function withStatementTimeout<T>(
  db: Db | Tx,
  timeoutMs: number,
  read: (tx: Tx) => Promise<T>,
  opts: { firstStatementSets?: boolean } = {},
): Promise<T> {
  const ms = timeoutOf(timeoutMs);
  try {
    return await db.transaction(async (tx) => {
      if (!opts.firstStatementSets) await tx.execute(sql.raw(`set local statement_timeout = ${ms}`));
      const queue = oneAtATime(tx);
      try {
        return await read(queue.tx);
      } finally {
        queue.stop();
      }
    });
  } catch (err) {
    if (isStatementTimeout(err)) throw new AppError(ErrorCodes.statsTimeout, undefined, `statement timeout after ${ms} ms`);
    throw err;
  }
}
