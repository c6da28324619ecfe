/**
 * The database schema (Drizzle). Tenant data carries company_id; companies form a tree whose
 * materialized `path` ('/1/7/42/') makes "the caller's subtree" one indexed prefix match.
 * Only PostgreSQL 15 features: production and CI run 15, PGlite runs a newer major.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const areas = pgTable('areas', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** The name in en-US, and in zh-CN below: the supplier keeps both (lib/area-names). */
  displayName: text('display_name').notNull(),
  displayNameZhCn: text('display_name_zh_cn').notNull(),
  kind: text('kind').notNull(), // 'RDC' | 'DDC'
  resVals: text('res_vals')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  ip: text('ip').notNull().default(''),
  host: text('host').notNull().default(''),
});

/** Hidden-menu lists per area kind (SPEC §2: RDC and DDC have separate lists), set by the supplier. */
export const areaKindSettings = pgTable('area_kind_settings', {
  kind: text('kind').primaryKey(),
  hiddenMenus: text('hidden_menus')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    /** '/1/7/42/': ids from the root down to this company, both ends slashed. */
    path: text('path').notNull(),
    depth: smallint('depth').notNull(),
    type: text('type').notNull(), // supplier | partner | distributor | installer | customer
    level: smallint('level').notNull().default(0),
    name: text('name').notNull(),
    logo: text('logo'),
    contact: text('contact').notNull().default(''),
    telephone: text('telephone').notNull().default(''),
    email: text('email').notNull().default(''),
    areaId: integer('area_id').references(() => areas.id),
    status: text('status').notNull().default('active'),
    userLimit: integer('user_limit').notNull().default(100),
    allowSuperiorAccess: boolean('allow_superior_access').notNull().default(false),
    /** IANA zone the company's statistics cut days in (issue 15). */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** How many days (7-180) a brand keeps its devices' logs (issue 15 §4; insight's purge job). */
    deviceLogRetentionDays: integer('device_log_retention_days').notNull().default(30),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('companies_path_idx').using('btree', sql`${t.path} text_pattern_ops`),
    index('companies_parent_idx').on(t.parentId),
    index('companies_name_idx').on(t.name),
    // Name search (ILIKE '%text%'): pg_trgm, migration 0011; without a pending list since 0013.
    index('companies_name_trgm_idx')
      .using('gin', sql`${t.name} gin_trgm_ops`)
      .with({ fastupdate: false }),
    // A page of one type (installers, dealers...) newest first, without walking the other types.
    index('companies_type_id_idx').on(t.type, t.id),
  ],
);

export const companyBranding = pgTable('company_branding', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  title: text('title').notNull().default(''),
  icon: text('icon'),
  bgImg: text('bg_img'),
  favicon: text('favicon'),
  logoLcrs: text('logo_lcrs'),
  logoTbsl: text('logo_tbsl'),
  unifiedDomain: text('unified_domain'),
});

