/**
 * The device simulator's core: a fleet of simulated cameras speaking the device API (contract
 * device-api.ts) to a running server. Each device registers with the brand's provisioning key,
 * polls (honouring nextPollSeconds, optionally capped), and on an upgrade reports downloading,
 * downloads the package in two HTTP Range requests (a resumed download), checks its md5, reports
 * installing, then success with the new version, or, with the given probability, failed. Asked for
 * its log (`uploadLog`), a device PUTs a small gzip of log lines to the signed URL it was given.
 * At most `concurrency` HTTP requests are in flight at once.
 */
import {
  DEVICE_API_PATHS,
  DEVICE_API_PREFIX,
  DEVICE_AUTH_SCHEME,
  DEVICE_LOG_CONTENT_TYPE,
  type DeviceApiAnswer,
  type DevicePollResult,
  type DeviceRegister,
  type DeviceReport,
} from '@portal/contract';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

/** The devices' own keys from earlier runs (by SN): a registered device registers again only with its key. */
export interface DeviceKeyStore {
  get(sn: string): string | undefined;
  set(sn: string, key: string): void;
  /** The verification code the device got at registration (`npm run app-sim` binds devices with it). */
  setVerifyCode?(sn: string, code: string): void;
}

export interface FleetOptions {
  /** Server origin, e.g. http://localhost:8080 */
  url: string;
  provisioningKey: string;
  devices: number;
  /** Probability (0-1) that an upgrade fails with `failureCode`. */
  failureRate: number;
  model: string;
  productType: 'IPC' | 'NVR';
  version: string;
  hardwareVersion?: string;
  /** Devices take these countries in turn. */
  countries: string[];
  /** SNs are prefix + 6 digits; MACs derive from the prefix, so a prefix is one stable fleet. */
  snPrefix: string;
  /** Cap on the server's nextPollSeconds (for demos); null honours the server. */
  pollCapSeconds: number | null;
  /** HTTP requests in flight at most. */
  concurrency: number;
  /** How long "installing" takes before the device reports its result. */
  installSeconds: number;
  failureCode?: string;
  /** Seconds before a failed request (network, server error) is tried again. */
  retrySeconds?: number;
  random?: () => number;
  /** Keys kept between runs; without one, a re-run with the same SNs is refused (24022). */
  keys?: DeviceKeyStore;
  /** Problems worth telling once (e.g. registration refused), with how often they happened. */
  onProblem?: (message: string) => void;
}

type Phase = 'unregistered' | 'idle' | 'upgrading';

interface SimDevice {
  index: number;
  sn: string;
  mac: string;
  country: string;
  version: string;
  key: string | null;
  phase: Phase;
  outcome: 'success' | 'failed' | null;
  timer: NodeJS.Timeout | null;
}

export interface FleetStats {
  devices: number;
  registered: number;
  idle: number;
  upgrading: number;
  success: number;
  failed: number;
  /** Requests that failed (network errors, refusals); retried. */
  errors: number;
  /** Logs uploaded on request. */
  logs: number;
}

export class DeviceApiError extends Error {
  constructor(
    message: string,
    readonly code: number | null,
  ) {
    super(message);
  }
}

/** A counting semaphore: `run` waits for a free slot. */
export class Limiter {
  private active = 0;
  private waiting: Array<() => void> = [];
  constructor(private readonly max: number) {}
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await fn();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

/** 12 hex digits: a locally administered OUI from the prefix, then the device number. */
export function simulatedMac(snPrefix: string, index: number): string {
  const h = createHash('md5').update(snPrefix).digest('hex').slice(0, 4).toUpperCase();
  return `02${h}${index.toString(16).toUpperCase().padStart(6, '0')}`;
}

export function simulatedSn(snPrefix: string, index: number): string {
  return `${snPrefix}${String(index).padStart(6, '0')}`;
}

export class Fleet {
  private readonly devices: SimDevice[];
  private readonly limiter: Limiter;
  private readonly abort = new AbortController();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly random: () => number;
  private errors = 0;
  private logsUploaded = 0;
  private stopped = false;
  private readonly problems = new Map<string, number>();

  constructor(private readonly opts: FleetOptions) {
    if (!/^[A-Z0-9_-]*$/.test(opts.snPrefix)) throw new Error('the SN prefix may hold A-Z, 0-9, "-" and "_" only');
    if (opts.devices < 1 || opts.devices > 999_999) throw new Error('devices must be 1-999999');
    this.random = opts.random ?? Math.random;
    this.limiter = new Limiter(Math.max(1, opts.concurrency));
    this.devices = Array.from({ length: opts.devices }, (_, i) => ({
      index: i + 1,
      sn: simulatedSn(opts.snPrefix, i + 1),
      mac: simulatedMac(opts.snPrefix, i + 1),
      country: opts.countries[i % opts.countries.length] ?? 'DE',
      version: opts.version,
      key: null,
      phase: 'unregistered' as Phase,
      outcome: null,
      timer: null,
    }));
  }

  /** Registers every device (spread over the first second) and starts them polling. */
  start(): void {
    for (const d of this.devices) this.schedule(d, this.random() * Math.min(1, this.devices.length / 100), () => this.register(d));
  }

