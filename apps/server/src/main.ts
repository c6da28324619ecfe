import { buildApp } from './app';
import { DEV_LINK_SECRET, loadConfig } from './config';
import { openDatabase } from './db/client';
import { createServices } from './services';
import { registerUpgradeJobs } from './modules/upgrade';
import { systemClock } from './lib/clock';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { readyUrl } from './ready-url';

const config = loadConfig();
mkdirSync(config.dataDir, { recursive: true });
const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
await database.migrate();
const services = await createServices(config, database);
const app = await buildApp({ config, database, services: services.app });
await services.start(app.log);
if (services.jobs) await registerUpgradeJobs(services.jobs, { database, services: services.app, clock: systemClock, log: app.log, intervalMs: config.upgradeTickMs });

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

if (config.linkSecret === DEV_LINK_SECRET) {
  app.log.warn('LINK_SECRET is not set: signed file links use the development key (set it, the same on every instance)');
}
await app.listen({ port: config.port, host: config.host });
app.log.info(
  { host: config.host, port: config.port, database: database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL' },
  `Portal ready at ${readyUrl(config.host, config.port)} (API docs at /api/docs; Ctrl+C stops it)`,
);
