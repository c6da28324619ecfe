/**
 * Helpers shared by the demo and large seeds, the seed CLI and the benchmark: the demo password,
 * repository paths, resource-code sets per role, and reading rows from a raw Drizzle `execute`.
 */
import { hash, type Algorithm } from '@node-rs/argon2';
import { PARTNER_ONLY_CODES, RESOURCE_CODES, type ResourceCode } from '@portal/contract';
import type { Database } from '@portal/server/db/client';
import { type SealKeyring, sealKeyring } from '@portal/server/lib/secrets';
import { serverSecret } from '@portal/server/lib/server-secrets';
import { sql, type SQL } from 'drizzle-orm';
import { createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type Log = (line: string) => void;

/** The password of every seeded account: printable, and valid under the SPEC §5 rules (8-16, 4 kinds). */
export const DEMO_PASSWORD = 'Demo@12345';

/**
 * One Argon2id hash reused for every seeded user: hashing 100,000 passwords one by one would take
 * minutes, and every seeded account shares the demo password anyway. The server verifies with the
 * parameters encoded in the hash string, so the defaults of @node-rs/argon2 are enough here.
 */
export function hashDemoPassword(password: string = DEMO_PASSWORD): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

/**
 * Algorithm is an ambient const enum, which isolatedModules forbids reading as a value; the type
 * annotation still checks that 2 is Argon2id.
 */
const ARGON2ID: Algorithm.Argon2id = 2;

/** The repository root (tools/seed/ -> ../..): npm runs workspace scripts with cwd tools/. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A path given by the user (env or flag) is relative to where they typed the command: npm keeps
 * that directory in INIT_CWD while it runs the script in tools/.
 */
export function resolveUserPath(p: string): string {
  return path.resolve(process.env.INIT_CWD ?? REPO_ROOT, p);
}

/** DATA_DIR, default '<repo>/.data'. */
export function dataDir(): string {
  return process.env.DATA_DIR ? resolveUserPath(process.env.DATA_DIR) : path.join(REPO_ROOT, '.data');
}

/** The keys the server seals stored secrets with (SEAL_SECRET, else DATA_DIR/secrets, created if missing): the seed seals as the server does. */
/**
 * A key of the large seed (its app key's secret, its end users' session tokens, its devices' keys),
 * derived from one random secret kept with the server's own (DATA_DIR/secrets/bench-secret, or
 * BENCH_SECRET): the bench signs with the keys the seed stored, and nothing in the source knows them.
 */
export function benchKey(label: string): string {
  benchSecret ??= serverSecret('bench-secret', 'BENCH_SECRET', process.env, dataDir()).value;
  return createHmac('sha256', benchSecret).update(label).digest('base64url').slice(0, 32);
}
let benchSecret: string | undefined;

export function demoSealKeys(): SealKeyring {
  return sealKeyring(serverSecret('seal-secret', 'SEAL_SECRET', process.env, dataDir()).value);
}

export function repoHasFile(rel: string): boolean {
  return existsSync(path.join(REPO_ROOT, rel));
}

// ---- resource codes per role ---------------------------------------------------------------

const SUPPLIER_ONLY: readonly ResourceCode[] = ['supplier_system_qry', 'supplier_system_mgr'];

/** Supplier administrators hold every code. */
export const SUPPLIER_CODES: readonly ResourceCode[] = [...RESOURCE_CODES];
/** Partner owners (userAuthType 1) hold every dealer code. */
export const PARTNER_OWNER_CODES: readonly ResourceCode[] = RESOURCE_CODES.filter((c) => !SUPPLIER_ONLY.includes(c));
/** Partner administrators (userAuthType 2): day-to-day operations, no personalization or tools. */
export const PARTNER_ADMIN_CODES: readonly ResourceCode[] = [
  'dealer_device_qry',
  'dealer_storage_qry',
  'dealer_storage_mgr',
  'dealer_upgrade_qry',
  'dealer_upgrade_mgr',
  'rmr_qry',
  'dealer_nvrcoderate_qry',
  'dealer_vmslicense_qry',
  'dealer_pionts_mall_qry',
  'dealer_account_qry',
  'dealer_account_mgr',
  'dealer_installerinvite_qry',
  'dealer_installerinvite_mgr',
  'dealer_subcustomerinvite_mgr',
  'dealer_license_qry',
  'dealer_message_qry',
  'dealer_message_mgr',
  'dealer_feedback_qry',
  'dealer_feedback_mgr',
];
/** Distributors (level 2): every dealer code except the partner-only modules. */
export const DISTRIBUTOR_CODES: readonly ResourceCode[] = PARTNER_OWNER_CODES.filter((c) => !PARTNER_ONLY_CODES.includes(c));
/** Installers: their users and sub-customers, licences for the sites they build, points. */
export const INSTALLER_CODES: readonly ResourceCode[] = [
  'dealer_account_qry',
  'dealer_account_mgr',
  'dealer_subcustomerinvite_mgr',
  'dealer_license_qry',
  'dealer_license_mgr',
  'dealer_vmslicense_qry',
  'dealer_pionts_mall_qry',
  'dealer_other_devicepwdreset',
];
/** Enterprise customers: their own users and the licences they were given. */
export const CUSTOMER_CODES: readonly ResourceCode[] = [
  'dealer_account_qry',
  'dealer_account_mgr',
  'dealer_license_qry',
  'dealer_vmslicense_qry',
];
/** Staff of any company: read-only views of the company's accounts and licences. */
export const STAFF_CODES: readonly ResourceCode[] = ['dealer_account_qry', 'dealer_license_qry'];

// ---- raw SQL --------------------------------------------------------------------------------

type Executor = Pick<Database['db'], 'execute'>;

/** Run raw SQL on a Drizzle database or transaction and return its rows (both engines answer `{ rows }`). */
export async function rows<T = Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function one<T = Record<string, unknown>>(db: Executor, query: SQL): Promise<T | undefined> {
  return (await rows<T>(db, query))[0];
}

/** Whether the database holds no company yet (demo seeding runs only then). */
export async function isEmpty(database: Pick<Database, 'db'>): Promise<boolean> {
  const r = await one<{ found: boolean }>(database.db, sql`select exists (select 1 from companies) as found`);
  return !r?.found;
}

export function elapsed(startedAt: number): string {
  return ((performance.now() - startedAt) / 1000).toFixed(2);
}
