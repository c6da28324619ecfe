import {
  API_PREFIX,
  buildBasic,
  callUrlPath,
  FILE_UPLOAD_PATH,
  type CallDef,
  type SessionTokens,
  type UploadedFile,
} from '@portal/contract';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import { ManualClock } from '../../src/lib/clock';
import { createServices } from '../../src/services';
import { files, mails } from '../../src/db/schema';
import { desc, eq } from 'drizzle-orm';
import { openTestDatabase, type EngineKind } from './db';
import { createWorld, PASSWORD, type World } from './fixtures';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';

export interface Answer<T = unknown> {
  status: number;
  basic: { code: number; msg: string; params?: Record<string, string | number> };
  data: T;
}

export interface Session {
  token: string;
  signKey: string;
  renewToken: string;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
  world: World;
  services: import('../../src/lib/services').AppServices;
  fileStore: import('../../src/lib/files').FileStore;
  /** A signed call; `session` null for public calls. */
  call<C extends CallDef>(
    call: C,
    data: z.input<C['data']>,
    session?: Session | null,
    opts?: { locale?: string; basic?: Record<string, unknown>; headers?: Record<string, string> },
  ): Promise<Answer<z.output<C['result']>>>;
  /** POST any body to a path (for malformed envelopes). */
  raw(pathOrCall: string | CallDef, body: unknown, headers?: Record<string, string>): Promise<Answer>;
  login(email: string, password?: string): Promise<SessionTokens>;
  /** file/upload as the web client sends it (raw bytes, signed X-Basic); throws unless it succeeds. */
  upload(session: Session, purpose: string, name: string, body: Buffer): Promise<UploadedFile & { path: string }>;
  /**
   * Another server instance on the same database, with its own services (its read cache and the
   * connection it hears the database's change notifications on), as a second node behind a load
   * balancer would be. Closed with this app.
   */
  secondInstance(): Promise<{ services: import('../../src/lib/services').AppServices; call: TestApp['call'] }>;
  lastMailTo(email: string): Promise<{ subject: string; text: string } | null>;
  close(): Promise<void>;
}

/**
 * `webDist`: a web build to serve (default none); `env`: settings over the test's (rate limits are off
 * unless `RATE_LIMITS` is given here); `logger`: pino options (a stream) instead of no log.
 */
export async function createTestApp(
  engine: EngineKind,
  opts: { webDist?: string; env?: Record<string, string>; logger?: object } = {},
): Promise<TestApp> {
  const database = await openTestDatabase(engine);
  const clock = new ManualClock(Date.UTC(2026, 10, 21, 9, 0, 0));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', FILE_STORE_DIR: path.join(dataDir, 'files'), RATE_LIMITS: 'off', ...opts.env }),
    webDist: opts.webDist ?? path.join(dataDir, 'no-web'),
  };
  const services = await createServices(config, database, { env: { FILE_STORE_DIR: path.join(dataDir, 'files') }, jobs: false, clock });
  const app = await buildApp({ config, database, services: services.app, clock, logger: opts.logger ?? false });
  await app.ready();
  const world = await createWorld(database, { sealKeys: config.sealKeys });

  const more: Array<() => Promise<void>> = [];
  const t: TestApp = {
    app,
    database,
    clock,
    world,
    services: services.app,
    fileStore: services.fileStore,
    call: callerOf(app, clock),
    async raw(p, body, headers = {}) {
      const res = await app.inject({
        method: 'POST',
        url: url(p),
        payload: typeof body === 'string' ? body : JSON.stringify(body),
        headers: { 'content-type': 'application/json', ...headers },
      });
      const json = res.json();
      return { status: res.statusCode, basic: json.basic, data: json.data };
    },
    async login(email, password = PASSWORD) {
      const { authCalls } = await import('@portal/contract');
      const r = await t.call(authCalls.login, { account: email, password });
      if (r.basic.code !== 200) throw new Error(`login ${email} failed: ${r.basic.code} ${r.basic.msg}`);
      return r.data as SessionTokens;
    },
    async upload(session, purpose, name, body) {
      const data = { purpose, name, size: body.length, sha256: createHash('sha256').update(body).digest('hex') };
      const basic = buildBasic({ token: session.token, signKey: session.signKey, path: FILE_UPLOAD_PATH, data, now: clock.now() });
      const res = await app.inject({
        method: 'POST',
        url: `${API_PREFIX}/${FILE_UPLOAD_PATH}?purpose=${encodeURIComponent(purpose)}&name=${encodeURIComponent(name)}`,
        payload: body,
        headers: { 'content-type': 'application/octet-stream', 'x-basic': JSON.stringify(basic) },
      });
      const json = res.json();
      if (json.basic.code !== 200) throw new Error(`upload ${name} failed: ${json.basic.code} ${json.basic.msg}`);
      const [row] = await database.db.select({ path: files.path }).from(files).where(eq(files.id, json.data.fileId));
      return { ...(json.data as UploadedFile), path: row!.path };
    },
    async lastMailTo(email) {
      const [m] = await database.db.select().from(mails).where(eq(mails.to, email)).orderBy(desc(mails.id)).limit(1);
      return m ? { subject: m.subject, text: m.text } : null;
    },
    async secondInstance() {
      const services2 = await createServices(config, database, {
        env: { FILE_STORE_DIR: path.join(dataDir, 'files') },
        jobs: false,
        clock,
      });
      const app2 = await buildApp({ config, database, services: services2.app, clock, logger: false });
      await app2.ready();
      more.push(async () => {
        await app2.close();
        await services2.stop();
      });
      return { services: services2.app, call: callerOf(app2, clock) };
    },
    async close() {
      for (const close of more) await close();
      await app.close();
      await services.stop();
      await database.close();
    },
  };
  return t;
}

const url = (c: string | CallDef) => (typeof c === 'string' ? c : callUrlPath(c));

/** Signed calls to one app instance, timed by the test's clock. */
function callerOf(app: FastifyInstance, clock: ManualClock): TestApp['call'] {
  return async (call, data, session, opts = {}) => {
    const basic = {
      ...buildBasic({ token: session?.token ?? '', signKey: session?.signKey ?? '', path: call.path, data, now: clock.now() }),
      ...(opts.basic ?? {}),
    };
    const res = await app.inject({
      method: 'POST',
      url: url(call),
      payload: { basic, data },
      headers: { ...(opts.locale ? { 'x-locale': opts.locale } : {}), ...(opts.headers ?? {}) },
    });
    const body = res.json();
    return { status: res.statusCode, basic: body.basic, data: body.data };
  };
}
