/**
 * The simulator's core against a small stand-in of the device API (contract device-api.ts): it
 * registers, polls, downloads in two Range requests, checks the md5 and reports in order.
 */
import { DEVICE_API_PREFIX, deviceRegisterSchema, deviceReportSchema } from '@portal/contract';
import { createHash, randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Fleet, Limiter, simulatedMac, simulatedSn, type FleetOptions } from '../simulate/fleet';
import { FileKeyStore } from '../simulate/keys';

interface FakeDevice {
  sn: string;
  key: string;
  version: string;
  reports: string[];
  done: boolean;
  /** The device has been asked for its log (fakeServer's askLog). */
  askedLog?: boolean;
}

function fakeServer(opts: { content: Buffer; md5?: string; provisioningKey: string; askLog?: boolean }) {
  const devices = new Map<string, FakeDevice>();
  /** Log uploads by SN: the body and its content type. */
  const logs = new Map<string, { body: Buffer; type: string }>();
  const ranges: string[] = [];
  const md5 = opts.md5 ?? createHash('md5').update(opts.content).digest('hex');
  const send = (res: http.ServerResponse, code: number, data: unknown, msg = 'Success') => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code, msg, data }));
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://x');
      if (req.method === 'PUT' && url.pathname === `${DEVICE_API_PREFIX}/log/upload`) {
        logs.set(url.searchParams.get('dev')!, { body: Buffer.concat(chunks), type: String(req.headers['content-type']) });
        return send(res, 200, { logId: logs.size, state: 'uploaded', size: Buffer.concat(chunks).length });
      }
      if (req.method === 'GET' && url.pathname === `${DEVICE_API_PREFIX}/download`) {
        const m = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
        ranges.push(String(req.headers.range));
        if (!m) {
          res.writeHead(200, { 'content-length': opts.content.length });
          return res.end(opts.content);
        }
        const start = Number(m[1]);
        const end = m[2] ? Number(m[2]) : opts.content.length - 1;
        res.writeHead(206, { 'content-range': `bytes ${start}-${end}/${opts.content.length}` });
        return res.end(opts.content.subarray(start, end + 1));
      }
      const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : {};
      const path = url.pathname.slice(DEVICE_API_PREFIX.length + 1);
      if (path === 'register') {
        const r = deviceRegisterSchema.safeParse(body);
        if (!r.success || r.data.provisioningKey !== opts.provisioningKey) return send(res, 24015, null, 'bad key');
        // As the server: a registered device registers again only with its own key, which it keeps.
        const known = devices.get(r.data.sn);
        if (known && r.data.deviceKey !== known.key) return send(res, 24022, null, 'already registered');
        const key = known?.key ?? randomBytes(8).toString('hex');
        if (known) return send(res, 200, { deviceId: 1, deviceKey: key, pollIntervalSeconds: 300 });
        devices.set(r.data.sn, { sn: r.data.sn, key, version: r.data.firmwareVersion, reports: [], done: false });
        return send(res, 200, { deviceId: devices.size, deviceKey: key, pollIntervalSeconds: 300 });
      }
      const [scheme, cred] = String(req.headers.authorization ?? '').split(' ');
      const [sn, key] = (cred ?? '').split(':');
      const d = sn ? devices.get(sn) : undefined;
      if (scheme !== 'Device' || !d || d.key !== key) return send(res, 24014, null, 'bad device key');
      if (path === 'poll') {
        d.version = body.firmwareVersion;
        const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        if (opts.askLog && !d.askedLog) {
          d.askedLog = true;
          return send(res, 200, {
            action: 'uploadLog',
            nextPollSeconds: 30,
            upload: {
              url: `${origin}${DEVICE_API_PREFIX}/log/upload?dev=${d.sn}&signature=x`,
              method: 'PUT',
              contentType: 'application/gzip',
              maxBytes: 10 * 1024 * 1024,
              urlExpiresAt: 0,
            },
          });
        }
        if (d.done) return send(res, 200, { action: 'none', nextPollSeconds: 300 });
        return send(res, 200, {
          action: 'upgrade',
          taskId: 7,
          nextPollSeconds: 30,
          package: {
            pkgId: 1,
            version: 'V2.0.0',
            size: opts.content.length,
            md5,
            sha256: '',
            url: `${origin}${DEVICE_API_PREFIX}/download?sig=x`,
            urlExpiresAt: 0,
            descriptions: {},
          },
        });
      }
      if (path === 'report') {
        const r = deviceReportSchema.parse(body);
        d.reports.push(
          r.status === 'success' ? `success:${r.firmwareVersion}` : r.status === 'failed' ? `failed:${r.errorCode}` : r.status,
        );
        if (r.status === 'success' || r.status === 'failed') d.done = true;
        return send(res, 200, { state: r.status });
      }
      send(res, 1006, null, 'unknown');
    });
  });
  return {
    devices,
    ranges,
    logs,
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    // Idle keep-alive connections of the fleet's fetch would hold close() open: drop them too.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const KEY = 'test-provisioning-key-0001';
let cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanup) await c();
  cleanup = [];
});

