/**
 * The app-facing API (issue 12, DOMAIN §5): a brand's application keys, its end users (the users of
 * its mobile app) and their sessions. The device registry's `end_user_id` (schema-cloud-upgrade.ts)
 * is the binding of a device to an end user.
 *
 * Tenancy: every row carries the brand's company_id and company_path, as the device registry.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An application key: appId (public) and secret (sealed with lib/secrets sealSecret, shown once). */
export const appKeys = pgTable(
  'app_keys',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    companyPath: text('company_path').notNull(),
    appId: text('app_id').notNull(),
    name: text('name').notNull(),
    /** The secret, sealed (AES-256-GCM, lib/secrets sealSecret): the server needs it to check signatures. */
    secretEnc: text('secret_enc').notNull(),
    secretLast4: text('secret_last4').notNull(),
    status: text('status').notNull().default('enabled'),
    createdBy: integer('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    rotatedAt: ts('rotated_at'),
  },
  (t) => [
    uniqueIndex('app_keys_app_id_uq').on(t.appId),
    index('app_keys_path_idx').using('btree', sql`${t.companyPath} text_pattern_ops`, t.id),
  ],
);

/** An end user of a brand's app; the e-mail is unique per brand among accounts not deleted. */
export const endUsers = pgTable(
  'end_users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').notNull(),
    companyPath: text('company_path').notNull(),
    appKeyId: integer('app_key_id'),
    email: text('email').notNull(),
    nickname: text('nickname').notNull(),
    locale: text('locale').notNull().default('en-US'),
    country: text('country').notNull().default(''),
    areaId: integer('area_id'),
    status: text('status').notNull().default('normal'),
    passwordHash: text('password_hash').notNull(),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: ts('locked_until'),
    createdAt: ts('created_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
    /** The end user's preference (app API): no pushes of promotions (they still reach the inbox). */
    mutePromotions: boolean('mute_promotions').notNull().default(false),
  },
  (t) => [
    uniqueIndex('end_users_brand_email_uq')
      .on(t.companyId, t.email)
      .where(sql`${t.status} <> 'deleted'`),
    index('end_users_path_idx').using('btree', sql`${t.companyPath} text_pattern_ops`, t.id),
    /** The Applications list counts each key's end users (an index-only count). */
    index('end_users_app_key_idx')
      .on(t.appKeyId)
      .where(sql`${t.status} <> 'deleted'`),
  ],
);

/** An end user's session, opened through one application key. */
export const endUserSessions = pgTable(
  'end_user_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endUserId: bigint('end_user_id', { mode: 'number' }).notNull(),
    appKeyId: integer('app_key_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    renewTokenHash: text('renew_token_hash').notNull(),
    /** Only a session live when migration 0045 ran keeps its stored key until it renews or ends (lib/secrets sessionSignKey). */
    signKey: text('sign_key'),
    tokenExpiresAt: ts('token_expires_at').notNull(),
    lastActiveAt: ts('last_active_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    endedAt: ts('ended_at'),
    endReason: text('end_reason'),
    /**
     * The token and renewal token hashes a renewal replaced, kept for RENEWAL_GRACE_MS after
     * `rotatedAt` and only until the new token is first used (then cleared): an app that lost the
     * renewal's answer is told 7004 for the previous token and may renew once more with the previous
     * renewal token, as a portal session (migration 0046).
     */
    prevTokenHash: text('prev_token_hash'),
    prevRenewTokenHash: text('prev_renew_token_hash'),
    rotatedAt: ts('rotated_at'),
  },
  (t) => [
    uniqueIndex('end_user_sessions_token_uq').on(t.tokenHash),
    uniqueIndex('end_user_sessions_renew_uq').on(t.renewTokenHash),
    index('end_user_sessions_user_idx')
      .on(t.endUserId)
      .where(sql`${t.endedAt} is null`),
    index('end_user_sessions_prev_token_idx')
      .on(t.prevTokenHash)
      .where(sql`${t.prevTokenHash} is not null`),
    index('end_user_sessions_prev_renew_idx')
      .on(t.prevRenewTokenHash)
      .where(sql`${t.prevRenewTokenHash} is not null`),
    // The few keys stored before migration 0045, for the housekeeping job that clears them (0048).
    index('end_user_sessions_stored_sign_key_idx')
      .on(t.lastActiveAt)
      .where(sql`${t.signKey} is not null`),
  ],
);
