import type { Company } from '@portal/contract';
import type { Db, Tx } from '../../db/client';
import type { Actor } from '../../lib/context';
import { allowedActions } from '../../lib/policy';
import { companyPolicy, factsMatter, NO_FACTS, type CompanyFacts } from './company.policy';
import { companyFacts } from './company.repository';

interface Row {
  id: number;
  parentId: number | null;
  type: string;
  level: number;
  name: string;
  logo: string | null;
  contact: string;
  telephone: string;
  email: string;
  areaId: number | null;
  status: string;
  userLimit: number;
  createdAt: Date;
  userCount: number;
  path: string;
  allowSuperiorAccess: boolean;
}

/** A company row as the contract shape, with the caller's abilities on it (the path and other database-only columns stay behind). */
export function presentCompany(actor: Actor, r: Row, facts: CompanyFacts): Company {
  return {
    id: r.id,
    parentId: r.parentId,
    type: r.type as Company['type'],
    level: r.level,
    name: r.name,
    logo: r.logo,
    contact: r.contact,
    telephone: r.telephone,
    email: r.email,
    areaId: r.areaId,
    status: r.status as Company['status'],
    userCount: Number(r.userCount),
    userLimit: r.userLimit,
    createdAt: new Date(r.createdAt).toISOString(),
    actions: allowedActions(companyPolicy, actor, {
      path: r.path,
      type: r.type,
      status: r.status,
      allowSuperiorAccess: r.allowSuperiorAccess,
      facts,
    }),
  };
}

/** Companies in the order given, each with its abilities; the policy's facts are read for the rows they matter to, in one query. */
export async function presentCompanies(db: Db | Tx, actor: Actor, rows: readonly Row[]): Promise<Company[]> {
  const facts = await companyFacts(
    db,
    rows.filter(factsMatter).map((r) => r.id),
  );
  return rows.map((r) => presentCompany(actor, r, facts.get(r.id) ?? NO_FACTS));
}
