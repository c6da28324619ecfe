// First: NODE_ENV defaults to production before any library reads it.
import './node-env';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { createServices } from './services';
import { registerUpgradeJobs } from './modules/cloud-upgrade';
import { registerContentJobs } from './modules/cloud-content';
import { registerMessageJobs } from './modules/message-center';
import { registerStorageOrderJobs } from './modules/cloud-storage';
import { registerFeedbackJobs } from './modules/feedback-chat';
import { registerInsightJobs } from './modules/insight';
import { systemClock } from './lib/clock';
import { ConfigError } from './lib/server-secrets';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { readyUrl } from './ready-url';

const config = (() => {
  try {
    return loadConfig();
  } catch (err) {
    // A setting that must not be served with (a weak LINK_SECRET): say which, and do not start.
    if (err instanceof ConfigError) {
      console.error(`portal: refusing to start: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
})();
mkdirSync(config.dataDir, { recursive: true });
const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
await database.migrate();
const services = await createServices(config, database);
const app = await buildApp({ config, database, services: services.app });
await services.start(app.log);
if (services.jobs)
  await registerUpgradeJobs(services.jobs, {
    database,
    services: services.app,
    clock: systemClock,
    log: app.log,
    intervalMs: config.upgradeTickMs,
  });
if (services.jobs)
  await registerContentJobs(services.jobs, {
    database,
    clock: systemClock,
    log: app.log,
    intervalMs: 15_000,
    fileStore: services.app.fileStore,
  });
if (services.jobs) await registerMessageJobs(services.jobs, { database, clock: systemClock, log: app.log, sealKeys: config.sealKeys });
if (services.jobs) await registerFeedbackJobs(services.jobs, { database, services: services.app, clock: systemClock, log: app.log });
if (services.jobs)
  await registerStorageOrderJobs(services.jobs, {
    database,
    clock: systemClock,
    log: app.log,
    sealKeys: config.sealKeys,
    publicUrl: config.publicUrl,
  });
if (services.jobs)
  await registerInsightJobs(services.jobs, {
    database,
    clock: systemClock,
    log: app.log,
    pollSeconds: config.devicePollSeconds,
    fileStore: services.fileStore,
    auditRetentionDays: config.auditRetentionDays,
  });

let closing = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ sig }, 'shutting down');
    await app.close();
    await services.stop();
    await database.close();
    process.exit(0);
  });
}

for (const note of config.secretNotes) app.log.warn(note);
await app.listen({ port: config.port, host: config.host });
app.log.info(
  { host: config.host, port: config.port, database: database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL' },
  `Portal ready at ${readyUrl(config.host, config.port)} (API docs at /api/docs; Ctrl+C stops it)`,
);
