/**
 * The system module's reads and writes: the platform mail outbox and hidden-menu settings (supplier-only calls, no tenant), and the files behind file/link and
 * file/get.
 */
import { and, count, desc, eq, ilike } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { areaKindSettings, companies, files, mails, sessions } from '../../db/schema';
import type { Actor } from '../../lib/context';
import { escapeLike, paginate, scopedToSubtree, type Page, type PageRequest } from '../../lib/tenancy';

type AnyDb = Db | Tx;

/** The platform outbox (supplier only: it belongs to no tenant). */
export async function unsafeListMails(db: AnyDb, q: PageRequest & { to?: string }): Promise<Page<typeof mails.$inferSelect>> {
  const where = q.to ? ilike(mails.to, `%${escapeLike(q.to)}%`) : undefined;
  return paginate(
    q,
    ({ limit, offset }) => db.select().from(mails).where(where).orderBy(desc(mails.id)).limit(limit).offset(offset),
    async () => (await db.select({ total: count() }).from(mails).where(where))[0].total,
  );
}

/** Hidden menus per kind of data centre (platform settings, supplier only). */
export async function hiddenMenuRows(db: AnyDb) {
  return db.select().from(areaKindSettings);
}

export async function upsertHiddenMenus(db: AnyDb, kind: string, menus: string[]) {
  await db
    .insert(areaKindSettings)
    .values({ kind, hiddenMenus: menus })
    .onConflictDoUpdate({ target: areaKindSettings.kind, set: { hiddenMenus: menus } });
}

/** A file the caller may link to: public, or its company in the caller's subtree; null otherwise. */
export async function findLinkableFile(db: AnyDb, actor: Pick<Actor, 'companyPath'>, fileId: number) {
  const [f] = await db
    .select({ id: files.id, path: files.path, isPublic: files.isPublic, companyPath: companies.path })
    .from(files)
    .leftJoin(companies, eq(companies.id, files.companyId))
    .where(eq(files.id, fileId));
  if (!f) return null;
  if (f.isPublic) return f;
  if (!f.companyPath) return null;
  const [own] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.path, f.companyPath), scopedToSubtree(companies.path, actor)));
  return own ? f : null;
}

/** The session a signed file link names (checked against the link's signature by the caller). */
export async function unsafeLinkSession(db: AnyDb, sessionId: number) {
  const [s] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
  return s ?? null;
}

/** A stored file's name and type by its path (the path comes from a verified signed link). */
export async function unsafeFileByPath(db: AnyDb, path: string) {
  const [f] = await db.select().from(files).where(eq(files.path, path));
  return f ?? null;
}
