/**
 * The demo's keys (issue 11 §1.1: no secret anyone can read in the source): Acme Vision's device
 * provisioning key, the demo brands' application secrets and the key the demo devices' verification
 * codes are derived with. They are random, made when the demo is seeded, and kept beside the
 * server's own secrets in `DATA_DIR/secrets/demo-keys.json` (folder 0700, file 0600), from where
 * the seed prints them with the demo accounts and `npm run simulate` and `npm run app-sim` read
 * them by default. The application ids are not secret and stay fixed.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir } from './shared';

export interface DemoAppKey {
  company: string;
  appId: string;
  secret: string;
}

export interface DemoKeys {
  /** Acme Vision's device provisioning key (Devices > provisioning key; reset there to revoke it). */
  provisioningKey: string;
  /** The demo brands' application keys (Applications; a rotation there makes a new secret). */
  appKeys: DemoAppKey[];
  /** Derives the demo devices' verification codes (demoVerifyCode), which end users bind with. */
  verifyCodeKey: string;
}

/** The demo brands' application ids, one per brand (the first is app-sim's default). */
export const DEMO_APP_IDS: ReadonlyArray<{ company: string; appId: string }> = [
  { company: 'Acme Vision', appId: 'appacmedemo2026' },
  { company: 'Northwind Security Systems', appId: 'appnorthwinddemo2026' },
];

const random = (bytes: number) => randomBytes(bytes).toString('base64url');

/** New random keys for a demo seed. */
export function newDemoKeys(): DemoKeys {
  return {
    provisioningKey: `acme-${random(24)}`,
    appKeys: DEMO_APP_IDS.map((a) => ({ ...a, secret: random(32) })),
    verifyCodeKey: random(32),
  };
}

/** Where the demo's keys are kept: `DATA_DIR/secrets/demo-keys.json` (DATA_DIR default `.data`). */
export function demoKeysFile(dir: string = dataDir()): string {
  return path.join(dir, 'secrets', 'demo-keys.json');
}

/** Keeps the keys readable by this user only (folder 0700, file 0600), replacing an earlier seed's. */
export function writeDemoKeys(keys: DemoKeys, file: string = demoKeysFile()): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  chmodSync(path.dirname(file), 0o700);
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}

/** The kept keys, or null when this data folder was not seeded with them. */
export function readDemoKeys(file: string = demoKeysFile()): DemoKeys | null {
  if (!existsSync(file)) return null;
  const k = JSON.parse(readFileSync(file, 'utf8')) as Partial<DemoKeys>;
  if (typeof k.provisioningKey !== 'string' || !Array.isArray(k.appKeys) || typeof k.verifyCodeKey !== 'string') {
    throw new Error(`${file}: not a demo keys file`);
  }
  return k as DemoKeys;
}
