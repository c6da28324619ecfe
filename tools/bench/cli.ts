/**
 * npm run bench [-- --only <case>[,<case>]] [--duration 10] [--connections 10] [--warmup 1] [--verbose] [--fresh]
 *
 * Seeds the bench database (demo + large volumes, once), starts the server as a child process
 * (BENCH_ROUTES=1, LOG_LEVEL=warn, NODE_ENV=production; restarted with a case's serverEnv when it has
 * one, e.g. READ_CACHE=off for the *-uncached list cases), then runs each case with the load client (load.ts) and
 * prints one line per case:
 *   bench <case> rps=<n> p99_ms=<n>
 *   bench ratio <case>/baseline=<r>      (ratio cases: case rps / baseline rps measured right after it, same server and concurrency)
 *   bench <case> errors=<n>              (when any answer failed)
 *   bench <case> seconds=<n>             (one-shot cases)
 *   bench lighthouse page=<p> preset=<mobile|desktop> performance=<n> ... (report cases print their own lines)
 * Cases that need the web app (static-asset, lighthouse) build it first when apps/web/dist is missing.
 *
 * Database: BENCH_DATABASE_URL (PostgreSQL) if set, else PGlite in BENCH_DATA_DIR/pglite
 * (BENCH_DATA_DIR default '<repo>/.data/bench-pglite', the server's DATA_DIR during the run).
 */
import { openDatabase } from '@portal/server/db/client';
import { createFileStore } from '@portal/server/lib/files';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { demoKeysFile } from '../seed/demo-keys';
import { redact, runSeed } from '../seed/run';
import { REPO_ROOT, resolveUserPath } from '../seed/shared';
import { login } from './api';
import { BENCH_CASES, DEFAULT_BENCH_ACCOUNT, type BenchCase, type BenchContext } from './cases';
import { runLoad, type LoadResult } from './load';
import { freePort, startServer, type RunningServer } from './server';
import { entryScriptOf, WEB_DIST } from './web-cases';

const USAGE = `usage: npm run bench [-- options]
  --only <case>[,<case>]  run only these cases (ratio cases also run baseline); cases: ${[...BENCH_CASES.keys()].join(', ')}
  --duration <s>          seconds per load case (default 10)
  --connections <n>       concurrent connections (default 10)
  --warmup <s>            unmeasured load before each case (default 1, 0 to skip)
  --fresh                 reset the bench database and seed it again
  --verbose               stream the server's output to stderr
env: BENCH_DATABASE_URL (PostgreSQL; unset: PGlite in $BENCH_DATA_DIR/pglite), BENCH_DATA_DIR (default <repo>/.data/bench-pglite),
     BENCH_END_USERS / BENCH_RECEIPTS (the message volumes when the bench seeds them: the Bench Partner's app end users in all,
     default 1000000, and receipts of its released messages, default 2000000; npm run seed -- --app-end-users N --receipts N alike),
     BENCH_CHAT_SOCKETS / BENCH_CHAT_SECONDS / BENCH_CHAT_RATE / BENCH_CHAT_STAFF (chat-delivery and chat-resync: sockets, default 1000;
     seconds, default 30; messages a second, default 50; desk members among the sockets, default a fiftieth),
     CHROMIUM_PATH (lighthouse; default /usr/bin/chromium), BENCH_LIGHTHOUSE_RUNS (runs per page and preset, median; default 3),
     BENCH_LIGHTHOUSE_PAGES / BENCH_LIGHTHOUSE_PRESETS (comma-separated, default all), BENCH_LIGHTHOUSE_REPORTS (a directory for each run's JSON report)`;

