/**
 * Deep links of the web app reload to index.html; when the build disappears under a running server
 * (a rebuild), such a request is a plain 404 with a catalogue answer, never a 500.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import { createServices } from '../../src/services';
import { openTestDatabase } from '../support/db';

describe('single-page app fallback', () => {
  let app: FastifyInstance;
  let database: Database;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-spa-'));
  const webDist = path.join(dir, 'web');

  beforeAll(async () => {
    mkdirSync(webDist, { recursive: true });
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>portal</title>');
    database = await openTestDatabase('pglite');
    const config = { ...loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }), webDist };
    const services = await createServices(config, database, { env: { FILE_STORE_DIR: path.join(dir, 'files') }, jobs: false });
    app = await buildApp({ config, database, services: services.app, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves index.html for a deep link, and a 404 (not a 500) once the build is gone', async () => {
    const ok = await app.inject({ method: 'GET', url: '/layout/home' });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('<title>portal</title>');
    rmSync(path.join(webDist, 'index.html'));
    const gone = await app.inject({ method: 'GET', url: '/layout/home', headers: { 'accept-language': 'zh-CN' } });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ basic: { code: 1006, msg: '请求的接口不存在。' } });
  });
});
