import type { Locale, ResourceCode } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db, Tx } from '../db/client';
import type { Clock } from './clock';
import type { MailTemplateName, MailTemplateVars } from './mail/templates';
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
  /** The scope read with the session (absent where an actor is made without one, e.g. in tools). */
  scope?: SessionScope;
}

/**
 * The caller's scope as the session statement reads it: the same rows (the user, companies) the
 * session is kept by, so a cached session never holds a stale scope.
 */
export interface SessionScope {
  /** Paths of the downstream companies of the user's resource range; null: the whole subtree. */
  rangePaths: string[] | null;
  appIds: string[];
  companyAreaId: number | null;
}

/**
 * The caller of an app-facing call (CallAuth 'appKey' | 'endUser', DOMAIN §5): the brand's
 * application key, and after login the end user and its session.
 */
export interface AppCaller {
  appKeyId: number;
  appId: string;
  /** The brand whose app it is: every end user, device and goods it reaches is this brand's. */
  companyId: number;
  companyPath: string;
  endUser: EndUserActor | null;
  /**
   * The end user a call made before sign-in turned out to be about (sign-in, sign-up, password
   * finding), noted by its handler for the end-user log, also when the call then fails.
   */
  subject?: { id: number; areaId: number | null };
}

export interface EndUserActor {
  sessionId: number;
  id: number;
  email: string;
  nickname: string;
  locale: Locale;
  country: string;
  areaId: number | null;
}

/**
 * One app-facing call for the end-user log (issue 15 §5), noted by the call router after the call
 * answered: who, which call, its code, the app's platform and version, where from. Only these
 * fields: never the request data, a password, token or sign.
 */
export interface AppCallRecord {
  at: number;
  companyId: number;
  companyPath: string;
  appKeyId: number;
  endUserId: number | null;
  areaId: number | null;
  /** The call's path under app-api/. */
  action: string;
  code: number;
  platform: string;
  appVersion: string;
  ip: string;
  sn: string;
  detail: string;
  durationMs: number;
}

/** Keeps app-call records (the insight module's end-user log); note() must not wait for a write. */
export interface AppCallRecorder {
  note(record: AppCallRecord): void;
}

/**
 * Checks an app-facing call's credentials (provided by the app-api module, so that the router
 * knows no module): for 'appKey' the application key named by basic.token and its secret, for
 * 'endUser' the end user's session; the sign, and the nonce once. Throws the catalogue refusal.
 */
export interface AppCallerResolver {
  authenticate(
    input: {
      basic: { ver: string; time: number; id: string; nonce: number; token: string; sign: string };
      rawData: unknown;
      auth: 'appKey' | 'endUser';
      callPath: string;
      now: number;
    },
    deps: { database: Database; services: AppServices },
  ): Promise<AppCaller>;
}

export interface AuditEntry {
  action?: string;
  targetType?: string;
  targetId?: string | number;
  before?: unknown;
  after?: unknown;
  companyId?: number;
  companyPath?: string;
  /** 'refused': a write refused for permission or scope (default 'success'). */
  result?: 'success' | 'refused';
  /** Without an actor (sign-in): the user, the account named, and its company's path. */
  actorUserId?: number;
  actorName?: string;
  actorCompanyPath?: string;
  /** The target's display name now (the audit mechanism resolves it for the call's registered target). */
  targetName?: string;
  /** The sentence's parameters (exports: what and with which filter). */
  params?: Record<string, unknown>;
}

/** What a call handler receives besides its validated data. */
export interface CallContext {
  actor: Actor | null;
  /** The app and end user of an app-facing call; null for the portal's calls. */
  app: AppCaller | null;
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
  /**
   * A templated mail, written to the outbox (table mails) in `ctx.db`, i.e. inside the call's
   * transaction: it exists only if the call commits, and a job sends it after the commit.
   */
  sendMail<N extends MailTemplateName>(to: string, template: N, locale: Locale, vars: MailTemplateVars[N]): Promise<void>;
  /**
   * Work for after the call's transaction has committed (at once after the handler when the call
   * has none): starting a job, removing stored files. Never run when the call fails; a failure in
   * it is logged, not answered (the call's data are committed by then).
   */
  afterCommit(work: () => Promise<unknown> | unknown): void;
  /**
   * A write that must stay although the call fails: the refusal rolls the call's transaction back,
   * so the write is made after the call has ended (committed or rolled back), in a statement of its
   * own on the database, before the answer goes. Inside the open transaction it could not be made
   * apart from it: on PGlite's single connection a second transaction would wait for the first
   * forever. Keep it one atomic statement.
   * Not for a counter that limits how often a secret may be checked (password attempts, e-mailed
   * codes): written after the call, it cannot hold back guesses running beside it. Those are
   * counted and committed before (or in the same statement as) the check, on the database, by
   * calls that run without the router's transaction (auth/login-attempts.ts, auth.calls.ts).
   */
  persist(write: (db: Db) => Promise<unknown>): void;
}

/** The app of an app-facing call (CallAuth 'appKey' or 'endUser'). */
export function requireApp(ctx: CallContext): AppCaller {
  if (!ctx.app) throw new Error('call requires an application key but none was resolved');
  return ctx.app;
}

/** The signed-in end user of an 'endUser' call, with its app. */
export function requireEndUser(ctx: CallContext): AppCaller & { endUser: EndUserActor } {
  const app = requireApp(ctx);
  if (!app.endUser) throw new Error('call requires an end user session but none was resolved');
  return app as AppCaller & { endUser: EndUserActor };
}

export function requireActor(ctx: CallContext): Actor {
  if (!ctx.actor) throw new Error('call requires a session but none was resolved');
  return ctx.actor;
}
