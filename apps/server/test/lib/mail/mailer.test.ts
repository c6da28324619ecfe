import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails } from '../../../src/db/schema';
import { AppError } from '../../../src/lib/app-error';
import { createMailer, Mailer, smtpOptionsFromEnv } from '../../../src/lib/mail';
import { openDb, type TestDb } from '../helpers/db';
import { parseMail, type ParsedMail } from '../helpers/mail-parse';

interface Received extends ParsedMail {
  envelopeTo: string[];
  user?: string;
}

/** A real SMTP server on a random loopback port that keeps what it receives. */
async function startSmtp(opts: { rejectRcpt?: string } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === 'portal' && auth.password === 'secret') cb(null, { user: auth.username });
      else cb(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, cb) {
      if (opts.rejectRcpt && address.address === opts.rejectRcpt) cb(Object.assign(new Error('No such user'), { responseCode: 550 }));
      else cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          ...parseMail(Buffer.concat(chunks).toString('utf8')),
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { server, port, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A loopback port with nothing listening. */
async function deadPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

const smtpEnv = (port: number, extra: Record<string, string> = {}) => ({
  MAIL_TRANSPORT: 'smtp',
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(port),
  SMTP_SECURE: 'false',
  MAIL_FROM: 'Portal <noreply@portal.test>',
  ...extra,
});

describe('mailer', () => {
  let t: TestDb;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    [t, smtp] = await Promise.all([openDb('pglite'), startSmtp({ rejectRcpt: 'nobody@dealer.test' })]);
  });
  afterAll(async () => {
    await smtp?.close();
    await t?.close();
  });
  const rowOf = async (id: number) => (await t.database.db.select().from(mails).where(eq(mails.id, id)))[0];

  it('sends through SMTP and marks the row sent', async () => {
    const mailer = createMailer(t.database.db, smtpEnv(smtp.port));
    expect(mailer.mode).toBe('smtp');
    const row = await mailer.send({
      to: 'dealer@dealer.test',
      subject: 'Hello 你好',
      text: 'Plain body\nline two',
      html: '<p>Plain body</p>',
    });
    expect(row).toMatchObject({ status: 'sent', error: null, to: 'dealer@dealer.test' });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(await rowOf(row.id)).toMatchObject({ status: 'sent' });
    const got = smtp.received.at(-1)!;
    expect(got.envelopeTo).toEqual(['dealer@dealer.test']);
    expect(got.subject).toBe('Hello 你好');
    expect(got.from).toContain('noreply@portal.test');
    expect(got.text).toBe('Plain body\nline two');
    expect(got.html).toBe('<p>Plain body</p>');
    mailer.close();
  });

  it('logs in when SMTP_USER is set and sends a localized template', async () => {
    const mailer = createMailer(t.database.db, smtpEnv(smtp.port, { SMTP_USER: 'portal', SMTP_PASS: 'secret' }));
    const row = await mailer.sendTemplate('new@dealer.test', 'emailCode', 'zh-CN', { code: '482913', purpose: 'register', minutes: 10 });
    expect(row.status).toBe('sent');
    const got = smtp.received.at(-1)!;
    expect(got.user).toBe('portal');
    expect(got.subject).toContain('验证码 482913');
    expect(got.text).toContain('注册账号');
    expect(got.html).toContain('482913');
    mailer.close();

    const badLogin = createMailer(t.database.db, smtpEnv(smtp.port, { SMTP_USER: 'portal', SMTP_PASS: 'wrong' }));
    const failed = await badLogin.send({ to: 'x@dealer.test', subject: 's', text: 't' });
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/EAUTH/);
    badLogin.close();
  });

  it('keeps mail in the outbox without SMTP', async () => {
    const mailer = createMailer(t.database.db, {});
    expect(mailer.mode).toBe('outbox');
    const before = smtp.received.length;
    const row = await mailer.send({ to: 'dev@dealer.test', subject: 'Code', text: '123456' });
    expect(row).toMatchObject({ status: 'outbox', sentAt: null, text: '123456' });
    expect(await rowOf(row.id)).toMatchObject({ status: 'outbox' });
    expect(await mailer.sendOrThrow({ to: 'dev@dealer.test', subject: 'Code', text: '1' })).toMatchObject({ status: 'outbox' });
    expect(smtp.received.length).toBe(before);
    expect(createMailer(t.database.db, { MAIL_TRANSPORT: 'outbox', SMTP_HOST: '127.0.0.1' }).mode).toBe('outbox');
  });

  it('records a failure when SMTP is down without throwing; sendOrThrow throws 1015', async () => {
    const mailer = createMailer(t.database.db, smtpEnv(await deadPort()));
    const row = await mailer.send({ to: 'dealer@dealer.test', subject: 'Down', text: 'x' });
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
    expect(await rowOf(row.id)).toMatchObject({ status: 'failed', sentAt: null });

    const err = await mailer.sendOrThrow({ to: 'dealer@dealer.test', subject: 'Down', text: 'x' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe(1015);
    expect((err as AppError).params).toEqual({ detail: 'the mail server is unreachable' });
    mailer.close();
  });

  it('records a rejected recipient as failed', async () => {
    const mailer = createMailer(t.database.db, smtpEnv(smtp.port));
    const row = await mailer.send({ to: 'nobody@dealer.test', subject: 'x', text: 'x' });
    expect(row.status).toBe('failed');
    const err = await mailer.sendOrThrow({ to: 'nobody@dealer.test', subject: 'x', text: 'x' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect((err as AppError).params).toEqual({ detail: 'the recipient address was rejected' });
    mailer.close();
  });

  it('enqueues inside a transaction and delivers after commit, once', async () => {
    const mailer = createMailer(t.database.db, smtpEnv(smtp.port));
    const before = smtp.received.length;
    const queued = await t.database.db.transaction((tx) =>
      mailer.enqueue({ to: 'tx@dealer.test', subject: 'After commit', text: 'x' }, tx),
    );
    expect(queued.status).toBe('queued');
    const [a, b] = await Promise.all([mailer.deliver(queued.id), mailer.deliver(queued.id)]);
    expect([a?.status, b?.status].sort()).toEqual(['sent', undefined]);
    expect(smtp.received.length).toBe(before + 1);

    // a transaction that rolls back leaves no mail behind
    await t.database.db
      .transaction(async (tx) => {
        await mailer.enqueue({ to: 'rollback@dealer.test', subject: 'never', text: 'x' }, tx);
        tx.rollback();
      })
      .catch(() => {});
    expect(await t.database.db.select().from(mails).where(eq(mails.to, 'rollback@dealer.test'))).toEqual([]);

    // the sweep delivers whatever is still queued
    await mailer.enqueue({ to: 'sweep1@dealer.test', subject: 's1', text: 'x' }, t.database.db);
    await mailer.enqueue({ to: 'sweep2@dealer.test', subject: 's2', text: 'x' }, t.database.db);
    expect(await mailer.deliverQueued()).toBe(2);
    expect(smtp.received.slice(-2).map((m) => m.subject)).toEqual(['s1', 's2']);
    mailer.close();
  });

  it('reads its settings from the environment', () => {
    expect(smtpOptionsFromEnv({})).toBeNull();
    expect(() => smtpOptionsFromEnv({ MAIL_TRANSPORT: 'smtp' })).toThrow(/SMTP_HOST/);
    expect(() => smtpOptionsFromEnv({ MAIL_TRANSPORT: 'pigeon' })).toThrow(/MAIL_TRANSPORT/);
    expect(smtpOptionsFromEnv({ SMTP_HOST: 'mail.example.com', SMTP_SECURE: 'true', SMTP_USER: 'u', SMTP_PASS: 'p' })).toMatchObject({
      host: 'mail.example.com',
      port: 465,
      secure: true,
      auth: { user: 'u', pass: 'p' },
    });
    expect(smtpOptionsFromEnv({ SMTP_HOST: 'mail.example.com' })).toMatchObject({ port: 587, secure: false, auth: undefined });
    expect(new Mailer({ db: t.database.db }).from).toMatch(/no-reply/);
  });
});
