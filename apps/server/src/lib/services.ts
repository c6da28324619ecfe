import type { Locale } from '@portal/contract';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import type { MailTemplateName, MailTemplateVars } from './mail/templates';
import type { FileStore } from './files/store';
import type { JobQueue } from './jobs/queue';
import type { DataVersions } from './data-versions';
import type { LiveHub } from './live';
import type { NonceRecorder } from './nonces';
import type { ReadCache } from './read-cache';
import type { TotalCache } from './total-cache';

/** Cross-cutting services a call handler may use (plugins of ARCHITECTURE.md). */
export interface MailService {
  /**
   * Writes a templated mail in the recipient's locale to the outbox (table mails) through `db`, the
   * caller's transaction. Answers its id when it waits for delivery (SMTP configured), null when it
   * stays in the portal's outbox. Calls use `ctx.sendMail`, which also dispatches after commit.
   */
  enqueue<N extends MailTemplateName>(
    db: Db | Tx,
    to: string,
    template: N,
    locale: Locale,
    vars: MailTemplateVars[N],
  ): Promise<number | null>;
  /** Hands mails whose transaction has committed to the delivery job (one job per mail). */
  dispatch(ids: readonly number[]): Promise<void>;
}

export interface AppServices {
  config: Config;
  mail: MailService;
  fileStore: FileStore;
  /** Short-lived totals of large paged lists (this instance only). */
  totals: TotalCache;
  /** Changes to the database as this instance hears of them (what the read cache is valid against). */
  versions: DataVersions;
  /** Hot reads (list pages, signed calls' sessions) kept until their data changes. */
  reads: ReadCache;
  /** Replay protection: nonces recorded once, in the database, in batches. */
  nonces: NonceRecorder;
  /** This process's live sockets (lib/live.ts); writers announce with `announce`, not through this. */
  live: LiveHub;
  /**
   * The job queue once it has started (pg-boss), for work a call hands on after its commit; null in
   * a process without one (tests, tools), where such work runs in the process after the commit.
   */
  jobs(): JobQueue | null;
}
