/**
 * The accounts sign-in, registration and password finding read and write. Unscoped by nature (named
 * unsafe...): the caller is not signed in yet and is found by e-mail, domain or a one-time token;
 * the calls prove themselves with a password or an e-mailed code first.
 */
import { eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { companies, companyBranding, companyDomains, registrationAudits, users } from '../../db/schema';
import { effectiveCompanyStatus } from '../../lib/tenancy';

type AnyDb = Db | Tx;

const loginColumns = {
  user: users,
  companyStatus: effectiveCompanyStatus(companies.status, companies.path),
  companyAreaId: companies.areaId,
  companyPath: companies.path,
};

/** A user with its company's effective status and area, by e-mail (sign-in). */
export async function unsafeFindLoginByEmail(db: AnyDb, email: string) {
  const [row] = await db
    .select(loginColumns)
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.email, email));
  return row ?? null;
}

/** The same by user id (a single-sign-on token names its user). */
export async function unsafeFindLoginById(db: AnyDb, userId: number) {
  const [row] = await db
    .select(loginColumns)
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  return row ?? null;
}

/** Whether an account uses the address (told only to who proved the address). */
export async function unsafeUserWithEmail(db: AnyDb, email: string) {
  const [u] = await db.select().from(users).where(eq(users.email, email));
  return u ?? null;
}

/** The brand company serving a domain, or the supplier (root) when the domain is not a brand's. */
export async function unsafeBrandForDomain(db: AnyDb, domain: string) {
  const host = domain.trim().toLowerCase().replace(/:\d+$/, '');
  const [d] = host ? await db.select().from(companyDomains).where(eq(companyDomains.domain, host)) : [];
  if (d) {
    const [c] = await db.select().from(companies).where(eq(companies.id, d.companyId));
    if (c) return c;
  }
  const [root] = await db.select().from(companies).where(isNull(companies.parentId)).orderBy(companies.id).limit(1);
  return root ?? null;
}

/** A company's public branding (the login page of its domain). */
export async function unsafeBrandingOf(db: AnyDb, companyId: number) {
  const [b] = await db.select().from(companyBranding).where(eq(companyBranding.companyId, companyId));
  return b ?? null;
}

/**
 * A self-registered enterprise below its brand: the company (inactive until approved), its first
 * user and the pending registration audit, in the caller's transaction.
 */
export async function insertSelfRegistration(
  tx: AnyDb,
  brand: typeof companies.$inferSelect,
  r: { email: string; companyName: string; nickName: string; passwordHash: string; locale: string; at: Date },
) {
  const [company] = await tx
    .insert(companies)
    // Not activated until the brand approves the registration (SPEC §4 audit).
    .values({
      parentId: brand.id,
      path: 'pending',
      depth: brand.depth + 1,
      type: 'customer',
      level: 0,
      name: r.companyName,
      email: r.email,
      areaId: brand.areaId,
      status: 'inactive',
      createdAt: r.at,
    })
    .returning();
  const path = `${brand.path}${company.id}/`;
  await tx.update(companies).set({ path }).where(eq(companies.id, company.id));
  const [user] = await tx
    .insert(users)
    .values({
      companyId: company.id,
      email: r.email,
      nickname: r.nickName,
      passwordHash: r.passwordHash,
      userType: 'customer',
      userAuthType: 1,
      authResList: ['dealer_account_qry', 'dealer_account_mgr', 'dealer_license_qry'],
      areaIds: brand.areaId ? [brand.areaId] : [],
      locale: r.locale,
      createdAt: r.at,
    })
    .returning({ id: users.id });
  await tx.insert(registrationAudits).values({
    companyId: company.id,
    approverCompanyId: brand.id,
    applicantUserId: user.id,
    status: 'pending',
    submittedAt: r.at,
  });
  return { userId: user.id, companyId: company.id, path };
}

/** A new password (found by e-mailed code): failures and an automatic lock are cleared. */
export async function unsafeResetPassword(db: AnyDb, user: { id: number; status: string }, passwordHash: string) {
  await db
    .update(users)
    .set({ passwordHash, failedLogins: 0, lockedUntil: null, status: user.status === 'auto_locked' ? 'normal' : user.status })
    .where(eq(users.id, user.id));
}

export async function unsafeCompanyPath(db: AnyDb, companyId: number): Promise<string | undefined> {
  const [co] = await db.select({ path: companies.path }).from(companies).where(eq(companies.id, companyId));
  return co?.path;
}

/** The signed-in caller's own e-mail and password hash. */
export async function ownCredentials(db: AnyDb, userId: number) {
  const [u] = await db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return u ?? null;
}

/** The signed-in caller's own e-mail. */
export async function setOwnEmail(db: AnyDb, userId: number, email: string) {
  await db.update(users).set({ email }).where(eq(users.id, userId));
}