/** Web domains a brand serves its portal on: the login page is branded by the host it is opened on. */
export const companyDomains = pgTable('company_domains', {
  domain: text('domain').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  /** 'portal' (the branded portal) or 'site' (the content site at the root, issue 14). */
  kind: text('kind').notNull().default('portal'),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** The company's path, kept by triggers (migration 0022): the user search checks the subtree in its indexes. */
    companyPath: text('company_path').notNull().default(''),
    email: text('email').notNull(),
    nickname: text('nickname').notNull(),
    phone: text('phone').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    userType: text('user_type').notNull(),
    userAuthType: smallint('user_auth_type').notNull().default(3),
    status: text('status').notNull().default('normal'), // normal | operation_locked | auto_locked | deleted
    authResList: text('auth_res_list')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Areas the user may work in (resource range); empty means none. */
    areaIds: integer('area_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    failedLogins: smallint('failed_logins').notNull().default(0),
    lockedUntil: ts('locked_until'),
    locale: text('locale').notNull().default('en-US'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** False for an invited user until they set a password through the invitation link. */
    registered: boolean('registered').notNull().default(true),
    invitedAt: ts('invited_at'),
    invitedBy: integer('invited_by'),
    /** Resource range: downstream companies (subtree roots) the user may act on; empty means the whole subtree. */
    companyIds: integer('company_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Application permissions: ids of the brand's apps the user may configure (free strings for now). */
    appIds: text('app_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A deleted user's address; `email` then holds a tombstone so that the address can be used again. */
    deletedEmail: text('deleted_email'),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    // Migration 0013 adds INCLUDE (status) (Drizzle cannot declare INCLUDE): a company's live users counted from the index.
    index('users_company_idx').on(t.companyId, t.id),
    index('users_type_id_idx').on(t.userType, t.id),
    // Prefix search of the user list (lower(...) like 'abc%'). Migration 0013 makes them covering, INCLUDE (the column,
    // id, company_id, status, user_type), so a search is counted by index-only scans.
    index('users_email_search_idx').using('btree', sql`lower(${t.email}) text_pattern_ops`),
    index('users_nickname_search_idx').using('btree', sql`lower(${t.nickname}) text_pattern_ops`),
    index('users_phone_search_idx').using('btree', sql`${t.phone} text_pattern_ops`),
    // A deleted user is still found by the address they had.
    index('users_deleted_email_search_idx')
      .using('btree', sql`lower(${t.deletedEmail}) text_pattern_ops`)
      .where(sql`${t.deletedEmail} is not null`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    renewTokenHash: text('renew_token_hash').notNull(),
    /**
     * Only a session live when migration 0045 ran keeps its stored key here until it renews or ends:
     * signing keys are derived from the token (lib/secrets sessionSignKey), never stored.
     */
    signKey: text('sign_key'),
    currentAreaId: integer('current_area_id').references(() => areas.id),
    locale: text('locale').notNull().default('en-US'),
    tokenExpiresAt: ts('token_expires_at').notNull(),
    lastActiveAt: ts('last_active_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    endedAt: ts('ended_at'),
    endReason: text('end_reason'),
    /** Remote access: the superior user working in this account (DOMAIN §2). */
    actingUserId: integer('acting_user_id'),
    remoteGrantId: integer('remote_grant_id'),
    remoteExpiresAt: ts('remote_expires_at'),
    ip: text('ip').notNull().default(''),
    /**
     * The credentials a renewal replaced (their hashes), kept for RENEWAL_GRACE_MS after `rotatedAt`
     * and only until the new token is first used (then all three are cleared): a client that lost the
     * renewal's answer is told 7004 for the previous token (its key derived from that token) and may
     * renew once more with the previous renewal token (migration 0044; prev_sign_key dropped by 0045).
     */
    prevTokenHash: text('prev_token_hash'),
    prevRenewTokenHash: text('prev_renew_token_hash'),
    rotatedAt: ts('rotated_at'),
  },
  (t) => [
    uniqueIndex('sessions_token_uq').on(t.tokenHash),
    uniqueIndex('sessions_renew_uq').on(t.renewTokenHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_prev_token_idx')
      .on(t.prevTokenHash)
      .where(sql`${t.prevTokenHash} is not null`),
    index('sessions_prev_renew_idx')
      .on(t.prevRenewTokenHash)
      .where(sql`${t.prevRenewTokenHash} is not null`),
    // The few keys stored before migration 0045, for the housekeeping job that clears them (0048).
    index('sessions_stored_sign_key_idx')
      .on(t.lastActiveAt)
      .where(sql`${t.signKey} is not null`),
  ],
);

/** Nonces seen, kept while their time could still be accepted (replay protection shared by all instances). */
export const nonces = pgTable(
  'nonces',
  {
    key: text('key').primaryKey(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('nonces_expires_idx').on(t.expiresAt)],
);

/** One-time tokens: SSO URL tokens and others; stored as hashes. */
export const oneTimeTokens = pgTable('one_time_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  purpose: text('purpose').notNull(),
  userId: integer('user_id').references(() => users.id),
  payload: jsonb('payload'),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

/**
 * Failed sign-in counters that are not a user's own (auth/login-attempts.ts): per source address
 * (`ip:<address>`) and per unknown account (`acct:<e-mail>`, so that an unknown account answers like
 * a known one). Counted atomically (one upsert ... returning); a window restarts after its lock or
 * LOGIN_LOCK_MINUTES without a lock.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: ts('window_started_at').notNull(),
  lockedUntil: ts('locked_until'),
});

/** Image (graphic) and e-mailed verification codes. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(), // image | email
    purpose: text('purpose').notNull(),
    target: text('target').notNull().default(''),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('verification_codes_target_idx').on(t.kind, t.purpose, t.target, t.createdAt)],
);

export const operationLogs = pgTable(
  'operation_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    actorName: text('actor_name').notNull().default(''),
    onBehalfOfUserId: integer('on_behalf_of_user_id'),
    companyId: integer('company_id'),
    companyPath: text('company_path'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id').notNull().default(''),
    ip: text('ip').notNull().default(''),
    /** 'success', or 'refused' (a write refused for permission or scope). */
    result: text('result').$type<'success' | 'refused'>().notNull().default('success'),
    /** The acting user's company: the row is visible to that subtree as well as the target's. */
    actorCompanyPath: text('actor_company_path'),
    /** The first segment of the action (search by module). */
    module: text('module').notNull().default(''),
    /** Set by the sealing job (modules/insight/audit-chain.ts), in its own order; null until sealed. */
    seq: bigint('seq', { mode: 'number' }),
    prevHash: text('prev_hash'),
    /** sha256 hex of prev_hash and the canonical row. */
    hash: text('hash'),
    /** The typed action (contract AUDIT_ACTIONS, migration 0028); null on rows written before. */
    code: text('code'),
    /** The target's display name when the row was written. */
    targetName: text('target_name'),
    /** The sentence's parameters ({ op }). */
    params: jsonb('params'),
    /** The fields changed: [{ field, before, after } | { field, secret: true }]. */
    diff: jsonb('diff'),
    /** The call's request data, secrets replaced, cut when large. */
    request: jsonb('request'),
  },
  (t) => [
    uniqueIndex('operation_logs_seq_idx').on(t.seq),
    index('operation_logs_unsealed_idx')
      .on(t.id)
      .where(sql`${t.seq} IS NULL`),
    // The search's filter indexes also INCLUDE company_path and actor_company_path (and the actor
    // name), so its count is an index-only scan: migration 0036 (Drizzle cannot declare INCLUDE).
    index('operation_logs_path_idx').using('btree', sql`${t.companyPath} text_pattern_ops`, t.at),
    index('operation_logs_at_idx').on(t.at),
    index('operation_logs_actor_path_idx').using('btree', sql`${t.actorCompanyPath} text_pattern_ops`, t.at),
    index('operation_logs_at_id_idx').on(t.at, t.id),
    index('operation_logs_module_idx').on(t.module, t.at),
    index('operation_logs_action_idx').using('btree', sql`${t.action} text_pattern_ops`, t.at),
    index('operation_logs_ip_idx').using('btree', sql`${t.ip} text_pattern_ops`, t.at),
    index('operation_logs_actor_name_idx').using('btree', sql`lower(${t.actorName}) text_pattern_ops`, t.at),
    index('operation_logs_refused_idx')
      .on(t.at)
      .where(sql`${t.result} = 'refused'`),
    index('operation_logs_target_idx').on(t.targetType, t.targetId, t.at),
    index('operation_logs_code_idx').on(t.code, t.at),
  ],
);

/** Hourly and retention checkpoints of the operation-log chain; each is also a file in the file store. */
export const operationLogCheckpoints = pgTable(
  'operation_log_checkpoints',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').$type<'hourly' | 'retention'>().notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    at: ts('at').notNull(),
    fileKey: text('file_key').notNull(),
  },
  (t) => [index('operation_log_checkpoints_kind_idx').on(t.kind, t.seq)],
);

export const files = pgTable(
  'files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id'),
    /** Key in the file store, e.g. 'logos/2026/11/uuid.png'. */
    path: text('path').notNull().unique(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    md5: text('md5').notNull().default(''),
    /** public files (logos, branding) may be served to anyone with a signed link or before login */
    isPublic: boolean('is_public').notNull().default(false),
    createdBy: integer('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('files_company_idx').on(t.companyId)],
);

export const mails = pgTable(
  'mails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status').notNull().default('queued'), // queued | sent | failed | outbox
    error: text('error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
  },
  (t) => [index('mails_to_idx').on(t.to, t.createdAt)],
);

/** Per-user saved preferences (user-configs), e.g. table columns. */
export const userConfigs = pgTable(
  'user_configs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export * from './schema-account-manage';
export * from './schema-partner';
export * from './schema-cloud-upgrade';
export * from './schema-cloud-content';
export * from './schema-content-files';
export * from './schema-cloud-storage';
export * from './schema-app-api';
export * from './schema-message-center';
export * from './schema-feedback-chat';
export * from './schema-insight';
