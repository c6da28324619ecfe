/**
 * Wires the cross-cutting services: mail (SMTP or the outbox), the file store (local folder or S3),
 * and the persistent job queue (pg-boss on the same database). Nothing here lives only in memory,
 * so several instances can serve side by side.
 */
import type { FastifyBaseLogger } from 'fastify';
import path from 'node:path';
import type { Config } from './config';
import type { Database } from './db/client';
import { createFileStore, type FileStore } from './lib/files';
import { createJobQueue, type JobQueue } from './lib/jobs';
import { createMailer, registerMailDelivery, type MailTemplateName } from './lib/mail';
import type { AppServices } from './lib/services';
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
  opts: { env?: Record<string, string | undefined>; jobs?: boolean } = {},
): Promise<ServiceHandles> {
  const env = { FILE_STORE_DIR: path.join(config.dataDir, 'files'), ...process.env, ...(opts.env ?? {}) };
  const mailer = createMailer(database.db, env);
  const fileStore = createFileStore(env);
  const jobs = opts.jobs === false ? null : createJobQueue(database, { connectionString: config.databaseUrl });

  const app: AppServices = {
    config,
    fileStore,
    totals: new TotalCache(),
    mail: {
      async sendTemplate(to, template, locale, vars) {
        await mailer.sendTemplate(to, template as MailTemplateName, locale, vars as never);
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
      if (jobs) await jobs.stop();
    },
  };
}
