import type { Locale, ResourceCode } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db, Tx } from '../db/client';
import type { Clock } from './clock';
import type { AppServices } from './services';

/** The signed-in user a call acts as. */
export interface Actor {
  sessionId: number;
  userId: number;
  nickname: string;
  email: string;
  companyId: number;
  companyPath: string;
  companyType: string;
  companyName: string;
  level: number;
  userType: string;
  userAuthType: number;
  authResList: ReadonlySet<ResourceCode>;
  areaIds: readonly number[];
  currentAreaId: number | null;
  /** Remote access: the superior working in this account; the log records both. */
  actingUserId: number | null;
  actingNickname: string | null;
}

export interface AuditEntry {
  action?: string;
  targetType?: string;
  targetId?: string | number;
  before?: unknown;
  after?: unknown;
  companyId?: number;
  companyPath?: string;
}

/** What a call handler receives besides its validated data. */
export interface CallContext {
  actor: Actor | null;
  /** The database, or the transaction of a write call. */
  db: Db | Tx;
  database: Database;
  locale: Locale;
  requestId: string;
  ip: string;
  clock: Clock;
  log: FastifyBaseLogger;
  sessionToken: string;
  services: AppServices;
  /** Record an operation-log entry (write calls record one automatically if the handler did not). */
  audit(entry: AuditEntry): Promise<void>;
}

export function requireActor(ctx: CallContext): Actor {
  if (!ctx.actor) throw new Error('call requires a session but none was resolved');
  return ctx.actor;
}
