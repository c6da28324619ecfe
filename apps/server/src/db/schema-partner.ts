/** Tables of the partner network: invitations, registration audits, remote-access grants. */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One e-mailed registration link. The invited company exists from the first invitation on (status
 * 'inactive', no users); a re-invite adds a row and marks the previous one 'replaced'. The link's
 * sign is an HMAC over the row, so the row's state decides whether it still works:
 * pending -> used (registered) | revoked (undo invite) | replaced (re-invite). No foreign key on
 * company_id: undoing an invitation deletes the company, the revoked row stays for the churn rule.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(), // installer | distributor | customer
    companyId: integer('company_id').notNull(),
    inviterCompanyId: integer('inviter_company_id').notNull(),
    inviterUserId: integer('inviter_user_id').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    status: text('status').notNull().default('pending'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    usedAt: ts('used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('invitations_email_idx').on(t.email, t.status), index('invitations_company_idx').on(t.companyId, t.id)],
);

/** Approval of a registration (SPEC §4 audit): pending -> passed | rejected (with the reason the applicant sees). */
export const registrationAudits = pgTable(
  'registration_audits',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    /** The company whose administrators decide (the inviter). */
    approverCompanyId: integer('approver_company_id').notNull(),
    applicantUserId: integer('applicant_user_id'),
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    submittedAt: ts('submitted_at').notNull().defaultNow(),
    decidedAt: ts('decided_at'),
    decidedBy: integer('decided_by'),
  },
  (t) => [
    uniqueIndex('registration_audits_company_uq').on(t.companyId),
    index('registration_audits_approver_idx').on(t.approverCompanyId, t.status),
  ],
);

/**
 * A one-time remote-access link (DOMAIN §2): a superior may open the company's owner account until
 * `expires_at`, once; the session it opens ends at `session_expires_at`, or earlier when the
 * account turns "allow superior access" off (revoked_at).
 */
export const remoteAccessGrants = pgTable(
  'remote_access_grants',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    superiorUserId: integer('superior_user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    usedAt: ts('used_at'),
    sessionExpiresAt: ts('session_expires_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('remote_access_grants_company_idx').on(t.companyId)],
);
