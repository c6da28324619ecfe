import type { Company } from '@portal/contract';

interface Row {
  id: number; parentId: number | null; type: string; level: number; name: string; logo: string | null; contact: string;
  telephone: string; email: string; areaId: number | null; status: string; userLimit: number; createdAt: Date; userCount: number;
}

/** A company row as the contract shape (the path and other database-only columns stay behind). */
export function presentCompany(r: Row): Company {
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
  };
}
