/**
 * The public site's reads: only released translations, each through its released revision (the
 * site never reads a draft). A site is found by its address or one of its domains; every other
 * read names the site it serves.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { companyDomains, contentRevisions, contentSites, contentTranslations } from '../../db/schema';
import type { SiteRow } from './content.repository';

type AnyDb = Db | Tx;

/** A site by its address (/site/<slug>/): public, no caller. */
export async function unsafeSiteBySlug(db: AnyDb, slug: string): Promise<SiteRow | null> {
  const [row] = await db.select().from(contentSites).where(eq(contentSites.slug, slug));
  return row ?? null;
}

/** The site served at the root of a host (a 'site' domain): public, no caller. */
export async function unsafeSiteByDomain(db: AnyDb, host: string): Promise<SiteRow | null> {
  const [row] = await db
    .select({ s: contentSites })
    .from(companyDomains)
    .innerJoin(contentSites, eq(contentSites.companyId, companyDomains.companyId))
    .where(and(eq(companyDomains.domain, host), eq(companyDomains.kind, 'site')));
  return row?.s ?? null;
}

export interface PublicRow {
  itemId: number;
  type: string;
  locale: string;
  slug: string;
  title: string;
  data: unknown;
  releasedAt: Date | null;
}

const cols = {
  itemId: contentTranslations.itemId,
  type: contentTranslations.type,
  locale: contentTranslations.locale,
  slug: sql<string>`coalesce(${contentTranslations.releasedSlug}, '')`,
  title: sql<string>`coalesce(${contentTranslations.releasedTitle}, '')`,
  data: contentRevisions.data,
  releasedAt: contentTranslations.releasedAt,
};

/** Released translations of some types in a locale, newest first (params filter: JSONB containment, GIN). */
export async function releasedItems(
  db: AnyDb,
  siteId: number,
  types: string[],
  locale: string,
  opts: { categoryId?: number; params?: Record<string, unknown>; limit?: number } = {},
): Promise<PublicRow[]> {
  const q = db
    .select(cols)
    .from(contentTranslations)
    .innerJoin(contentRevisions, eq(contentRevisions.id, contentTranslations.releasedRevisionId))
    .where(
      and(
        eq(contentTranslations.siteId, siteId),
        inArray(contentTranslations.type, types),
        eq(contentTranslations.locale, locale),
        eq(contentTranslations.state, 'released'),
        opts.categoryId ? eq(contentTranslations.releasedCategoryId, opts.categoryId) : undefined,
        opts.params && Object.keys(opts.params).length > 0
          ? sql`${contentTranslations.releasedParams} @> ${JSON.stringify(opts.params)}::jsonb`
          : undefined,
      ),
    )
    .orderBy(sql`${contentTranslations.releasedAt} desc nulls last`, asc(contentTranslations.itemId));
  return opts.limit ? q.limit(opts.limit) : q;
}

/** One released translation by its address. */
export async function releasedBySlug(db: AnyDb, siteId: number, type: string, locale: string, slug: string): Promise<PublicRow | null> {
  const [row] = await db
    .select(cols)
    .from(contentTranslations)
    .innerJoin(contentRevisions, eq(contentRevisions.id, contentTranslations.releasedRevisionId))
    .where(
      and(
        eq(contentTranslations.siteId, siteId),
        eq(contentTranslations.type, type),
        eq(contentTranslations.locale, locale),
        eq(contentTranslations.releasedSlug, slug),
        eq(contentTranslations.state, 'released'),
      ),
    );
  return row ?? null;
}

/** Released translations of the given items in any locale (hreflang alternates, links). */
export async function releasedOfItems(db: AnyDb, siteId: number, itemIds: number[]): Promise<PublicRow[]> {
  if (itemIds.length === 0) return [];
  return db
    .select(cols)
    .from(contentTranslations)
    .innerJoin(contentRevisions, eq(contentRevisions.id, contentTranslations.releasedRevisionId))
    .where(
      and(eq(contentTranslations.siteId, siteId), inArray(contentTranslations.itemId, itemIds), eq(contentTranslations.state, 'released')),
    );
}

/** Every released translation with a page (sitemap.xml). */
export async function releasedPages(
  db: AnyDb,
  siteId: number,
  types: string[],
): Promise<Array<Omit<PublicRow, 'data'> & { noindex: boolean }>> {
  return db
    .select({
      itemId: contentTranslations.itemId,
      type: contentTranslations.type,
      locale: contentTranslations.locale,
      slug: sql<string>`coalesce(${contentTranslations.releasedSlug}, '')`,
      title: sql<string>`coalesce(${contentTranslations.releasedTitle}, '')`,
      releasedAt: contentTranslations.releasedAt,
      noindex: sql<boolean>`coalesce((${contentRevisions.data}->'translation'->>'noindex')::boolean, false)`,
    })
    .from(contentTranslations)
    .innerJoin(contentRevisions, eq(contentRevisions.id, contentTranslations.releasedRevisionId))
    .where(and(eq(contentTranslations.siteId, siteId), inArray(contentTranslations.type, types), eq(contentTranslations.state, 'released')))
    .orderBy(asc(contentTranslations.itemId), asc(contentTranslations.locale));
}