  stats(): FleetStats {
    const s: FleetStats = {
      devices: this.devices.length,
      registered: 0,
      idle: 0,
      upgrading: 0,
      success: 0,
      failed: 0,
      errors: this.errors,
      logs: this.logsUploaded,
    };
    for (const d of this.devices) {
      if (d.phase !== 'unregistered') s.registered++;
      if (d.phase === 'idle') s.idle++;
      if (d.phase === 'upgrading') s.upgrading++;
      if (d.outcome === 'success') s.success++;
      if (d.outcome === 'failed') s.failed++;
    }
    return s;
  }

  /** Every device has finished an upgrade (success or failure) and none is upgrading. */
  allDone(): boolean {
    return this.devices.every((d) => d.outcome !== null && d.phase === 'idle');
  }

  /** Problems seen so far, with counts. */
  problemCounts(): ReadonlyMap<string, number> {
    return this.problems;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const d of this.devices) if (d.timer) clearTimeout(d.timer);
    this.abort.abort();
    await Promise.allSettled([...this.pending]);
  }

  // ---- scheduling ------------------------------------------------------------------------------

  private schedule(d: SimDevice, seconds: number, step: () => Promise<void>): void {
    if (this.stopped) return;
    if (d.timer) clearTimeout(d.timer);
    d.timer = setTimeout(
      () => {
        d.timer = null;
        if (this.stopped) return;
        const p = step().catch((err: unknown) => this.failed(d, err));
        this.pending.add(p);
        void p.finally(() => this.pending.delete(p));
      },
      Math.max(0, seconds * 1000),
    );
  }

  private failed(d: SimDevice, err: unknown): void {
    if (this.stopped) return;
    this.errors++;
    this.problem(err instanceof Error ? err.message : String(err));
    const retry = this.opts.retrySeconds ?? 5;
    if (d.phase === 'unregistered') this.schedule(d, retry * (0.5 + this.random()), () => this.register(d));
    else {
      d.phase = 'idle';
      this.schedule(d, retry * (0.5 + this.random()), () => this.poll(d));
    }
  }

  private problem(message: string): void {
    const n = (this.problems.get(message) ?? 0) + 1;
    this.problems.set(message, n);
    if (n === 1) this.opts.onProblem?.(message);
  }

  private pollDelay(serverSeconds: number): number {
    const cap = this.opts.pollCapSeconds;
    return cap !== null ? Math.min(cap, serverSeconds) : serverSeconds;
  }

  // ---- protocol --------------------------------------------------------------------------------

