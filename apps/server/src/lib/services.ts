import type { Locale } from '@portal/contract';
import type { Config } from '../config';
import type { FileStore } from './files/store';
import type { DataVersions } from './data-versions';
import type { NonceRecorder } from './nonces';
import type { ReadCache } from './read-cache';
import type { TotalCache } from './total-cache';

/** Cross-cutting services a call handler may use (plugins of ARCHITECTURE.md). */
export interface MailService {
  /** Queue and send a templated mail in the recipient's locale; never throws into the caller. */
  sendTemplate(to: string, template: string, locale: Locale, vars: Record<string, string | number>): Promise<void>;
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
}
