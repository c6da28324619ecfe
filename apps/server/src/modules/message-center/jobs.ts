/**
 * The message centre's background work on pg-boss: one job per fan-out page (each queues the
 * next), the scheduled release of a message (a job started at its time), and a sweep every minute
 * that releases what is due (should a scheduled job have been lost) and restarts any fan-out whose
 * chain broke (a process died between a page and the next job). Pages and releases are safe to run
 * twice (fanout.ts, markReleased's condition). Tests call runMessageJobsOnce with their own clock.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { JobQueue } from '../../lib/jobs';
import { MESSAGE_JOBS, runFanout, runFanoutPage, type FanoutJob } from './fanout';
import type { SealKeyring } from '../../lib/secrets';
import { runPushesOnce } from './push.service';
import { markReleased, unsafeDueScheduled, unsafeUnfinishedFanouts } from './messages.repository';

/** Releases a message whose scheduled time has come (only if still to be released at that time). */
export async function releaseScheduled(database: Database, messageId: number, releaseAt: Date, now: Date): Promise<FanoutJob | null> {
  const generation = await markReleased(database.db, messageId, now, releaseAt);
  return generation === null ? null : { messageId, generation };
}

/** Everything due now, done here: scheduled releases, then every unfinished fan-out to its end. */
export async function runMessageJobsOnce(database: Database, now: number): Promise<void> {
  for (const due of await unsafeDueScheduled(database.db, new Date(now))) {
    await releaseScheduled(database, due.id, new Date(due.release_at), new Date(now));
  }
  for (const f of await unsafeUnfinishedFanouts(database.db)) {
    await runFanout(database, { messageId: f.id, generation: f.generation }, () => new Date(now));
  }
}

export async function registerMessageJobs(
  queue: JobQueue,
  opts: { database: Database; clock: Clock; log: FastifyBaseLogger; sealKeys: SealKeyring },
): Promise<void> {
  const { database, clock, log } = opts;
  const now = () => new Date(clock.now());
  const pushDeps = { database, sealKeys: opts.sealKeys, now, log };
  const kick = () => queue.send(MESSAGE_JOBS.push.name, {}, { singletonKey: 'push', singletonSeconds: 1 });
  await queue.register(
    MESSAGE_JOBS.push.name,
    async () => {
      const r = await runPushesOnce(pushDeps);
      return r;
    },
    { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 15 * 60 },
  );
  const sendPage = (job: FanoutJob) => queue.send(MESSAGE_JOBS.fanout.name, job, { retryLimit: 5, retryDelay: 5, retryBackoff: true });
  await queue.register<FanoutJob>(
    MESSAGE_JOBS.fanout.name,
    async (job) => {
      const outcome = await runFanoutPage(database, job.data, now());
      if (outcome === 'more') await sendPage(job.data);
      // The page's pushes (end users), sent after its commit.
      await kick();
      return { outcome };
    },
    { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 15 * 60 },
  );
  await queue.register<{ messageId: number; releaseAt: number }>(
    MESSAGE_JOBS.release.name,
    async (job) => {
      const fanout = await releaseScheduled(database, job.data.messageId, new Date(job.data.releaseAt), now());
      if (fanout) await sendPage(fanout);
      return { released: !!fanout };
    },
    { retryLimit: 3 },
  );
  await queue.register(
    MESSAGE_JOBS.sweep.name,
    async () => {
      try {
        const due = await unsafeDueScheduled(database.db, now());
        for (const d of due) {
          const fanout = await releaseScheduled(database, d.id, new Date(d.release_at), now());
          if (fanout) await sendPage(fanout);
        }
        // A chain runs ahead of this by far; a page sent twice does nothing twice.
        for (const f of await unsafeUnfinishedFanouts(database.db)) {
          await queue.send(
            MESSAGE_JOBS.fanout.name,
            { messageId: f.id, generation: f.generation },
            { singletonKey: `${f.id}:${f.generation}`, singletonSeconds: 120, retryLimit: 5 },
          );
        }
        // Pushes whose retry is due (a provider was down), and any a lost job left behind.
        await kick();
        return { released: due.length };
      } catch (err) {
        log.error({ err }, 'message sweep failed');
        throw err;
      }
    },
    { policy: 'singleton', retryLimit: 0 },
  );
  await queue.schedule(MESSAGE_JOBS.sweep.name, MESSAGE_JOBS.sweep.cron);
}
