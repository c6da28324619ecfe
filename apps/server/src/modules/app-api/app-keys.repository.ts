/**
 * Application keys: the Applications screen's queries, scoped to the caller's subtree, and the one
 * deliberately unscoped lookup of the app-facing API (a key by its appId).
 */
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { appKeys, companies } from '../../db/schema';
import type { Actor } from '../../lib/context';
import { escapeLike, paginate, scopedToSubtree, type Page, type PageRequest } from '../../lib/tenancy';

type AnyDb = Db | Tx;

export type AppKeyRow = typeof appKeys.$inferSelect & { companyName: string; endUserCount: number };

/** A key's end users not deleted: an index-only count (end_users_app_key_idx, migration 0054). */
export const endUserCountOfKey = sql<number>`(select count(*)::int from end_users eu where eu.app_key_id = ${appKeys.id} and eu.status <> 'deleted')`;

const columns = {
  key: appKeys,
  companyName: companies.name,
  endUserCount: endUserCountOfKey,
};

const flatten = (r: { key: typeof appKeys.$inferSelect; companyName: string | null; endUserCount: number }): AppKeyRow => ({
  ...r.key,
  companyName: r.companyName ?? '',
  endUserCount: Number(r.endUserCount),
});

export interface AppKeyFilter {
  keyword?: string;
  status?: string;
}

export async function listAppKeysInSubtree(db: AnyDb, actor: Actor, f: AppKeyFilter, page: PageRequest): Promise<Page<AppKeyRow>> {
  const text = f.keyword ? `%${escapeLike(f.keyword)}%` : null;
  const where: SQL | undefined = and(
    scopedToSubtree(appKeys.companyPath, actor),
    f.status ? eq(appKeys.status, f.status) : undefined,
    text ? or(ilike(appKeys.name, text), ilike(appKeys.appId, text), ilike(companies.name, text)) : undefined,
  );
  return paginate(
    page,
    async ({ limit, offset }) =>
      (
        await db
          .select(columns)
          .from(appKeys)
          .leftJoin(companies, eq(companies.id, appKeys.companyId))
          .where(where)
          .orderBy(desc(appKeys.createdAt), desc(appKeys.id))
          .limit(limit)
          .offset(offset)
      ).map(flatten),
    async () =>
      (await db.select({ n: count() }).from(appKeys).leftJoin(companies, eq(companies.id, appKeys.companyId)).where(where))[0]?.n ?? 0,
  );
}

/** A key of the caller's subtree, or null (another tenant's id reads as missing). */
export async function findAppKeyInSubtree(db: AnyDb, actor: Actor, id: number): Promise<AppKeyRow | null> {
  const [r] = await db
    .select(columns)
    .from(appKeys)
    .leftJoin(companies, eq(companies.id, appKeys.companyId))
    .where(and(eq(appKeys.id, id), scopedToSubtree(appKeys.companyPath, actor)));
  return r ? flatten(r) : null;
}

/** A brand (a partner, level 1) in the caller's subtree that may own keys, or null. */
export async function findBrandInSubtree(db: AnyDb, actor: Actor, companyId: number) {
  const [c] = await db
    .select({ id: companies.id, path: companies.path, type: companies.type })
    .from(companies)
    .where(and(eq(companies.id, companyId), scopedToSubtree(companies.path, actor)));
  return c ?? null;
}

export async function insertAppKey(
  tx: AnyDb,
  v: {
    companyId: number;
    companyPath: string;
    appId: string;
    name: string;
    secretEnc: string;
    secretLast4: string;
    createdBy: number;
    now: Date;
  },
): Promise<number> {
  const [row] = await tx
    .insert(appKeys)
    .values({ ...v, createdAt: v.now })
    .returning({ id: appKeys.id });
  return row!.id;
}

/** A new sealed secret for a key of the caller's subtree; false when it is not there. */
export async function replaceAppKeySecret(tx: AnyDb, actor: Actor, id: number, secretEnc: string, secretLast4: string, now: Date) {
  const rows = await tx
    .update(appKeys)
    .set({ secretEnc, secretLast4, rotatedAt: now })
    .where(and(eq(appKeys.id, id), scopedToSubtree(appKeys.companyPath, actor)))
    .returning({ id: appKeys.id });
  return rows.length > 0;
}

/** The conditional move of appKeyMachine: only from the state the caller saw. */
export async function moveAppKey(tx: AnyDb, actor: Actor, id: number, from: string, to: string): Promise<boolean> {
  const rows = await tx
    .update(appKeys)
    .set({ status: to })
    .where(and(eq(appKeys.id, id), eq(appKeys.status, from), scopedToSubtree(appKeys.companyPath, actor)))
    .returning({ id: appKeys.id });
  return rows.length > 0;
}

/**
 * The application key an app-facing call names (basic.token), with its brand. Unscoped on purpose:
 * the app is not signed in as anyone yet; the secret it signs with is the proof.
 */
export async function unsafeAppKeyByAppId(db: AnyDb, appId: string) {
  const [k] = await db
    .select({
      id: appKeys.id,
      appId: appKeys.appId,
      companyId: appKeys.companyId,
      companyPath: appKeys.companyPath,
      secretEnc: appKeys.secretEnc,
      status: appKeys.status,
    })
    .from(appKeys)
    .where(eq(appKeys.appId, appId));
  return k ?? null;
}
