/**
 * Outgoing mail. Every mail is first a row of `mails`; with SMTP configured it is then sent and
 * marked sent or failed, without SMTP (the development default) it stays 'outbox' for the supplier
 * to read in the portal. Sending never throws into the caller: `send` returns the row, and only
 * `sendOrThrow` turns a failure into AppError(1015).
 *
 * Calls never send directly: they write the mail in their transaction (`enqueue`, through
 * `ctx.sendMail`) and a job delivers it after the commit (delivery-job.ts). `send` is for work
 * outside any transaction (tools, tests); called while the same process holds a transaction it
 * would, on PGlite's single connection, wait for that transaction forever.
 */
import { and, asc, eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Locale } from '@portal/contract';
import type { Db, Tx } from '../../db/client';
import { mails } from '../../db/schema';
import { AppError } from '../app-error';
import { renderTemplate, type MailTemplateName, type MailTemplateVars } from './templates';

/** queued -> sending -> sent | failed; 'outbox' when no transport is configured. */
export type MailStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'outbox';
export type MailRow = typeof mails.$inferSelect;

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

export interface MailLogger {
  warn(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
}

const silent: MailLogger = { warn() {}, info() {} };

export interface MailerOptions {
  db: Db;
  /** null or absent: outbox mode */
  transport?: Transporter | null;
  from?: string;
  logger?: MailLogger;
}

export const DEFAULT_MAIL_FROM = 'Partner Portal <no-reply@portal.local>';
const ERROR_MAX = 1000;

export class Mailer {
  readonly mode: 'smtp' | 'outbox';
  readonly from: string;
  private readonly db: Db;
  private readonly transport: Transporter | null;
  private readonly logger: MailLogger;

  constructor(opts: MailerOptions) {
    this.db = opts.db;
    this.transport = opts.transport ?? null;
    this.mode = this.transport ? 'smtp' : 'outbox';
    this.from = opts.from || DEFAULT_MAIL_FROM;
    this.logger = opts.logger ?? silent;
  }

  /** Records the mail and, with SMTP, sends it now. Resolves to the row (status sent, failed or outbox). */
  async send(msg: MailMessage, opts: { db?: Db | Tx } = {}): Promise<MailRow> {
    const db = opts.db ?? this.db;
    const row = await this.insert(db, msg, this.transport ? 'sending' : 'outbox');
    if (!this.transport) return row;
    return this.transmit(db, row);
  }

  /** As `send`, but a failed delivery throws AppError(1015) with a reason fit to show the user. */
  async sendOrThrow(msg: MailMessage, opts: { db?: Db | Tx } = {}): Promise<MailRow> {
    const row = await this.send(msg, opts);
    if (row.status === 'failed') {
      throw new AppError(1015, { detail: publicReason(row.error ?? '') }, `mail ${row.id} to ${row.to}: ${row.error}`);
    }
    return row;
  }

  async sendTemplate<N extends MailTemplateName>(
    to: string,
    name: N,
    locale: Locale | string,
    vars: MailTemplateVars[N],
    opts: { db?: Db | Tx } = {},
  ): Promise<MailRow> {
    return this.send({ to, ...renderTemplate(name, locale, vars) }, opts);
  }

  /** Records the mail in the caller's transaction, as 'queued' (or 'outbox'); deliver it after commit. */
  async enqueue(msg: MailMessage, db: Db | Tx): Promise<MailRow> {
    return this.insert(db, msg, this.transport ? 'queued' : 'outbox');
  }

  /** Sends a queued mail once, whichever instance claims it first; null if it was not queued. */
  async deliver(id: number): Promise<MailRow | null> {
    if (!this.transport) return null;
    const [claimed] = await this.db
      .update(mails)
      .set({ status: 'sending' })
      .where(and(eq(mails.id, id), eq(mails.status, 'queued')))
      .returning();
    if (!claimed) return null;
    return this.transmit(this.db, claimed);
  }

  /** Delivers up to `limit` queued mails, oldest first; returns how many were sent. */
  async deliverQueued(limit = 50): Promise<number> {
    if (!this.transport) return 0;
    const queued = await this.db.select({ id: mails.id }).from(mails).where(eq(mails.status, 'queued')).orderBy(asc(mails.id)).limit(limit);
    let sent = 0;
    for (const { id } of queued) {
      const row = await this.deliver(id);
      if (row?.status === 'sent') sent++;
    }
    return sent;
  }

