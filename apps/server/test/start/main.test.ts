/**
 * Issue 11 §4: `npm start` (apps/server/src/main.ts) says where the portal is, at info level, and
 * listens on 127.0.0.1 unless HOST says otherwise.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { readyUrl } from '../../src/ready-url';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** An address of this machine other than the loopback, if it has one. */
function otherAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
}

function canConnect(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('npm start', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-start-'));
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('logs "Portal ready at http://localhost:<port>" at info level and listens on 127.0.0.1 only', async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, UPGRADE_TICK_MS: '60000' };
    for (const k of ['HOST', 'LOG_LEVEL', 'DATABASE_URL', 'NODE_ENV']) delete env[k];
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: SERVER_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const ready = await new Promise<{ level: number; msg: string; host: string }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ready line within 90 s:\n${out}`)), 90_000);
      child!.stderr!.on('data', (b: Buffer) => (out += b.toString()));
      child!.stdout!.on('data', (b: Buffer) => {
        out += b.toString();
        for (const line of out.split('\n')) {
          if (!line.includes('Portal ready')) continue;
          clearTimeout(timer);
          resolve(JSON.parse(line));
        }
      });
      child!.once('exit', (code) => reject(new Error(`server exited ${code}:\n${out}`)));
    });
    expect(ready.level).toBe(30); // pino's info
    expect(ready.msg).toContain(`Portal ready at http://localhost:${port}`);
    expect(ready.host).toBe('127.0.0.1');
    expect(await canConnect('127.0.0.1', port)).toBe(true);
    const other = otherAddress();
    if (other) expect(await canConnect(other, port)).toBe(false);
  }, 120_000);

  it('takes HOST when set, and names the address it announces', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(readyUrl('127.0.0.1', 8080)).toBe('http://localhost:8080');
    expect(readyUrl('0.0.0.0', 8080)).toBe('http://localhost:8080');
    expect(readyUrl('10.1.2.3', 9000)).toBe('http://10.1.2.3:9000');
    expect(readyUrl('fe80::1', 9000)).toBe('http://[fe80::1]:9000');
  });
});
