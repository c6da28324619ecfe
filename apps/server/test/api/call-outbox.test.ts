/**
 * A call's mail, after-commit work and must-stay writes (plugins/call-transaction.ts), through the
 * real call router, services and job queue, with a real SMTP server on loopback:
 * - mail is written in the call's transaction: a call that fails after writing it leaves no mail,
 *   and nothing is sent;
 * - a committed call's mail is sent by the 'mail.deliver' job, after the commit;
 * - afterCommit work runs after the commit, never for a failed call;
 * - a persisted write stays although the call's transaction rolls back.
 */
import { buildBasic, defineCall, API_PREFIX, type CallDef } from '@portal/contract';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import { mails } from '../../src/db/schema';
import { AppError } from '../../src/lib/app-error';
import { ManualClock } from '../../src/lib/clock';
import { implement } from '../../src/lib/implement';
import { MAIL_JOBS } from '../../src/lib/mail';
import { registerCalls } from '../../src/plugins/call-router';
import { registerErrorHandling } from '../../src/plugins/errors';
import { createServices, type ServiceHandles } from '../../src/services';
import { ENGINES, openTestDatabase } from '../support/db';
import { waitFor } from '../lib/helpers/wait';

const probe = defineCall({
  path: 'test/outbox-probe',
  auth: 'public',
  write: true,
  summary: 'test only',
  data: z.strictObject({ to: z.string(), fail: z.boolean() }),
  result: z.object({ ok: z.boolean() }),
});

async function startSmtp() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, cb) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe.each(ENGINES)('mail outbox and after-commit work (%s)', (engine) => {
  let database: Database;
  let services: ServiceHandles;
  let app: FastifyInstance;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const clock = new ManualClock(Date.now());
  const afterCommitSaw: Array<{ to: string; committed: boolean }> = [];

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    smtp = await startSmtp();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-outbox-'));
    const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), databaseUrl: database.connectionString };
    services = await createServices(config, database, {
      env: {
        FILE_STORE_DIR: path.join(dataDir, 'files'),
        MAIL_TRANSPORT: 'smtp',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtp.port),
        SMTP_SECURE: 'false',
      },
      clock,
    });
    app = Fastify({ logger: false });
    registerErrorHandling(app);
    const impl = implement(probe, { none: 'test' }, async (ctx, d) => {
      await ctx.sendMail(d.to, 'emailCode', 'en-US', { code: '424242', purpose: 'register' });
      // Written in the call's transaction: gone if the call fails.
      await ctx.db.insert(mails).values({ to: `inside+${d.to}`, subject: 'inside', text: 'x', status: 'outbox' });
      // Must stay whatever happens to the call.
      ctx.persist((db) => db.insert(mails).values({ to: `persisted+${d.to}`, subject: 'persisted', text: 'x', status: 'outbox' }));
      ctx.afterCommit(async () => {
        const [row] = await database.db
          .select()
          .from(mails)
          .where(eq(mails.to, `inside+${d.to}`));
        afterCommitSaw.push({ to: d.to, committed: !!row });
      });
      if (d.fail) throw new AppError(1004);
      return { ok: true };
    });
    await registerCalls(app, { database, clock, impls: [impl], services: services.app });
    await app.ready();
    await services.start(app.log);
  });

  afterAll(async () => {
    await app?.close();
    await services?.stop();
    await smtp?.close();
    await database?.close();
  });

  const call = async (c: CallDef, data: { to: string; fail: boolean }) => {
    const basic = buildBasic({ token: '', signKey: '', path: c.path, data, now: clock.now() });
    const res = await app.inject({ method: 'POST', url: `${API_PREFIX}/${c.path}`, payload: { basic, data } });
    return res.json() as { basic: { code: number } };
  };
  const rowsTo = (to: string) => database.db.select().from(mails).where(eq(mails.to, to));

  it('leaves no mail and sends nothing when the call fails after writing it; a persisted write stays', async () => {
    const r = await call(probe, { to: 'rolled-back@dealer.test', fail: true });
    expect(r.basic.code).toBe(1004);
    expect(await rowsTo('rolled-back@dealer.test')).toEqual([]);
    expect(await rowsTo('inside+rolled-back@dealer.test')).toEqual([]);
    expect(await rowsTo('persisted+rolled-back@dealer.test')).toHaveLength(1);
    expect(afterCommitSaw.find((a) => a.to === 'rolled-back@dealer.test')).toBeUndefined();
    await new Promise((r) => setTimeout(r, 1_000));
    expect(smtp.received).not.toContain('rolled-back@dealer.test');
  });

  it('sends the mail of a committed call through the delivery job, after the commit', async () => {
    const r = await call(probe, { to: 'committed@dealer.test', fail: false });
    expect(r.basic.code).toBe(200);
    expect(afterCommitSaw).toContainEqual({ to: 'committed@dealer.test', committed: true });
    expect(await rowsTo('persisted+committed@dealer.test')).toHaveLength(1);
    const [queued] = await rowsTo('committed@dealer.test');
    expect(['queued', 'sending', 'sent']).toContain(queued.status);
    const sent = await waitFor(async () => {
      const [row] = await rowsTo('committed@dealer.test');
      return row.status === 'sent' ? row : null;
    }, 15_000);
    expect(sent.sentAt).not.toBeNull();
    expect(smtp.received.filter((a) => a === 'committed@dealer.test')).toHaveLength(1);
    // It went through a 'mail.deliver' job carrying its id.
    const { rows } = await database.query<{ state: string }>(
      `select state from pgboss.job where name = $1 and (data->>'mailId')::int = $2`,
      [MAIL_JOBS.deliver.name, queued.id],
    );
    expect(rows.map((j) => j.state)).toEqual(['completed']);
  });
});
