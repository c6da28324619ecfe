import { ACCESS_TOKEN_TTL_MS, POLL_INTERVAL_SECONDS, STATS_STATEMENT_TIMEOUT_MS } from '@portal/contract';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { paymentSettings, type PaymentSettings } from './modules/payments/settings';
import { sealKeyring, type SealKeyring } from './lib/secrets';
import { serverSecret } from './lib/server-secrets';
import { rateLimitSettings, type RateLimitSettings } from './plugins/rate-limits';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  /**
   * Keys the HMAC of signed file, download, storage and export links and invitation links, and
   * derives every session's signing key from its token (lib/secrets sessionSignKey, its own purpose
   * string: the keys are never stored); must be the same on every instance. Changing it invalidates
   * the signed links and the signing keys of all live sessions (their calls are refused 9100 and their
   * users sign in again). LINK_SECRET, else generated once and kept in DATA_DIR/secrets.
   */
  linkSecret: string;
  /**
   * Seals secrets kept in the database that the server reads back (payee accounts, application
   * secrets) with AES-256-GCM (lib/secrets sealSecret): SEAL_SECRET, else generated
   * once and kept in DATA_DIR/secrets; SEAL_SECRETS_PREVIOUS (comma-separated) still opens values
   * sealed before a rotation.
   */
  sealKeys: SealKeyring;
  /** RATE_LIMITS (off, or a multiplier) and REDIS_URL (a shared count for several instances). */
  rateLimits: RateLimitSettings;
  /** What start-up should say about the secrets (where they come from, a weak one accepted in development). */
  secretNotes: string[];
  benchRoutes: boolean;
  logLevel: string;
  webDist: string;
  trustProxy: boolean;
  /**
   * The request header a trusted proxy or CDN sets to the visitor's country (SITE_COUNTRY_HEADER,
   * e.g. cf-ipcountry): the public site hides product categories limited to other countries. Read
   * only behind a trusted proxy (TRUST_PROXY=1); a visitor could send it themselves otherwise.
   */
  siteCountryHeader: string | null;
  /** Access-token lifetime (ACCESS_TOKEN_TTL_SECONDS); shorter in end-to-end tests to exercise renewal. */
  accessTokenTtlMs: number;
  /** Origin of links in e-mails (PUBLIC_URL), never taken from a request; default http://localhost:PORT. */
  publicUrl: string;
  /** How often the upgrade.tick job moves packages and release tasks on (UPGRADE_TICK_MS, default 5000). */
  upgradeTickMs: number;
  /** Poll interval told to idle devices, before jitter (DEVICE_POLL_SECONDS, default POLL_INTERVAL_SECONDS). */
  devicePollSeconds: number;
  /** AUDIT_RETENTION_DAYS (default 365): operation-log rows older than this are deleted, leaving a checkpoint. */
  auditRetentionDays: number;
  /**
   * Statement timeout of statistics and diagnostics reads (STATS_STATEMENT_TIMEOUT_MS, default the
   * contract's 15 s); tests shorten it to see the timeout answered.
   */
  statsStatementTimeoutMs: number;
  /**
   * The payment providers' API base URLs per payee mode (STRIPE_API_URL_TEST/_LIVE,
   * ADYEN_API_URL_TEST/_LIVE; PayPal's SDK fixes its hosts), their timeout (PAYMENT_TIMEOUT_MS) and the
   * providers turned off (PAYMENT_PROVIDERS_DISABLED, comma-separated: answered 23031).
   */
  payments: PaymentSettings;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  const publicUrl = env.PUBLIC_URL?.trim();
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(REPO_ROOT, '.data'));
  // Throws ConfigError (the server does not start) on a weak LINK_SECRET outside development and test.
  const link = serverSecret('link-secret', 'LINK_SECRET', env, dataDir);
  const seal = serverSecret('seal-secret', 'SEAL_SECRET', env, dataDir);
  const previousSeals = (env.SEAL_SECRETS_PREVIOUS ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  const secretNotes = [
    link.warning ??
      (link.from === 'file-created'
        ? `LINK_SECRET is not set: generated one and kept it in ${link.file} (give every instance the same LINK_SECRET)`
        : ''),
    seal.warning ??
      (seal.from === 'file-created'
        ? `SEAL_SECRET is not set: generated one and kept it in ${seal.file} (give every instance the same SEAL_SECRET)`
        : ''),
  ].filter(Boolean);
  return {
    port,
    // Only this machine unless HOST says otherwise (0.0.0.0 to be reachable from others).
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    linkSecret: link.value,
    sealKeys: sealKeyring(seal.value, previousSeals),
    secretNotes,
    rateLimits: rateLimitSettings(env),
    benchRoutes: env.BENCH_ROUTES === '1',
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: path.resolve(env.WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist')),
    trustProxy: env.TRUST_PROXY === '1',
    siteCountryHeader:
      env.TRUST_PROXY === '1' && /^[a-z0-9-]{1,64}$/i.test(env.SITE_COUNTRY_HEADER?.trim() ?? '')
        ? env.SITE_COUNTRY_HEADER!.trim().toLowerCase()
        : null,
    publicUrl: publicUrl && /^https?:\/\//.test(publicUrl) ? publicUrl.replace(/\/+$/, '') : `http://localhost:${port}`,
    accessTokenTtlMs: env.ACCESS_TOKEN_TTL_SECONDS ? Number(env.ACCESS_TOKEN_TTL_SECONDS) * 1000 : ACCESS_TOKEN_TTL_MS,
    upgradeTickMs: Math.max(200, Number(env.UPGRADE_TICK_MS ?? 5000) || 5000),
    devicePollSeconds: Math.max(1, Number(env.DEVICE_POLL_SECONDS ?? POLL_INTERVAL_SECONDS) || POLL_INTERVAL_SECONDS),
    auditRetentionDays: Math.max(1, Math.floor(Number(env.AUDIT_RETENTION_DAYS ?? 365) || 365)),
    statsStatementTimeoutMs: Math.max(
      1,
      Number(env.STATS_STATEMENT_TIMEOUT_MS ?? STATS_STATEMENT_TIMEOUT_MS) || STATS_STATEMENT_TIMEOUT_MS,
    ),
    payments: paymentSettings(env),
  };
}
