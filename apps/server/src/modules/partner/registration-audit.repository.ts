/**
 * Registration audits below the caller (scopedBelowCompany), and the applicant's own audit for a
 * resubmission (the applicant proved itself with account and password: no session, named unsafe...).
 */
import type { AuditState } from '@portal/contract';
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { companies, registrationAudits, users } from '../../db/schema';
import type { Actor } from '../../lib/context';
import { escapeLike, paginate, scopedBelowCompany, type Page } from '../../lib/tenancy';

type AnyDb = Db | Tx;

const applicant = alias(users, 'applicant');
const decider = alias(users, 'decider');

const auditColumns = {
  id: registrationAudits.id,
  companyId: registrationAudits.companyId,
  companyName: companies.name,
  companyPath: companies.path,
  companyStatus: companies.status,
  type: companies.type,
  applicantName: applicant.nickname,
  applicantEmail: applicant.email,
  applicantLocale: applicant.locale,
  status: registrationAudits.status,
  reason: registrationAudits.reason,
  submittedAt: registrationAudits.submittedAt,
  decidedAt: registrationAudits.decidedAt,
  decidedByName: decider.nickname,
};

function auditQuery(db: AnyDb) {
  return db
    .select(auditColumns)
    .from(registrationAudits)
    .innerJoin(companies, eq(companies.id, registrationAudits.companyId))
    .leftJoin(applicant, eq(applicant.id, registrationAudits.applicantUserId))
    .leftJoin(decider, eq(decider.id, registrationAudits.decidedBy));
}

export type AuditRow = Awaited<ReturnType<typeof auditQuery>>[number];

/** The audit of a company strictly below the caller, or null. */
export async function findAuditBelow(db: AnyDb, actor: Pick<Actor, 'companyPath'>, companyId: number): Promise<AuditRow | null> {
  const [row] = await auditQuery(db).where(and(eq(registrationAudits.companyId, companyId), scopedBelowCompany(companies.path, actor)));
  return row ?? null;
}

export async function pendingAuditCountBelow(db: AnyDb, actor: Pick<Actor, 'companyPath'>): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(registrationAudits)
    .innerJoin(companies, eq(companies.id, registrationAudits.companyId))
    .where(and(eq(registrationAudits.status, 'pending'), scopedBelowCompany(companies.path, actor)));
  return Number(r?.n ?? 0);
}

export async function listAuditsBelow(
  db: AnyDb,
  actor: Pick<Actor, 'companyPath'>,
  q: { pageNum: number; pageSize: number; status?: AuditState; searchText?: string },
): Promise<Page<AuditRow>> {
  const conds: SQL[] = [scopedBelowCompany(companies.path, actor)];
  if (q.status) conds.push(eq(registrationAudits.status, q.status));
  if (q.searchText) conds.push(ilike(companies.name, `%${escapeLike(q.searchText)}%`));
  const where = and(...conds);
  return paginate(
    q,
    ({ limit, offset }) =>
      auditQuery(db).where(where).orderBy(desc(registrationAudits.submittedAt), desc(registrationAudits.id)).limit(limit).offset(offset),
    async () => {
      const [{ total }] = await db
        .select({ total: count() })
        .from(registrationAudits)
        .innerJoin(companies, eq(companies.id, registrationAudits.companyId))
        .where(where);
      return Number(total);
    },
  );
}

/** The audit row of a company the caller found below itself (locked with it in the caller's transaction). */
export async function auditOfCompanyRow(tx: AnyDb, companyId: number) {
  const [audit] = await tx.select().from(registrationAudits).where(eq(registrationAudits.companyId, companyId));
  return audit ?? null;
}

export async function findAuditRowById(tx: AnyDb, auditId: number): Promise<AuditRow> {
  const [row] = await auditQuery(tx).where(eq(registrationAudits.id, auditId));
  return row;
}

/** Record a decision; an approval activates the company (found below the caller first). */
export async function writeDecision(
  tx: AnyDb,
  audit: { id: number; companyId: number },
  d: { status: string; reason: string | null; decidedAt: Date; decidedBy: number; activateAs?: string },
) {
  await tx
    .update(registrationAudits)
    .set({ status: d.status, reason: d.reason, decidedAt: d.decidedAt, decidedBy: d.decidedBy })
    .where(eq(registrationAudits.id, audit.id));
  if (d.activateAs) await tx.update(companies).set({ status: d.activateAs }).where(eq(companies.id, audit.companyId));
}

/** The applicant's own audit, locked, and its company as it was (a resubmission proved by password). */
export async function unsafeLockOwnAudit(tx: AnyDb, companyId: number) {
  const [audit] = await tx.select().from(registrationAudits).where(eq(registrationAudits.companyId, companyId)).for('update');
  if (!audit) return null;
  const [company] = await tx.select().from(companies).where(eq(companies.id, companyId));
  return { audit, company: company! };
}

/** The corrected company details and the audit back to pending. */
export async function unsafeResubmit(
  tx: AnyDb,
  auditId: number,
  companyId: number,
  d: { status: string; name: string; contact: string; telephone: string; at: Date },
) {
  await tx.update(companies).set({ name: d.name, contact: d.contact, telephone: d.telephone }).where(eq(companies.id, companyId));
  await tx
    .update(registrationAudits)
    .set({ status: d.status, reason: null, submittedAt: d.at, decidedAt: null, decidedBy: null })
    .where(eq(registrationAudits.id, auditId));
}
