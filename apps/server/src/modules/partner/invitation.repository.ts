/**
 * Invitations and the companies they create. Companies named here were found strictly below the
 * caller first (findDownstreamCompany); the link's own reads (by invitation id and sign, before
 * any session) and the e-mail rules (an address is one account across tenants) are unscoped by
 * nature and named unsafe...
 */
import type { InvitationKind } from '@portal/contract';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { companies, invitations, registrationAudits, users } from '../../db/schema';

type AnyDb = Db | Tx;
export type InvitationRow = typeof invitations.$inferSelect;

/** The latest invitation of a company (one the caller found in its scope, or the link's own). */
export async function latestInvitation(db: AnyDb, companyId: number): Promise<InvitationRow | null> {
  const [row] = await db.select().from(invitations).where(eq(invitations.companyId, companyId)).orderBy(desc(invitations.id)).limit(1);
  return row ?? null;
}

export async function userNickname(db: AnyDb, userId: number): Promise<string> {
  const [u] = await db.select({ nickname: users.nickname }).from(users).where(eq(users.id, userId));
  return u?.nickname ?? '';
}

/** Whether an account (not deleted) uses the address: an address is one account in every tenant. */
export async function unsafeLiveUserWithEmail(db: AnyDb, email: string): Promise<boolean> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), sql`${users.status} <> 'deleted'`));
  return !!user;
}

/** Whether an invitation to the address is pending, whoever sent it. */
export async function unsafePendingInvitationTo(db: AnyDb, email: string): Promise<boolean> {
  const [pending] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.email, email), eq(invitations.status, 'pending')))
    .limit(1);
  return !!pending;
}

/** When invitations to the address were revoked since `since`, newest first (the churn rule). */
export async function unsafeRevocationsSince(db: AnyDb, email: string, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ revokedAt: invitations.revokedAt })
    .from(invitations)
    .where(and(eq(invitations.email, email), eq(invitations.status, 'revoked'), gt(invitations.revokedAt, since)))
    .orderBy(desc(invitations.revokedAt));
  return rows.map((r) => r.revokedAt!);
}

/** One invitation per e-mail at a time, also under concurrent clicks (held to the end of the transaction). */
export async function lockInvitationEmail(tx: AnyDb, email: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'invite:' + email}))`);
}

/** A new company directly below `parent` (the caller's own company), with its path. */
export async function insertChildCompany(
  tx: AnyDb,
  parent: { id: number; path: string },
  values: Omit<typeof companies.$inferInsert, 'parentId' | 'path'>,
) {
  const [company] = await tx
    .insert(companies)
    .values({ ...values, parentId: parent.id, path: 'pending' })
    .returning();
  const path = `${parent.path}${company.id}/`;
  await tx.update(companies).set({ path }).where(eq(companies.id, company.id));
  return { ...company, path };
}

export async function insertInvitation(tx: AnyDb, values: typeof invitations.$inferInsert): Promise<InvitationRow> {
  const [row] = await tx.insert(invitations).values(values).returning();
  return row;
}

/** A fresh link replaces the pending one of a company found in the caller's scope. */
export async function replacePendingInvitations(tx: AnyDb, companyId: number) {
  await tx
    .update(invitations)
    .set({ status: 'replaced' })
    .where(and(eq(invitations.companyId, companyId), eq(invitations.status, 'pending')));
}

/** Undo invite: the pending link and the latest one are revoked; the company goes while it is inactive. */
export async function revokeInvitationAndCompany(db: AnyDb, companyId: number, latestId: number, at: Date) {
  await db
    .update(invitations)
    .set({ status: 'revoked', revokedAt: at })
    .where(and(eq(invitations.companyId, companyId), eq(invitations.status, 'pending')));
  // The last revocation is what the churn rule counts, also when the link had been replaced before.
  await db.update(invitations).set({ status: 'revoked', revokedAt: at }).where(eq(invitations.id, latestId));
  await db.delete(companies).where(and(eq(companies.id, companyId), eq(companies.status, 'inactive')));
}

/** An invitation by id and kind (a public link, checked by its sign by the caller). */
export async function unsafeFindInvitation(
  db: AnyDb,
  inviteId: number,
  kinds: readonly InvitationKind[],
  opts: { forUpdate?: boolean } = {},
) {
  const q = db
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, inviteId), inArray(invitations.kind, [...kinds])));
  const [inv] = opts.forUpdate ? await q.for('update') : await q;
  return inv ?? null;
}

/**
 * Registration through a verified link: the owner user, the link used up, the company's details and
 * status, and a pending audit where the inviting company must approve.
 */
export async function unsafeRegisterInvitedCompany(
  db: AnyDb,
  r: {
    invitation: InvitationRow;
    companyId: number;
    owner: Omit<typeof users.$inferInsert, 'companyId' | 'email'>;
    company: Pick<typeof companies.$inferInsert, 'name' | 'contact' | 'telephone' | 'status'>;
    needsApproval: boolean;
    at: Date;
  },
): Promise<number> {
  const [user] = await db
    .insert(users)
    .values({ ...r.owner, companyId: r.companyId, email: r.invitation.email })
    .returning({ id: users.id });
  await db.update(invitations).set({ status: 'used', usedAt: r.at }).where(eq(invitations.id, r.invitation.id));
  await db
    .update(companies)
    .set({ ...r.company, email: r.invitation.email })
    .where(eq(companies.id, r.companyId));
  if (r.needsApproval) {
    await db
      .insert(registrationAudits)
      .values({
        companyId: r.companyId,
        approverCompanyId: r.invitation.inviterCompanyId,
        applicantUserId: user.id,
        status: 'pending',
        submittedAt: r.at,
      })
      .onConflictDoUpdate({
        target: registrationAudits.companyId,
        set: { status: 'pending', applicantUserId: user.id, reason: null, decidedAt: null, decidedBy: null, submittedAt: r.at },
      });
  }
  return user.id;
}
