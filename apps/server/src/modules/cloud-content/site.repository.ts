/**
 * The public site's reads: only released translations, each through its released revision (the
 * site never reads a draft). A site is found by its address or one of its domains; every other
 * read names the site it serves.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { companyDomains, contentRedirects, contentRevisions, contentSites, contentTranslations } from '../../db/schema';
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

/** One released translation of a type and locale, by its address (slug) or its item id. */
async function releasedOne(db: AnyDb, siteId: number, type: string, locale: string, by: ReturnType<typeof eq>): Promise<PublicRow | null> {
  const [row] = await db
    .select(cols)
    .from(contentTranslations)
    .innerJoin(contentRevisions, eq(contentRevisions.id, contentTranslations.releasedRevisionId))
    .where(
      and(
        eq(contentTranslations.siteId, siteId),
        eq(contentTranslations.type, type),
        eq(contentTranslations.locale, locale),
        by,
        eq(contentTranslations.state, 'released'),
      ),
    );
  return row ?? null;
}

/** One released translation by its address. */
export function releasedBySlug(db: AnyDb, siteId: number, type: string, locale: string, slug: string): Promise<PublicRow | null> {
  return releasedOne(db, siteId, type, locale, eq(contentTranslations.releasedSlug, slug));
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
): Promise<Array<Omit<PublicRow, 'data'> & { noindex: boolean; canonical: string }>> {
  return db
    .select({
      itemId: contentTranslations.itemId,
      type: contentTranslations.type,
      locale: contentTranslations.locale,
      slug: sql<string>`coalesce(${contentTranslations.releasedSlug}, '')`,
      title: sql<string>`coalesce(${contentTranslations.releasedTitle}, '')`,
      releasedAt: contentTranslations.releasedAt,
      noindex: sql<boolean>`coalesce((${contentRevisions.data}->'translation'->>'noindex')::boolean, false)`,
      canonical: sql<string>`coalesce(${contentRevisions.data}->'translation'->>'canonical', '')`,
    })
    .from(contentTranslations)
    .innerJoin(contentRevisions, eq(contentRevisions.id, contentTranslations.releasedRevisionId))
    .where(and(eq(contentTranslations.siteId, siteId), inArray(contentTranslations.type, types), eq(contentTranslations.state, 'released')))
    .orderBy(asc(contentTranslations.itemId), asc(contentTranslations.locale));
}

/** One released translation by its item id (types whose translations may have no address, e.g. tech videos). */
export function releasedById(db: AnyDb, siteId: number, type: string, locale: string, itemId: number): Promise<PublicRow | null> {
  return releasedOne(db, siteId, type, locale, eq(contentTranslations.itemId, itemId));
}

/** The types the site's search reads (manuals and FAQs filtered further by the caller). */
export const SEARCH_TYPES = ['product', 'solution', 'news', 'video', 'tech_video', 'manual', 'installer_faq'] as const;

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The site's search over released translations of a locale: a substring (ILIKE, pg_trgm index) of
 * the title, model, summary, body text or any parameter value, an enum option whose label matched
 * (`optionHits`, JSONB containment), or the full-text match of that text (GIN index). Best
 * first: trigram word similarity of title and model, then newest.
 */
export async function searchReleased(
  db: AnyDb,
  siteId: number,
  locale: string,
  q: string,
  optionHits: Array<Record<string, unknown>>,
  limit = 1000,
): Promise<PublicRow[]> {
  const pat = likePattern(q);
  const title = sql`coalesce(${contentTranslations.releasedTitle}, '')`;
  const model = sql`coalesce(${contentRevisions.data}->'shared'->>'model', '')`;
  // The revisions whose text matches (migration 0029: a pg_trgm index for the substring, a GIN index
  // for the full text, in one bitmap OR); the released translations among them are kept below.
  const matching = sql`(select r.id from content_revisions r
    where r.search_text ilike ${pat} or to_tsvector('simple', r.search_text) @@ plainto_tsquery('simple', ${q}))`;
  return db
    .select(cols)
    .from(contentTranslations)
    .innerJoin(contentRevisions, eq(contentRevisions.id, contentTranslations.releasedRevisionId))
    .where(
      and(
        eq(contentTranslations.siteId, siteId),
        eq(contentTranslations.locale, locale),
        eq(contentTranslations.state, 'released'),
        inArray(contentTranslations.type, [...SEARCH_TYPES]),
        sql`(${contentTranslations.releasedRevisionId} in ${matching}
          or exists (select 1 from jsonb_array_elements(${JSON.stringify(optionHits)}::jsonb) o where ${contentTranslations.releasedParams} @> o.value))`,
      ),
    )
    .orderBy(
      sql`greatest(word_similarity(${q}, ${title}), word_similarity(${q}, ${model})) desc`,
      sql`${contentTranslations.releasedAt} desc nulls last`,
      asc(contentTranslations.itemId),
    )
    .limit(limit);
}

