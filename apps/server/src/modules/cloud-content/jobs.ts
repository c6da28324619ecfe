/**
 * The content module's background work: due schedules (release, take off the shelf) run by one
 * pg-boss job every tick, across every instance once (JobQueue.every). Schedules are rows, so they
 * survive restarts; a run takes each with SKIP LOCKED and ends it once (content.service.ts
 * runDueSchedules). Tests call runContentOnce with their own clock.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { FileStore } from '../../lib/files';
import type { JobQueue } from '../../lib/jobs';
import { purgeUnattachedUploads } from './assets.service';
import { purgeExpiredUploadSessions } from './uploads.service';
import { unsafeSiteById } from './content.repository';
import { runDueSchedules } from './content.service';
import { AUTO_FILES_JOB, fileSiteProducts, requestAutoFiles, type AutoFilesJob } from './documents.service';

export const CONTENT_JOBS = {
  schedules: { name: 'content.schedules' },
  purgeUploads: { name: 'content.purge-uploads' },
  autoFiles: { name: AUTO_FILES_JOB },
} as const;

/** How often unattached uploads older than 24 h are looked for. */
export const UPLOAD_PURGE_INTERVAL_MS = 15 * 60 * 1000;

export function runContentOnce(database: Database, now: number) {
  return runDueSchedules(database, now);
}

/**
 * Files one site's products again (the auto files), in one transaction, as of `now`: what a
 * release or take-off of a product, category, manual or tech video asked for.
 */
export async function runAutoFilesJob(database: Database, store: FileStore, job: AutoFilesJob, now: number) {
  return database.db.transaction(async (tx) => {
    const site = await unsafeSiteById(tx, job.siteId);
    if (!site) return null;
    return fileSiteProducts({ db: tx, store }, site, { companyId: site.companyId, userId: null, name: job.by }, new Date(now));
  });
}

export async function registerContentJobs(
  queue: JobQueue,
  opts: { database: Database; clock: Clock; log: FastifyBaseLogger; intervalMs: number; fileStore?: FileStore },
): Promise<void> {
  const store = opts.fileStore;
  if (store)
    await queue.register<AutoFilesJob>(
      CONTENT_JOBS.autoFiles.name,
      async (job) => {
        try {
          return await runAutoFilesJob(opts.database, store, job.data, opts.clock.now());
        } catch (err) {
          opts.log.error({ err, siteId: job.data.siteId }, 'content auto files failed');
          throw err;
        }
      },
      // Keyed by site: one run waits while one goes; a failure (two runs racing on a new folder) is retried.
      { policy: 'stately', retryLimit: 3, retryDelay: 10, retryBackoff: true },
    );
  if (store)
    await queue.every(CONTENT_JOBS.purgeUploads.name, UPLOAD_PURGE_INTERVAL_MS, async () => {
      try {
        const r = await purgeUnattachedUploads(opts.database, store, opts.clock.now());
        if (r.purged + r.kept > 0) opts.log.info(r, 'content uploads purged');
        const sessions = await purgeExpiredUploadSessions(opts.database, store, opts.clock.now());
        if (sessions > 0) opts.log.info({ sessions }, 'expired content upload sessions purged');
      } catch (err) {
        opts.log.error({ err }, 'content upload purge failed');
        throw err;
      }
    });
  await queue.every(CONTENT_JOBS.schedules.name, opts.intervalMs, async () => {
    try {
      const r = await runContentOnce(opts.database, opts.clock.now());
      if (r.done + r.failed > 0) opts.log.info({ done: r.done, failed: r.failed }, 'content schedules run');
      for (const job of r.refile) await requestAutoFiles(queue, job);
    } catch (err) {
      opts.log.error({ err }, 'content schedules failed');
      throw err;
    }
  });
}
