/**
 * The server's own secrets (issue 11 §1.1): never a constant in the source. Each is taken from its
 * environment variable when set, and must then be strong (at least SECRET_MIN_BYTES random bytes);
 * when unset, one is generated on first start and kept in `DATA_DIR/secrets/<name>` (folder 0700,
 * file 0600), so `npm start` works out of the box and restarts keep signed links valid.
 *
 * A weak value in the environment stops the server, except in development and test
 * (NODE_ENV=development|test), where it is accepted with a warning.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const SECRET_MIN_BYTES = 32;

/** Values that shipped in the source once: refused wherever they come from. */
const KNOWN_VALUES = new Set(['dev-link-secret-change-me']);

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * How many random bytes a secret can carry at most: hex counts 4 bits a character, base64/base64url
 * 6, anything else 8; a value with few distinct characters (`aaaa…`, `1234…`) counts as weak.
 */
export function secretBytes(value: string): number {
  if (KNOWN_VALUES.has(value)) return 0;
  const distinct = new Set(value).size;
  if (distinct < 10) return 0;
  if (/^[0-9a-fA-F]+$/.test(value)) return Math.floor(value.length / 2);
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return Math.floor((value.replace(/=+$/, '').length * 6) / 8);
  return Buffer.byteLength(value, 'utf8');
}

export const isStrongSecret = (value: string) => secretBytes(value) >= SECRET_MIN_BYTES;

export interface SecretSource {
  value: string;
  /** Where it came from: the variable, or the file it was kept in (created now or before). */
  from: 'env' | 'file-created' | 'file';
  file?: string;
  /** Said once at start (a weak value accepted in development). */
  warning?: string;
}

export function lenientEnvironment(env: NodeJS.ProcessEnv): boolean {
  return env.NODE_ENV === 'development' || env.NODE_ENV === 'test';
}

/** A named secret of the server: `env[variable]`, else kept in `dataDir/secrets/<name>`. */
export function serverSecret(name: string, variable: string, env: NodeJS.ProcessEnv, dataDir: string): SecretSource {
  const given = env[variable];
  if (given !== undefined && given !== '') {
    if (isStrongSecret(given)) return { value: given, from: 'env' };
    const problem = `${variable} is too weak: use at least ${SECRET_MIN_BYTES} random bytes (for example \`openssl rand -hex 32\`), or unset it to have one generated and kept in ${path.join(dataDir, 'secrets')}`;
    if (!lenientEnvironment(env)) throw new ConfigError(problem);
    return { value: given, from: 'env', warning: `${problem} (accepted because NODE_ENV=${env.NODE_ENV})` };
  }
  return keptSecret(name, dataDir);
}

function keptSecret(name: string, dataDir: string): SecretSource {
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, name);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    // Exclusive create: two processes starting at once keep the first one's secret.
    writeFileSync(file, `${randomBytes(SECRET_MIN_BYTES).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    return { value: readKept(file), from: 'file-created', file };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  // Kept for this server only: whatever else can read it loses the right to.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const value = readKept(file);
  if (!isStrongSecret(value))
    throw new ConfigError(
      `${file} does not hold a strong secret (at least ${SECRET_MIN_BYTES} random bytes): delete it to have a new one generated`,
    );
  return { value, from: 'file', file };
}

function readKept(file: string): string {
  return readFileSync(file, 'utf8').trim();
}
