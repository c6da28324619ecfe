/**
 * How a call's handler runs against the database: write calls in one transaction (the handler's
 * writes, its operation-log entry and its outgoing mail commit together or not at all), reads and
 * `transaction: false` calls on the database itself. Around it:
 * - `ctx.sendMail` writes the mail to the outbox in the transaction; after the commit the mail
 *   service hands it to the delivery job, so a mail never leaves for a call that failed;
 * - `ctx.afterCommit` work runs once the transaction has committed;
 * - `ctx.persist` writes run after the call has ended either way (a wrong verification-code
 *   attempt must count although the refusal rolls the call back);
 * - after a write call, the read cache has heard of its changes before the answer goes (see
 *   DataVersions.settle), so the caller's next read never sees the data as they were.
 */
import type { Database, Db, Tx } from '../db/client';
import type { CallContext } from '../lib/context';
import type { AppServices } from '../lib/services';

type Work = () => Promise<unknown> | unknown;

export interface CallRun {
  /** The context parts this module provides; the router adds the rest. */
  bind(db: Db | Tx): Pick<CallContext, 'sendMail' | 'afterCommit' | 'persist'>;
  /** Runs `handler` in a transaction (`transactional`) or not, then the deferred work. */
  execute<T>(transactional: boolean, handler: (db: Db | Tx) => Promise<T>): Promise<T>;
}

export function callRun(
  database: Database,
  services: AppServices,
  log: { warn(obj: object, msg?: string): void },
  opts: { write: boolean },
): CallRun {
  const afterCommit: Work[] = [];
  const persisted: Array<(db: Db) => Promise<unknown>> = [];
  const mails: number[] = [];

  const runPersisted = async () => {
    // Each in its own statement, outside the call's (ended) transaction; a failure here is the
    // call's failure, as the write would have been if it had been made inline.
    for (const write of persisted.splice(0)) await write(database.db);
  };

  return {
    bind(db) {
      return {
        async sendMail(to, template, locale, vars) {
          const id = await services.mail.enqueue(db, to, template, locale, vars);
          if (id !== null) mails.push(id);
        },
        afterCommit(work) {
          afterCommit.push(work);
        },
        persist(write) {
          persisted.push(write);
        },
      };
    },
    async execute(transactional, handler) {
      let result: Awaited<ReturnType<typeof handler>>;
      try {
        result = transactional ? await database.db.transaction((tx) => handler(tx)) : await handler(database.db);
      } catch (err) {
        mails.length = 0;
        afterCommit.length = 0;
        await runPersisted();
        throw err;
      }
      await runPersisted();
      if (opts.write) await services.versions.settle();
      if (mails.length)
        await services.mail
          .dispatch(mails.splice(0))
          .catch((err: unknown) => log.warn({ err }, 'mail dispatch failed (the sweep job sends it)'));
      for (const work of afterCommit.splice(0)) {
        try {
          await work();
        } catch (err) {
          log.warn({ err }, 'after-commit work failed');
        }
      }
      return result;
    },
  };
}
