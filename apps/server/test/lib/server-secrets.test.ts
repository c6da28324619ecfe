import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from '../../src/config';
import { ConfigError, isStrongSecret, secretBytes, SECRET_MIN_BYTES } from '../../src/lib/server-secrets';
import { openSecret, sealKeyring, sealSecret } from '../../src/lib/secrets';
import { defaultNodeEnv } from '../../src/node-env';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'portal-secrets-'));

describe('server secrets (issue 11 §1.1: no default secret in production)', () => {
  it('generates a strong link secret on first start, keeps it 0600 in DATA_DIR, and reuses it', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.linkSecret).not.toBe('dev-link-secret-change-me');
    expect(secretBytes(first.linkSecret)).toBeGreaterThanOrEqual(SECRET_MIN_BYTES);
    const file = path.join(dir, 'secrets', 'link-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.linkSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(dir, 'secrets')).mode & 0o077).toBe(0);
    expect(first.secretNotes.join('\n')).toContain('generated');
    // A restart signs with the same key (links handed out before stay valid) and says nothing.
    const again = loadConfig({ DATA_DIR: dir });
    expect(again.linkSecret).toBe(first.linkSecret);
    expect(again.secretNotes).toEqual([]);
    // Another installation has its own.
    expect(loadConfig({ DATA_DIR: tmp() }).linkSecret).not.toBe(first.linkSecret);
  });

  it('takes back a kept secret that others could read', () => {
    const dir = tmp();
    const { linkSecret } = loadConfig({ DATA_DIR: dir });
    const file = path.join(dir, 'secrets', 'link-secret');
    chmodSync(file, 0o644);
    expect(loadConfig({ DATA_DIR: dir }).linkSecret).toBe(linkSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses a weak LINK_SECRET (or a weak kept file) outside development and test', () => {
    for (const weak of [
      'dev-link-secret-change-me',
      'short-secret',
      'a'.repeat(64),
      '0123456789'.repeat(2),
      'abcdef0123456789abcdef0123456789',
    ]) {
      expect(isStrongSecret(weak)).toBe(false);
      expect(() => loadConfig({ DATA_DIR: tmp(), LINK_SECRET: weak })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: tmp(), LINK_SECRET: weak, NODE_ENV: 'production' })).toThrow(/LINK_SECRET is too weak/);
    }
    const dir = tmp();
    loadConfig({ DATA_DIR: dir });
    writeFileSync(path.join(dir, 'secrets', 'link-secret'), 'changeme\n', { mode: 0o600 });
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(ConfigError);
  });

  it('accepts a strong LINK_SECRET as given, and a weak one only in development and test, with a warning', () => {
    const strong = 'f3a1c9e07b2d4e6f8a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f';
    expect(loadConfig({ DATA_DIR: tmp(), LINK_SECRET: strong }).linkSecret).toBe(strong);
    const dev = loadConfig({ DATA_DIR: tmp(), LINK_SECRET: 'short-secret', NODE_ENV: 'development' });
    expect(dev.linkSecret).toBe('short-secret');
    expect(dev.secretNotes.join('\n')).toMatch(/too weak/);
    expect(loadConfig({ DATA_DIR: tmp(), LINK_SECRET: 'short-secret', NODE_ENV: 'test' }).linkSecret).toBe('short-secret');
  });

  it('generates a strong seal secret the same way, its own file, and seals with it across restarts', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir });
    const file = path.join(dir, 'secrets', 'seal-secret');
    const kept = readFileSync(file, 'utf8').trim();
    expect(secretBytes(kept)).toBeGreaterThanOrEqual(SECRET_MIN_BYTES);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(kept).not.toBe(first.linkSecret);
    expect(first.sealKeys.current.id).toBe(sealKeyring(kept).current.id);
    expect(first.secretNotes.join('\n')).toMatch(/SEAL_SECRET is not set: generated/);
    // What was sealed before a restart opens after it; another installation cannot open it.
    const sealed = sealSecret(first.sealKeys, 'payee-secret');
    const again = loadConfig({ DATA_DIR: dir });
    expect(again.secretNotes).toEqual([]);
    expect(openSecret(again.sealKeys, sealed)).toBe('payee-secret');
    expect(() => openSecret(loadConfig({ DATA_DIR: tmp() }).sealKeys, sealed)).toThrow();
  });

  it('refuses a weak SEAL_SECRET (or a weak kept file) outside development and test, and keeps old values open after a rotation', () => {
    for (const weak of ['dev-seal-secret', 'a'.repeat(64), 'abcdef0123456789abcdef0123456789']) {
      expect(() => loadConfig({ DATA_DIR: tmp(), SEAL_SECRET: weak })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: tmp(), SEAL_SECRET: weak, NODE_ENV: 'production' })).toThrow(/SEAL_SECRET is too weak/);
    }
    const dir = tmp();
    loadConfig({ DATA_DIR: dir });
    writeFileSync(path.join(dir, 'secrets', 'seal-secret'), 'changeme\n', { mode: 0o600 });
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(ConfigError);
    const dev = loadConfig({ DATA_DIR: tmp(), SEAL_SECRET: 'short-secret', NODE_ENV: 'development' });
    expect(dev.secretNotes.join('\n')).toMatch(/SEAL_SECRET is too weak/);

    const oldSecret = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9b';
    const newSecret = '0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f7';
    const sealed = sealSecret(loadConfig({ DATA_DIR: tmp(), SEAL_SECRET: oldSecret }).sealKeys, 'app-secret');
    const rotated = loadConfig({ DATA_DIR: tmp(), SEAL_SECRET: newSecret, SEAL_SECRETS_PREVIOUS: oldSecret });
    expect(openSecret(rotated.sealKeys, sealed)).toBe('app-secret');
    expect(rotated.sealKeys.current.id).toBe(sealKeyring(newSecret).current.id);
    expect(() => openSecret(loadConfig({ DATA_DIR: tmp(), SEAL_SECRET: newSecret }).sealKeys, sealed)).toThrow();
  });

  it('npm start (no NODE_ENV: production by default) refuses to start with a weak LINK_SECRET, saying why', async () => {
    // No NODE_ENV at all, as `npm start` runs: main.ts's first import makes it production.
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: tmp(), LINK_SECRET: 'dev-link-secret-change-me', PORT: '0' };
    delete env.NODE_ENV;
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/main.ts')],
        {
          cwd: path.join(REPO_ROOT, 'apps/server'),
          env,
          timeout: 60_000,
        },
        (_err, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
      );
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('refusing to start: LINK_SECRET is too weak');
  }, 70_000);

  it('defaultNodeEnv: an unset NODE_ENV becomes production; a given one is kept', () => {
    const unset: NodeJS.ProcessEnv = {};
    defaultNodeEnv(unset);
    expect(unset.NODE_ENV).toBe('production');
    const dev: NodeJS.ProcessEnv = { NODE_ENV: 'development' };
    defaultNodeEnv(dev);
    expect(dev.NODE_ENV).toBe('development');
  });
});