/**
 * A translation's revision for a signed preview: the given one (of that item and locale) or the
 * latest saved; null when the item is not on this site or the revision is not its.
 */
export async function previewRevision(
  db: AnyDb,
  siteId: number,
  itemId: number,
  locale: string,
  revisionId: number | null,
): Promise<PublicRow | null> {
  const [row] = await db
    .select({
      itemId: contentTranslations.itemId,
      type: contentTranslations.type,
      locale: contentTranslations.locale,
      slug: sql<string>`coalesce(${contentRevisions.data}->'translation'->>'slug', '')`,
      title: sql<string>`coalesce(${contentRevisions.data}->'translation'->>'title', '')`,
      data: contentRevisions.data,
      releasedAt: contentTranslations.releasedAt,
    })
    .from(contentTranslations)
    .innerJoin(
      contentRevisions,
      and(
        eq(contentRevisions.itemId, contentTranslations.itemId),
        eq(contentRevisions.locale, contentTranslations.locale),
        revisionId === null ? eq(contentRevisions.id, contentTranslations.latestRevisionId) : eq(contentRevisions.id, revisionId),
      ),
    )
    .where(and(eq(contentTranslations.siteId, siteId), eq(contentTranslations.itemId, itemId), eq(contentTranslations.locale, locale)));
  return row ?? null;
}

/** A released product as the list pages need it: no body, no revision JSON beyond a few fields. */
export interface ListedProduct {
  itemId: number;
  slug: string;
  title: string;
  model: string;
  summary: string;
  categoryId: number | null;
  params: Record<string, unknown>;
  discontinued: boolean;
  releasedAt: number;
  /** Listed in another locale from its en-US translation (issue 14 §8: zh-CN may fall back, labelled). */
  fallback?: boolean;
}

/** Every released product of a site in a locale, newest first (the list pages' in-memory index). */
export async function releasedProductIndex(db: AnyDb, siteId: number, locale: string): Promise<ListedProduct[]> {
  const rows = await db
    .select({
      itemId: contentTranslations.itemId,
      slug: sql<string>`coalesce(${contentTranslations.releasedSlug}, '')`,
      title: sql<string>`coalesce(${contentTranslations.releasedTitle}, '')`,
      model: sql<string>`coalesce(${contentRevisions.data}->'shared'->>'model', '')`,
      summary: sql<string>`coalesce(${contentRevisions.data}->'translation'->>'summary', '')`,
      categoryId: contentTranslations.releasedCategoryId,
      params: contentTranslations.releasedParams,
      discontinued: sql<boolean>`coalesce((${contentRevisions.data}->'shared'->>'discontinued')::boolean, false)`,
      releasedAt: contentTranslations.releasedAt,
    })
    .from(contentTranslations)
    .innerJoin(contentRevisions, eq(contentRevisions.id, contentTranslations.releasedRevisionId))
    .where(
      and(
        eq(contentTranslations.siteId, siteId),
        eq(contentTranslations.type, 'product'),
        eq(contentTranslations.locale, locale),
        eq(contentTranslations.state, 'released'),
      ),
    )
    .orderBy(sql`${contentTranslations.releasedAt} desc nulls last`, asc(contentTranslations.itemId));
  return rows.map((r) => ({
    ...r,
    params: (r.params ?? {}) as Record<string, unknown>,
    releasedAt: r.releasedAt ? r.releasedAt.getTime() : 0,
  }));
}

/**
 * Where an old address now leads (issue 14 §9): the current released address of the item it was
 * an address of, in the same locale; null when it is no old address or the item is not released.
 */
export async function redirectTarget(db: AnyDb, siteId: number, type: string, locale: string, slug: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: contentTranslations.releasedSlug })
    .from(contentRedirects)
    .innerJoin(
      contentTranslations,
      and(eq(contentTranslations.itemId, contentRedirects.itemId), eq(contentTranslations.locale, contentRedirects.locale)),
    )
    .where(
      and(
        eq(contentRedirects.siteId, siteId),
        eq(contentRedirects.type, type),
        eq(contentRedirects.locale, locale),
        eq(contentRedirects.oldSlug, slug),
        eq(contentTranslations.state, 'released'),
      ),
    );
  return row?.slug && row.slug !== slug ? row.slug : null;
}
