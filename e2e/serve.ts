/**
 * The server the end-to-end suite drives: a fresh database (a new PostgreSQL database when
 * TEST_DATABASE_URL is set, else PGlite in a temp folder), migrated and seeded with the demo data,
 * then the real server on E2E_PORT serving the built web app. Mail is delivered to an SMTP server
 * started here on 127.0.0.1:E2E_SMTP_PORT (2525) and is also kept in the mails table (Mail outbox).
 * The demo seed's random keys (provisioning key, application secrets: DATA_DIR/secrets/demo-keys.json)
 * are handed to the specs as the seed's output, in a file of this user only (e2eDemoKeys() in support).
 */
import { spawn } from 'node:child_process';
import { appendFileSync, chmodSync, copyFileSync, cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.E2E_PORT ?? '8181';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
// Serve a copy of the web build just made: a rebuild of apps/web/dist while the suite runs (vite
// empties the folder first) must not turn the pages of a running suite into 500s.
const webDist = path.join(dataDir, 'web');
cpSync(path.join(root, 'apps/web/dist'), webDist, { recursive: true });
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: port,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  DATA_DIR: dataDir,
  WEB_DIST: webDist,
  // Access tokens expire after 20 s, so the session spec can exercise the 7004 renewal path for real.
  ACCESS_TOKEN_TTL_SECONDS: process.env.ACCESS_TOKEN_TTL_SECONDS ?? '20',
  // The cloud-upgrade spec watches a release move through its waves: the engine ticks every 0.5 s and
  // idle devices are told to poll again within about a second.
  UPGRADE_TICK_MS: process.env.UPGRADE_TICK_MS ?? '500',
  DEVICE_POLL_SECONDS: process.env.DEVICE_POLL_SECONDS ?? '1',
  // Every spec signs in from 127.0.0.1, many times a minute: the rate limits, twenty times wider.
  RATE_LIMITS: process.env.RATE_LIMITS ?? '20',
};

// A local SMTP server the portal delivers to (specs read what it received, e.g. invitation links):
// every message is appended as one JSON line { to, raw } to the file named by e2eMailLog() in specs.
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2525);
const mailLog = path.join(os.tmpdir(), `portal-e2e-mail-${port}.jsonl`);
writeFileSync(mailLog, '');
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address);
      appendFileSync(mailLog, JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }) + '\n');
      callback();
    });
  },
});
await new Promise<void>((resolve, reject) => {
  smtp.once('error', reject);
  smtp.listen(smtpPort, '127.0.0.1', () => resolve());
});
Object.assign(env, { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort), SMTP_SECURE: 'false', PUBLIC_URL: `http://localhost:${port}` });

/** Whether a process with this id runs on this machine. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

if (process.env.TEST_DATABASE_URL) {
  const name = `portal_e2e_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  // Drop the databases of earlier runs whose server process is gone; a run still going (another
  // suite on the same PostgreSQL, e.g. on another E2E_PORT) keeps its database.
  const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname ~ '^portal_e2e_[0-9]+$'`);
  for (const r of rows) {
    if (!isRunning(Number(r.datname.slice('portal_e2e_'.length)))) await admin.query(`drop database if exists ${r.datname} with (force)`);
  }
  await admin.query(`create database ${name}`);
  // The suite's database is dropped by the next run: commits need not wait for the disk.
  await admin.query(`alter database ${name} set synchronous_commit = off`);
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
const demoKeys = path.join(os.tmpdir(), `portal-e2e-demo-keys-${port}.json`);
rmSync(demoKeys, { force: true });
copyFileSync(path.join(dataDir, 'secrets', 'demo-keys.json'), demoKeys);
chmodSync(demoKeys, 0o600);
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, env, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => {
  if (code !== 0) console.error(`e2e/serve.ts: the server exited (code ${code}, signal ${signal})`);
  process.exit(code ?? 0);
});
