/**
 * Wires the cross-cutting services: mail (SMTP or the outbox), the file store (local folder or S3),
 * the persistent job queue (pg-boss on the same database), and the read cache with the change
 * notifications it is kept exact by. Nothing here is only in memory but the cache, and the cache
 * follows every instance's writes, so several instances can serve side by side.
 */
import type { FastifyBaseLogger } from 'fastify';
import path from 'node:path';
import type { Config } from './config';
import { systemClock, type Clock } from './lib/clock';
import type { Database } from './db/client';
import { createFileStore, type FileStore } from './lib/files';
import { createJobQueue, type JobQueue } from './lib/jobs';
import { createMailer, dispatchMail, registerMailDelivery, renderTemplate } from './lib/mail';
import type { AppServices } from './lib/services';
import { CHANGES_CHANNEL, DataVersions } from './lib/data-versions';
import { LIVE_CHANNEL, LiveHub } from './lib/live';
import { NonceRecorder } from './lib/nonces';
import { ReadCache } from './lib/read-cache';
import { TotalCache } from './lib/total-cache';

export interface ServiceHandles {
  app: AppServices;
  fileStore: FileStore;
  jobs: JobQueue | null;
  start(log: FastifyBaseLogger): Promise<void>;
  stop(): Promise<void>;
}

export async function createServices(
  config: Config,
  database: Database,
  opts: { env?: Record<string, string | undefined>; jobs?: boolean; clock?: Clock } = {},
): Promise<ServiceHandles> {
  const env = { FILE_STORE_DIR: path.join(config.dataDir, 'files'), ...process.env, ...(opts.env ?? {}) };
  const mailer = createMailer(database.db, env);
  const fileStore = createFileStore(env);
  const jobs = opts.jobs === false ? null : createJobQueue(database, { connectionString: config.databaseUrl });

  // The read cache follows the database's change notifications from here on (until stop).
  const clock = opts.clock ?? systemClock;
  // The live channel's sockets of this process: notices announced by writers on LIVE_CHANNEL, and
  // their sessions checked when sessions, users or companies change (and every LIVE_SESSION_CHECK_MS).
  const live = new LiveHub(() => new Date(clock.now()));
  const stopLive = await database.listen(LIVE_CHANNEL, {
    notify: (payload) => void live.notify(payload).catch(() => {}),
    state: (listening) => live.state(listening),
  });
  const sessionSweep = setInterval(() => void live.checkSessions().catch(() => {}), LIVE_SESSION_CHECK_MS);
  sessionSweep.unref();
  const versions = new DataVersions();
  versions.attach((payload) => database.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, payload]));
  const stopListening = await database.listen(CHANGES_CHANNEL, {
    notify: (payload) => {
      versions.noteChange(payload);
      if (SESSION_TABLES.test(payload)) void live.checkSessions(payload).catch(() => {});
    },
    state: (listening) => versions.setLive(listening && !readCacheOff(env)),
  });

  const nonces = new NonceRecorder(database, clock);
  await nonces.start();

  const app: AppServices = {
    config,
    fileStore,
    totals: TotalCache.following(versions),
    versions,
    reads: new ReadCache(versions),
    nonces,
    live,
    jobs: () => (jobs?.started ? jobs : null),
    mail: {
      async enqueue(db, to, template, locale, vars) {
        const row = await mailer.enqueue({ to, ...renderTemplate(template, locale, vars) }, db);
        return row.status === 'queued' ? row.id : null;
      },
      async dispatch(ids) {
        if (jobs?.started) return dispatchMail(jobs, ids);
        // No job queue in this process (tests, tools): deliver here, after the commit all the same.
        for (const id of ids) await mailer.deliver(id);
      },
    },
  };

  return {
    app,
    fileStore,
    jobs,
    async start(log) {
      if (!jobs) return;
      await jobs.start();
      await registerMailDelivery(jobs, mailer);
      log.info('job queue started');
    },
    async stop() {
      clearInterval(sessionSweep);
      live.closeAll();
      await stopLive();
      await stopListening();
      await nonces.stop();
      if (jobs) await jobs.stop();
    },
  };
}

/** How often the live sockets' sessions are checked besides their changes (expiry, idle, end users). */
const LIVE_SESSION_CHECK_MS = 30_000;
/** Change notifications that may end a live socket's session. */
const SESSION_TABLES = /^(sessions|users|companies)(:|$)/;

/** READ_CACHE=off: every read goes to the database (for comparing, or ruling the cache out). */
function readCacheOff(env: Record<string, string | undefined>) {
  return env.READ_CACHE === 'off';
}