/** The built web app with its precompressed files (a build from before precompression is rebuilt). */
function ensureWebBuild(log: (line: string) => void) {
  const index = path.join(WEB_DIST, 'index.html');
  const built = existsSync(index) && existsSync(path.join(WEB_DIST, `${entryScriptOf(readFileSync(index, 'utf8'))}.br`));
  if (built) return;
  log('bench: building the web app (npm run build)');
  const res = spawnSync('npm', ['run', 'build', '-w', '@portal/web'], { cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (res.status !== 0) fail('the web build failed');
}

function fail(message: string): never {
  console.error(`bench: ${message}`);
  process.exit(2);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string', multiple: true },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '1' },
      fresh: { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  const warmup = Number(values.warmup);
  if (!(duration > 0)) fail(`--duration must be a positive number of seconds\n${USAGE}`);
  if (!(Number.isInteger(connections) && connections > 0)) fail(`--connections must be a positive integer\n${USAGE}`);
  if (!(warmup >= 0)) fail(`--warmup must be 0 or more seconds\n${USAGE}`);

  // Which cases: all, or those named (plus baseline when a ratio case needs it), in registry order.
  const named = values.only
    ?.flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  for (const name of named ?? []) if (!BENCH_CASES.has(name)) fail(`unknown case '${name}'\n${USAGE}`);
  const wanted = new Set(named ?? BENCH_CASES.keys());
  if (
    [...wanted].some((n) => {
      const c = BENCH_CASES.get(n)!;
      return c.kind === 'load' && c.ratio;
    })
  )
    wanted.add('baseline');
  const cases = [...BENCH_CASES].filter(([name]) => wanted.has(name));

  const log = (line: string) => console.error(line);
  const url = process.env.BENCH_DATABASE_URL || undefined;
  const benchDataDir = process.env.BENCH_DATA_DIR
    ? resolveUserPath(process.env.BENCH_DATA_DIR)
    : path.join(REPO_ROOT, '.data/bench-pglite');
  const pgliteDir = path.join(benchDataDir, 'pglite');

  log(`bench: preparing ${url ? `PostgreSQL ${redact(url)}` : `PGlite ${pgliteDir}`}`);
  const count = (v: string | undefined) => (v ? Number(v) : undefined);
  await runSeed({
    url,
    pgliteDir,
    reset: values.fresh,
    ifEmpty: true,
    scale: 'large',
    appEndUsers: count(process.env.BENCH_END_USERS),
    receipts: count(process.env.BENCH_RECEIPTS),
    // The bench's own data folder: never the demo keys of the installation in .data.
    keysFile: demoKeysFile(benchDataDir),
    log: (l) => log(`  ${l}`),
  });
  const preparing = cases.filter(([, c]) => c.prepareDatabase);
  if (preparing.length) {
    // The server's file store lives in its DATA_DIR (or the bucket FILE_STORE=s3 names).
    const fileStore = createFileStore({ FILE_STORE_DIR: path.join(benchDataDir, 'files'), ...process.env });
    const database = await openDatabase({ url, dataDir: url ? undefined : pgliteDir });
    try {
      for (const [name, c] of preparing) {
        log(`bench: preparing ${name}`);
        await c.prepareDatabase!({ database, fileStore }, (l) => log(l));
      }
    } finally {
      await database.close();
    }
  }

  if (cases.some(([, c]) => c.kind !== 'oneshot' && c.needsWebBuild)) ensureWebBuild(log);

  const baseEnv = {
    DATABASE_URL: url ?? '',
    DATA_DIR: benchDataDir,
    HOST: '127.0.0.1',
    BENCH_ROUTES: '1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  };
  // One server at a time; a case with other settings (serverEnv) gets it restarted with them.
  let server: RunningServer | null = null;
  let serverKey = '';
  const serverFor = async (serverEnv: Record<string, string> = {}): Promise<RunningServer> => {
    const key = JSON.stringify(Object.entries(serverEnv).sort());
    if (server && key === serverKey) return server;
    if (server) {
      await server.stop();
      server = null;
    }
    const port = await freePort();
    const extra = Object.entries(serverEnv)
      .map(([k, v]) => ` ${k}=${v}`)
      .join('');
    log(`bench: starting the server on port ${port}${extra}`);
    server = await startServer({ port, verbose: values.verbose, env: { ...baseEnv, ...serverEnv } });
    serverKey = key;
    return server;
  };
  const stopOnSignal = (signal: NodeJS.Signals) => {
    log(`bench: ${signal}, stopping the server`);
    void (server?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);

  // A case that needs more than one process (chat-delivery) starts another on the same database and settings.
  const anotherServer = async (serverEnv: Record<string, string> = {}): Promise<RunningServer> => {
    if (!url) throw new Error('a second server process needs PostgreSQL (BENCH_DATABASE_URL): PGlite allows one process');
    const port = await freePort();
    log(`bench: starting another server on port ${port}`);
    return startServer({ port, verbose: values.verbose, env: { ...baseEnv, ...serverEnv } });
  };

  let failures = 0;
  try {
    failures = await runCases(serverFor, anotherServer, cases, { duration, connections, warmup, log });
  } finally {
    const running = server as RunningServer | null;
    if (running) {
      await running.stop();
      log('bench: server stopped');
    }
  }
  return failures ? 1 : 0;
}

async function runCases(
  serverFor: (serverEnv?: Record<string, string>) => Promise<RunningServer>,
  anotherServer: (serverEnv?: Record<string, string>) => Promise<RunningServer>,
  cases: Array<[string, BenchCase]>,
  opts: { duration: number; connections: number; warmup: number; log: (line: string) => void },
): Promise<number> {
  let failures = 0;

  for (const [name, c] of cases) {
    try {
      // The baseline is measured once, on whichever server runs then (the server's settings do not touch it).
      const serverEnv = c.serverEnv;
      const server = await serverFor(serverEnv);
      const ctx: BenchContext = {
        origin: server.origin,
        serverPid: server.pid,
        log: opts.log,
        login: (account = DEFAULT_BENCH_ACCOUNT) => login(server.origin, account.email, account.password),
        startAnotherServer: () => anotherServer(serverEnv),
      };
      if (c.kind === 'report') {
        opts.log(`bench: ${name}: ${c.summary}`);
        await c.run(ctx); // prints its own lines as they come
        continue;
      }
      if (c.kind === 'oneshot') {
        opts.log(`bench: ${name}: ${c.summary}`);
        const startedAt = performance.now();
        const measured = await c.run(ctx);
        const seconds = measured ? measured.seconds : (performance.now() - startedAt) / 1000;
        console.log(`bench ${name} seconds=${seconds.toFixed(2)}`);
        continue;
      }
      const target = await c.prepare(ctx);
      const connections = c.connections ?? opts.connections;
      opts.log(`bench: ${name}: ${c.summary}`);
      if (opts.warmup > 0) await runLoad(server.origin, target, { connections, duration: opts.warmup });
      const r = await runLoad(server.origin, target, { connections, duration: opts.duration });
      console.log(`bench ${name} rps=${Math.round(r.rps)} p99_ms=${r.p99Ms}`);
      if (r.errors) {
        console.log(`bench ${name} errors=${r.errors}`);
        opts.log(
          `bench: ${name}: ${r.errors} of ${r.requests} answers failed; first: ${r.firstFailure ?? '(connection error or timeout)'}`,
        );
      }
      // The baseline right after the case, on the same server process at the same concurrency: a
      // baseline taken once at the start of a long run drifted (a run's static-asset ratio read 0.55
      // against a baseline 30 minutes old, 1.17 against one taken beside it).
      let baseline: LoadResult | undefined;
      const base = cases.find(([n]) => n === 'baseline')?.[1];
      if (c.ratio && base && base.kind === 'load') {
        const bt = await base.prepare(ctx);
        if (opts.warmup > 0) await runLoad(server.origin, bt, { connections, duration: opts.warmup });
        baseline = await runLoad(server.origin, bt, { connections, duration: opts.duration });
        opts.log(`bench: baseline beside ${name}: rps=${Math.round(baseline.rps)} p99_ms=${baseline.p99Ms}`);
      }
      if (c.ratio && baseline && baseline.rps > 0) {
        console.log(`bench ratio ${name}/baseline=${(r.rps / baseline.rps).toFixed(2)}`);
      }
      await c.finish?.(ctx);
    } catch (err) {
      failures++;
      console.log(`bench ${name} failed`);
      opts.log(`bench: ${name}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return failures;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(
      err instanceof Error && (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') ? `bench: ${err.message}\n${USAGE}` : err,
    );
    process.exit(1);
  },
);
