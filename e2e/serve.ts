/**
 * The server the end-to-end suite drives: a fresh database (a new PostgreSQL database when
 * TEST_DATABASE_URL is set, else PGlite in a temp folder), migrated and seeded with the demo data,
 * then the real server on E2E_PORT serving the built web app. Mail goes to the outbox (or to the
 * SMTP server of SMTP_HOST/SMTP_PORT when a spec starts one).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.E2E_PORT ?? '8181';
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: port,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-')),
  // Access tokens expire after 20 s, so the session spec can exercise the 7004 renewal path for real.
  ACCESS_TOKEN_TTL_SECONDS: process.env.ACCESS_TOKEN_TTL_SECONDS ?? '20',
};

if (process.env.TEST_DATABASE_URL) {
  const name = `portal_e2e_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const { rows } = await admin.query(`select datname from pg_database where datname like 'portal_e2e_%'`);
  for (const r of rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(process.env.TEST_DATABASE_URL);
  u.pathname = `/${name}`;
  env.DATABASE_URL = u.toString();
} else {
  delete env.DATABASE_URL;
}

const run = (args: string[]) =>
  new Promise<void>((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: root, env, stdio: 'inherit' });
    p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited ${code}`))));
  });

await run(['tools/seed/cli.ts']);
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, env, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => {
  if (code !== 0) console.error(`e2e/serve.ts: the server exited (code ${code}, signal ${signal})`);
  process.exit(code ?? 0);
});
