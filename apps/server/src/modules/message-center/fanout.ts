/**
 * The fan-out of a released message: receipts are written page by page, each page one transaction
 * holding the message row (FOR UPDATE): one INSERT ... SELECT ... ON CONFLICT DO NOTHING of the next
 * recipients after the keyset cursor, then the cursor moves on. A page that dies (process killed,
 * statement failed) leaves the cursor where it was and is run again; a page run twice writes nothing
 * twice. A withdraw waits for the page in progress and stops the rest (pages run only while the
 * message is released, in the generation of its release). With a job queue each page is a job that
 * queues the next; without one (tests, tools) the pages run in the process after the commit.
 */
import { MESSAGE_FANOUT_PAGE } from '@portal/contract';
import type { Database, Db, Tx } from '../../db/client';
import { announce } from '../../lib/live';
import type { AppServices } from '../../lib/services';
import { MESSAGE_JOBS } from './message-jobs';
import { kickPushes } from './push.service';
import { unsafeAdvanceFanout, unsafeInsertReceiptPage, unsafeLockFanout, unsafeNoJitForTransaction } from './messages.repository';

export { MESSAGE_JOBS };

/** Settings of the fan-out; tests shrink the page and take the pages in hand. */
export const fanoutSettings = {
  pageSize: MESSAGE_FANOUT_PAGE,
  /** Without a job queue, run the pages in the process after the release commits. */
  inline: true,
};

export type PageOutcome = 'more' | 'done' | 'stopped';

export interface FanoutJob {
  messageId: number;
  generation: number;
}

/**
 * One page. `hooks.afterInsert` runs between the receipts and the cursor (tests kill the page there).
 */
export async function runFanoutPage(
  database: Database,
  job: FanoutJob,
  now: Date,
  opts: { pageSize?: number; afterInsert?: () => void | Promise<void>; tally?: { queued: number } } = {},
): Promise<PageOutcome> {
  return database.db.transaction((tx) => fanoutPageIn(tx, job, now, opts));
}

/** One page in the caller's transaction (which holds the message row from here to its end). */
export async function fanoutPageIn(
  tx: Db | Tx,
  job: FanoutJob,
  now: Date,
  opts: { pageSize?: number; afterInsert?: () => void | Promise<void>; tally?: { queued: number } } = {},
): Promise<PageOutcome> {
  const pageSize = opts.pageSize ?? fanoutSettings.pageSize;
  const m = await unsafeLockFanout(tx, job.messageId, job.generation);
  if (!m) return 'stopped';
  await unsafeNoJitForTransaction(tx);
  const r = await unsafeInsertReceiptPage(tx, m, pageSize, now);
  if (opts.tally) opts.tally.queued += r.queued;
  await opts.afterInsert?.();
  const done = r.n < pageSize;
  await unsafeAdvanceFanout(tx, m.id, job.generation, r.lastId ?? m.fanout_cursor, done, r.inserted);
  // The page's recipients have a new unread message once this commits (the live channel).
  if (r.inserted > 0) await announce(tx, { t: 'inbox', m: m.id });
  return done ? 'done' : 'more';
}

/** Every page of a fan-out, one after another; answers how many pushes they queued. */
export async function runFanout(database: Database, job: FanoutJob, now: () => Date, pageSize?: number): Promise<number> {
  const tally = { queued: 0 };
  while ((await runFanoutPage(database, job, now(), { pageSize, tally })) === 'more');
  return tally.queued;
}

/** After a release has committed: the first page's job, or (no queue) the pages here. */
export async function startFanout(database: Database, services: AppServices, job: FanoutJob, now: () => Date): Promise<void> {
  const queue = services.jobs();
  if (queue) {
    await queue.send(MESSAGE_JOBS.fanout.name, job, { retryLimit: 5, retryDelay: 5, retryBackoff: true });
    return;
  }
  if (fanoutSettings.inline) {
    if ((await runFanout(database, job, now)) > 0) await kickPushes(services, database, now);
  }
}