async function until(cond: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function run(server: ReturnType<typeof fakeServer>, overrides: Partial<FleetOptions>) {
  const url = await server.listen();
  const fleet = new Fleet({
    url,
    provisioningKey: KEY,
    devices: 6,
    failureRate: 0,
    model: 'IPC-200',
    productType: 'IPC',
    version: 'V1.0.0',
    countries: ['DE', 'FR'],
    snPrefix: 'TST-',
    pollCapSeconds: 0.05,
    concurrency: 3,
    installSeconds: 0,
    retrySeconds: 0.05,
    ...overrides,
  });
  cleanup.push(async () => {
    await fleet.stop();
    await server.close();
  });
  fleet.start();
  await until(() => fleet.allDone());
  return fleet;
}

describe('device simulator', () => {
  it('registers, downloads in two ranges, checks the md5 and reports success with the new version', async () => {
    const content = randomBytes(100_001);
    const server = fakeServer({ content, provisioningKey: KEY });
    const fleet = await run(server, {});
    expect(fleet.stats()).toMatchObject({ devices: 6, registered: 6, upgrading: 0, success: 6, failed: 0, errors: 0 });
    expect([...server.devices.keys()].sort()).toEqual(Array.from({ length: 6 }, (_, i) => simulatedSn('TST-', i + 1)));
    for (const d of server.devices.values()) expect(d.reports).toEqual(['downloading', 'installing', 'success:V2.0.0']);
    expect(server.ranges.filter((r) => r === 'bytes=0-49999')).toHaveLength(6);
    expect(server.ranges.filter((r) => r === 'bytes=50000-')).toHaveLength(6);
    // after the upgrade the devices poll with the new version
    await until(() => [...server.devices.values()].every((d) => d.version === 'V2.0.0'));
  });

  it('answers a log request by PUTting a small gzip of its log lines to the signed URL, then upgrades', async () => {
    const server = fakeServer({ content: randomBytes(1000), provisioningKey: KEY, askLog: true });
    const fleet = await run(server, {});
    expect(fleet.stats()).toMatchObject({ success: 6, logs: 6, errors: 0 });
    expect(server.logs.size).toBe(6);
    for (const [sn, log] of server.logs) {
      expect(log.type).toBe('application/gzip');
      expect(gunzipSync(log.body).toString()).toContain(`sn=${sn}`);
    }
  });

  it('fails every upgrade at failure rate 1, and reports a corrupt download as MD5_MISMATCH', async () => {
    const flaky = await run(fakeServer({ content: randomBytes(1000), provisioningKey: KEY }), { failureRate: 1 });
    expect(flaky.stats()).toMatchObject({ success: 0, failed: 6 });

    const corrupt = fakeServer({ content: randomBytes(1000), md5: '0'.repeat(32), provisioningKey: KEY });
    await run(corrupt, {});
    for (const d of corrupt.devices.values()) expect(d.reports).toEqual(['downloading', 'failed:MD5_MISMATCH']);
  });

  it('keeps retrying a refused registration and tells the problem once', async () => {
    const server = fakeServer({ content: randomBytes(10), provisioningKey: KEY });
    const url = await server.listen();
    const told: string[] = [];
    const fleet = new Fleet({
      url,
      provisioningKey: 'wrong-key-wrong-key',
      devices: 2,
      failureRate: 0,
      model: 'IPC-200',
      productType: 'IPC',
      version: 'V1.0.0',
      countries: ['DE'],
      snPrefix: 'TST-',
      pollCapSeconds: 0.05,
      concurrency: 2,
      installSeconds: 0,
      retrySeconds: 0.02,
      onProblem: (m) => told.push(m),
    });
    cleanup.push(async () => {
      await fleet.stop();
      await server.close();
    });
    fleet.start();
    await until(() => fleet.stats().errors >= 6);
    expect(fleet.stats().registered).toBe(0);
    expect(told).toEqual(['register: HTTP 200 code 24015 bad key']);
  });

  it('keeps the keys it got, so a re-run with the same SNs registers again (24022 without them)', async () => {
    const server = fakeServer({ content: randomBytes(10), provisioningKey: KEY });
    const url = await server.listen();
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'sim-keys-')), 'keys.json');
    const opts = (over: Partial<FleetOptions>): FleetOptions => ({
      url,
      provisioningKey: KEY,
      devices: 3,
      failureRate: 0,
      model: 'IPC-200',
      productType: 'IPC',
      version: 'V1.0.0',
      countries: ['DE'],
      snPrefix: 'RERUN-',
      pollCapSeconds: 0.05,
      concurrency: 2,
      installSeconds: 0,
      retrySeconds: 0.02,
      ...over,
    });
    cleanup.push(() => server.close());
    const store = new FileKeyStore(file, url);
    const first = new Fleet(opts({ keys: store }));
    first.start();
    await until(() => first.stats().registered === 3);
    await first.stop();
    store.flush(); // as the command does when it stops
    const keysBefore = [...server.devices.values()].map((d) => d.key);

    // The next run reads the kept keys (written 0600) and registers every device again.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = new Fleet(opts({ keys: new FileKeyStore(file, url) }));
    again.start();
    await until(() => again.stats().registered === 3);
    await again.stop();
    expect(again.stats().errors).toBe(0);
    expect([...server.devices.values()].map((d) => d.key)).toEqual(keysBefore);

    // Without them the devices are refused.
    const told: string[] = [];
    const lost = new Fleet(opts({ onProblem: (m) => told.push(m) }));
    cleanup.push(() => lost.stop());
    lost.start();
    await until(() => lost.stats().errors >= 3);
    expect(lost.stats().registered).toBe(0);
    expect(told).toEqual(['register: HTTP 200 code 24022 already registered']);
  });

  it('derives stable SNs and MACs from the prefix and limits requests in flight', async () => {
    expect(simulatedSn('SIM-', 42)).toBe('SIM-000042');
    expect(simulatedMac('SIM-', 42)).toMatch(/^02[0-9A-F]{4}00002A$/);
    expect(simulatedMac('SIM-', 1)).not.toBe(simulatedMac('OTHER-', 1));
    const limiter = new Limiter(3);
    let active = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        limiter.run(async () => {
          active++;
          peak = Math.max(peak, active);
          await new Promise((r) => setTimeout(r, 5));
          active--;
        }),
      ),
    );
    expect(peak).toBe(3);
  });
});
