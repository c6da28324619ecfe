/**
 * The simulated devices' own keys, kept between runs (a JSON file, 0600): a device already
 * registered keeps its key and registers again only with it (issue 11 §1.7), so a re-run with the
 * same SNs against the same server sends the keys it got before. Keys are kept per server origin,
 * and beside them the devices' verification codes (read by `npm run app-sim` to bind them).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DeviceKeyStore } from './fleet';

type KeyFile = Record<string, Record<string, string>>;

export class FileKeyStore implements DeviceKeyStore {
  private all: KeyFile;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly file: string,
    private readonly origin: string,
  ) {
    this.all = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as KeyFile) : {};
  }

  get(sn: string): string | undefined {
    return this.all[this.origin]?.[sn];
  }

  set(sn: string, key: string): void {
    (this.all[this.origin] ??= {})[sn] = key;
    // Written at most once a second while devices register, and on flush.
    this.timer ??= setTimeout(() => this.flush(), 1000);
  }

  /** Verification codes are kept beside the keys, under `<origin>#codes`. */
  setVerifyCode(sn: string, code: string): void {
    (this.all[`${this.origin}#codes`] ??= {})[sn] = code;
    this.timer ??= setTimeout(() => this.flush(), 1000);
  }

  /** The verification codes of the devices registered against this server, by SN. */
  verifyCodes(): Record<string, string> {
    return { ...(this.all[`${this.origin}#codes`] ?? {}) };
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    mkdirSync(path.dirname(this.file), { recursive: true });
    writeFileSync(this.file, JSON.stringify(this.all), { mode: 0o600 });
  }
}
