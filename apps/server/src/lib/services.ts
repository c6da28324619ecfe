import type { Locale } from '@portal/contract';
import type { Config } from '../config';
import type { FileStore } from './files/store';
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
}
