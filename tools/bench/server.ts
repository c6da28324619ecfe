/** Start the portal server as a child process for the benchmark, and stop it again. */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from '../seed/shared';

/** The server's entry; BENCH_SERVER_MAIN runs another checkout's server (an A/B comparison on the same database). */
export const SERVER_MAIN = process.env.BENCH_SERVER_MAIN
  ? path.resolve(process.env.BENCH_SERVER_MAIN)
  : path.join(REPO_ROOT, 'apps/server/src/main.ts');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  origin: string;
  pid: number;
  /** The last lines the server printed (shown when it fails). */
  output(): string;
  stop(): Promise<void>;
}

export async function startServer(opts: {
  port: number;
  env: Record<string, string>;
  /** Stream the server's output to stderr as it comes. */
  verbose?: boolean;
  readyTimeoutMs?: number;
}): Promise<RunningServer> {
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', SERVER_MAIN], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...opts.env, PORT: String(opts.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line) continue;
      lines.push(line);
      if (lines.length > 60) lines.shift();
      if (opts.verbose) process.stderr.write(`[server] ${line}\n`);
    }
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);

  let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve();
    });
  });

  const origin = `http://127.0.0.1:${opts.port}`;
  const server: RunningServer = {
    origin,
    pid: child.pid!,
    output: () => lines.join('\n'),
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exitPromise;
      clearTimeout(timer);
    },
  };

  // Wait for GET /api/health to answer 200 (PGlite boots and migrates first).
  const deadline = Date.now() + (opts.readyTimeoutMs ?? 120_000);
  for (;;) {
    if (exited) {
      const e = exited as { code: number | null; signal: NodeJS.Signals | null };
      throw new Error(`server exited (code ${e.code}, signal ${e.signal}) before it was ready:\n${server.output()}`);
    }
    try {
      const res = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`server not ready after ${(opts.readyTimeoutMs ?? 120_000) / 1000} s:\n${server.output()}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