  /** Verifies the SMTP connection and login (for a health check); true in outbox mode. */
  async verify(): Promise<boolean> {
    if (!this.transport) return true;
    try {
      await this.transport.verify();
      return true;
    } catch (err) {
      this.logger.warn({ err }, 'smtp verify failed');
      return false;
    }
  }

  close(): void {
    this.transport?.close();
  }

  private async insert(db: Db | Tx, msg: MailMessage, status: MailStatus): Promise<MailRow> {
    const [row] = await db
      .insert(mails)
      .values({ to: msg.to.trim(), subject: msg.subject, text: msg.text, html: msg.html ?? null, status })
      .returning();
    return row;
  }

  private async transmit(db: Db | Tx, row: MailRow): Promise<MailRow> {
    let update: Partial<MailRow>;
    try {
      const info = await this.transport!.sendMail({
        from: this.from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
      });
      if (info.rejected?.length) throw Object.assign(new Error(`recipient rejected: ${info.rejected.join(', ')}`), { code: 'EENVELOPE' });
      update = { status: 'sent', sentAt: new Date(), error: null };
      this.logger.info({ mailId: row.id, messageId: info.messageId }, 'mail sent');
    } catch (err) {
      update = { status: 'failed', error: describeError(err) };
      this.logger.warn({ err, mailId: row.id }, 'mail failed');
    }
    try {
      const [updated] = await db.update(mails).set(update).where(eq(mails.id, row.id)).returning();
      return updated ?? { ...row, ...update };
    } catch (err) {
      // the mail went (or not) all the same; report what happened rather than throw
      this.logger.warn({ err, mailId: row.id }, 'mail status not recorded');
      return { ...row, ...update };
    }
  }
}

function describeError(err: unknown): string {
  const e = err as { code?: string; responseCode?: number; message?: string };
  const parts = [e?.code, e?.responseCode, e?.message ?? String(err)].filter((p) => p !== undefined && p !== '');
  return parts.join(' ').slice(0, ERROR_MAX);
}

/** A reason for the user: no host names, addresses or server banners. */
export function publicReason(error: string): string {
  if (/\bEAUTH\b|\b535\b/.test(error)) return 'the mail server refused the login';
  if (/\bEENVELOPE\b|\b55[0-4]\b|recipient/i.test(error)) return 'the recipient address was rejected';
  if (/ECONNREFUSED|ETIMEDOUT|ECONNECTION|ESOCKET|EDNS|ENOTFOUND|EHOSTUNREACH|ECONNRESET|timeout/i.test(error)) {
    return 'the mail server is unreachable';
  }
  return 'the mail server reported an error';
}

const truthy = (v: string | undefined) => /^(1|true|yes|on)$/i.test(v ?? '');

/**
 * SMTP settings from the environment, or null for outbox mode. MAIL_TRANSPORT=smtp requires
 * SMTP_HOST; MAIL_TRANSPORT=outbox forces outbox mode; unset, SMTP_HOST decides.
 */
export function smtpOptionsFromEnv(env: Record<string, string | undefined>): SMTPTransport.Options | null {
  const mode = (env.MAIL_TRANSPORT ?? '').toLowerCase();
  if (mode === 'outbox') return null;
  if (mode && mode !== 'smtp') throw new Error(`MAIL_TRANSPORT must be smtp or outbox, not ${env.MAIL_TRANSPORT}`);
  if (!env.SMTP_HOST) {
    if (mode === 'smtp') throw new Error('MAIL_TRANSPORT=smtp needs SMTP_HOST');
    return null;
  }
  const secure = truthy(env.SMTP_SECURE);
  return {
    host: env.SMTP_HOST,
    port: env.SMTP_PORT ? Number(env.SMTP_PORT) : secure ? 465 : 587,
    secure,
    auth: env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASS ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    tls: env.SMTP_TLS_REJECT_UNAUTHORIZED === 'false' ? { rejectUnauthorized: false } : undefined,
  };
}

export function createMailer(db: Db, env: Record<string, string | undefined> = process.env, opts: { logger?: MailLogger } = {}): Mailer {
  const smtp = smtpOptionsFromEnv(env);
  return new Mailer({
    db,
    transport: smtp ? nodemailer.createTransport(smtp) : null,
    from: env.MAIL_FROM || (env.SMTP_USER?.includes('@') ? env.SMTP_USER : undefined),
    logger: opts.logger,
  });
}
