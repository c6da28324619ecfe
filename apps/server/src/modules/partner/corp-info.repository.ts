/** The caller's own company (corporate information): its row, its areas and its uploaded logo files. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { areas, companies, files } from '../../db/schema';
import type { Actor } from '../../lib/context';

type AnyDb = Db | Tx;

export async function findOwnCompany(db: AnyDb, actor: Pick<Actor, 'companyId'>) {
  const [c] = await db.select().from(companies).where(eq(companies.id, actor.companyId));
  return c ?? null;
}

export async function updateOwnCompany(db: AnyDb, actor: Pick<Actor, 'companyId'>, patch: Partial<typeof companies.$inferInsert>) {
  await db.update(companies).set(patch).where(eq(companies.id, actor.companyId));
}

/** The caller's own areas (an empty list is none). */
export async function actorAreas(db: AnyDb, actor: Pick<Actor, 'areaIds'>) {
  if (!actor.areaIds.length) return [];
  return db
    .select()
    .from(areas)
    .where(inArray(areas.id, [...actor.areaIds]))
    .orderBy(asc(areas.id));
}

/** A file uploaded by the caller's own company, or null. */
export async function findOwnCompanyFile(db: AnyDb, actor: Pick<Actor, 'companyId'>, fileId: number) {
  const [f] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.companyId, actor.companyId)));
  return f ?? null;
}

/** Whether the database knows the IANA zone `name` (its time zone data may lag the runtime's). */
export async function isDatabaseTimeZone(db: AnyDb, name: string): Promise<boolean> {
  const r = (await db.execute(sql`select exists (select 1 from pg_timezone_names where name = ${name}) as ok`)) as unknown as {
    rows: { ok: boolean }[];
  };
  return r.rows[0]?.ok === true;
}