  private async api<T>(path: string, body: unknown, d?: SimDevice): Promise<T> {
    return this.limiter.run(async () => {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (d?.key) headers.authorization = `${DEVICE_AUTH_SCHEME} ${d.sn}:${d.key}`;
      const res = await fetch(`${this.opts.url}${DEVICE_API_PREFIX}/${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: this.abort.signal,
      });
      const text = await res.text();
      let answer: DeviceApiAnswer<T> | null = null;
      try {
        answer = JSON.parse(text) as DeviceApiAnswer<T>;
      } catch {
        // reported below
      }
      if (!answer || answer.code !== 200 || answer.data === null) {
        throw new DeviceApiError(
          `${path}: HTTP ${res.status} ${answer ? `code ${answer.code} ${answer.msg}` : text.slice(0, 120)}`,
          answer?.code ?? null,
        );
      }
      return answer.data;
    });
  }

  private async register(d: SimDevice): Promise<void> {
    const body: DeviceRegister = {
      provisioningKey: this.opts.provisioningKey,
      sn: d.sn,
      mac: d.mac,
      model: this.opts.model,
      productType: this.opts.productType,
      firmwareVersion: d.version,
      hardwareVersion: this.opts.hardwareVersion ?? 'HW1.0',
      country: d.country,
    };
    const kept = this.opts.keys?.get(d.sn);
    if (kept) body.deviceKey = kept;
    const r = await this.api<{ deviceId: number; deviceKey: string; verifyCode?: string; pollIntervalSeconds: number }>(
      DEVICE_API_PATHS.register,
      body,
    );
    d.key = r.deviceKey;
    this.opts.keys?.set(d.sn, r.deviceKey);
    if (r.verifyCode) this.opts.keys?.setVerifyCode?.(d.sn, r.verifyCode);
    d.phase = 'idle';
    // The first poll right away (spread a little), then at the server's pace.
    this.schedule(d, this.random() * Math.min(2, this.pollDelay(r.pollIntervalSeconds)), () => this.poll(d));
  }

  private async poll(d: SimDevice): Promise<void> {
    const r = await this.api<DevicePollResult>(DEVICE_API_PATHS.poll, { model: this.opts.model, firmwareVersion: d.version }, d);
    if (r.action === 'upgrade') await this.upgrade(d, r);
    if (r.action === 'uploadLog') await this.uploadLog(d, r);
    this.schedule(d, this.pollDelay(r.nextPollSeconds), () => this.poll(d));
  }

  private async report(d: SimDevice, body: DeviceReport): Promise<void> {
    await this.api(DEVICE_API_PATHS.report, body, d);
  }

  private async upgrade(d: SimDevice, r: Extract<DevicePollResult, { action: 'upgrade' }>): Promise<void> {
    d.phase = 'upgrading';
    try {
      await this.report(d, { taskId: r.taskId, status: 'downloading', progress: 0 });
      const md5 = await this.download(r.package.url, r.package.size);
      if (md5 !== r.package.md5.toLowerCase()) {
        await this.report(d, { taskId: r.taskId, status: 'failed', errorCode: 'MD5_MISMATCH' });
        d.outcome = 'failed';
        return;
      }
      await this.report(d, { taskId: r.taskId, status: 'installing', progress: 100 });
      if (this.opts.installSeconds > 0) await this.sleep(this.opts.installSeconds * (0.5 + this.random()));
      if (this.random() < this.opts.failureRate) {
        await this.report(d, { taskId: r.taskId, status: 'failed', errorCode: this.opts.failureCode ?? 'FLASH_ERROR' });
        d.outcome = 'failed';
      } else {
        // After the reboot the device runs the new version and says so.
        d.version = r.package.version;
        await this.report(d, { taskId: r.taskId, status: 'success', firmwareVersion: r.package.version });
        d.outcome = 'success';
      }
    } catch (err) {
      // The task may have been paused or revoked under the device: it goes back to polling.
      if (err instanceof DeviceApiError && err.code !== null) this.problem(err.message);
      else throw err;
    } finally {
      d.phase = 'idle';
    }
  }

  /** The device's log (a few lines of what it did), gzipped and PUT to the poll's signed URL, once. */
  private async uploadLog(d: SimDevice, r: Extract<DevicePollResult, { action: 'uploadLog' }>): Promise<void> {
    const now = new Date().toISOString();
    const lines = [
      `${now} boot sn=${d.sn} model=${this.opts.model} version=${d.version} country=${d.country}`,
      `${now} net link up, dhcp ok`,
      `${now} poll ok, log requested`,
    ];
    const body = gzipSync(Buffer.from(`${lines.join('\n')}\n`));
    const absolute = /^https?:\/\//i.test(r.upload.url) ? r.upload.url : `${this.opts.url}${r.upload.url}`;
    try {
      await this.limiter.run(async () => {
        const res = await fetch(absolute, {
          method: r.upload.method,
          headers: { 'content-type': DEVICE_LOG_CONTENT_TYPE },
          body,
          signal: this.abort.signal,
        });
        const text = await res.text();
        let code: number | null = null;
        try {
          code = (JSON.parse(text) as DeviceApiAnswer<unknown>).code;
        } catch {
          // reported below
        }
        if (code !== 200) throw new DeviceApiError(`log upload: HTTP ${res.status} ${text.slice(0, 120)}`, code);
      });
      this.logsUploaded++;
    } catch (err) {
      // A refused upload (the request expired, the link was used): the device goes on polling.
      if (err instanceof DeviceApiError && err.code !== null) this.problem(err.message);
      else throw err;
    }
  }

  /** Downloads in two Range requests (the second resumes where the first stopped); answers the md5. */
  private async download(url: string, size: number): Promise<string> {
    const absolute = /^https?:\/\//i.test(url) ? url : `${this.opts.url}${url}`;
    const hash = createHash('md5');
    const half = Math.max(1, Math.floor(size / 2));
    let received = 0;
    const part = (range: string, first: boolean) =>
      this.limiter.run(async () => {
        const res = await fetch(absolute, { headers: { range }, signal: this.abort.signal });
        if (res.status === 200 && first) {
          // No range support: the whole file came at once.
          hash.update(Buffer.from(await res.arrayBuffer()));
          return 'whole' as const;
        }
        if (res.status !== 206)
          throw new DeviceApiError(`download (${range}): HTTP ${res.status} ${(await res.text()).slice(0, 120)}`, null);
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          hash.update(chunk);
          received += chunk.length;
        }
        return 'part' as const;
      });
    if ((await part(`bytes=0-${half - 1}`, true)) === 'whole') return hash.digest('hex');
    if (received < size) await part(`bytes=${received}-`, false);
    return hash.digest('hex');
  }

  private sleep(seconds: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(t);
        this.abort.signal.removeEventListener('abort', done);
        resolve();
      };
      const t = setTimeout(done, seconds * 1000);
      this.abort.signal.addEventListener('abort', done, { once: true });
    });
  }
}

/** `registered=10/10 idle=8 upgrading=2 success=5 failed=1` */
export function progressLine(s: FleetStats, elapsedSeconds: number): string {
  const errors = s.errors ? ` errors=${s.errors}` : '';
  const logs = s.logs ? ` logs=${s.logs}` : '';
  return `[${formatElapsed(elapsedSeconds)}] registered=${s.registered}/${s.devices} idle=${s.idle} upgrading=${s.upgrading} success=${s.success} failed=${s.failed}${logs}${errors}`;
}

function formatElapsed(s: number): string {
  const m = Math.floor(s / 60);
  return `${String(m).padStart(2, '0')}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
}
