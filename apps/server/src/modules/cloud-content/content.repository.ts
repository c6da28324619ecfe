/**
 * Every query of the content site's portal side: sites, items, translations, revisions, schedules
 * and parameter definitions, scoped to the caller's subtree; the few deliberately unscoped reads
 * (the schedule job over every tenant, the brand site above a distributor, the host's brand for
 * /document/files) are named `unsafe...`.
 */
import { SORTED_CONTENT_TYPES, type ContentType, type Locale } from '@portal/contract';
import { and, asc, count, desc, eq, ilike, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  companies,
  companyDomains,
  contentItemReservations,
  contentItems,
  contentParamGroups,
  contentRedirects,
  contentParams,
  contentRevisions,
  contentSchedules,
  contentSites,
  contentTranslations,
  contentAssets,
  files,
  sessions,
} from '../../db/schema';
import type { Actor } from '../../lib/context';
import { escapeLike, paginate, scopedToSubtree, type Page, type PageRequest } from '../../lib/tenancy';

type AnyDb = Db | Tx;
export type SiteRow = typeof contentSites.$inferSelect;
export type ItemRow = typeof contentItems.$inferSelect;
export type TranslationRow = typeof contentTranslations.$inferSelect;
export type RevisionRow = typeof contentRevisions.$inferSelect;
export type ScheduleRow = typeof contentSchedules.$inferSelect;
export type ParamRow = typeof contentParams.$inferSelect;
export type ParamGroupRow = typeof contentParamGroups.$inferSelect;

export interface SiteWithCompany extends SiteRow {
  companyName: string;
  domains: string[];
}

// ----- sites -----

async function withCompany(db: AnyDb, rows: SiteRow[]): Promise<SiteWithCompany[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.companyId);
  const names = await db.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.id, ids));
  const domains = await db
    .select({ companyId: companyDomains.companyId, domain: companyDomains.domain })
    .from(companyDomains)
    .where(and(inArray(companyDomains.companyId, ids), eq(companyDomains.kind, 'site')))
    .orderBy(asc(companyDomains.domain));
  return rows.map((r) => ({
    ...r,
    companyName: names.find((n) => n.id === r.companyId)?.name ?? '',
    domains: domains.filter((d) => d.companyId === r.companyId).map((d) => d.domain),
  }));
}

/** The caller's own company's site, or null. */
export async function findOwnSite(db: AnyDb, actor: Actor): Promise<SiteWithCompany | null> {
  const rows = await db.select().from(contentSites).where(eq(contentSites.companyId, actor.companyId));
  return (await withCompany(db, rows))[0] ?? null;
}

/** A site of the caller's subtree (the supplier: any), or null. */
export async function findSiteInSubtree(db: AnyDb, actor: Actor, siteId: number): Promise<SiteWithCompany | null> {
  const rows = await db
    .select()
    .from(contentSites)
    .where(and(eq(contentSites.id, siteId), scopedToSubtree(contentSites.companyPath, actor)));
  return (await withCompany(db, rows))[0] ?? null;
}

export async function listSitesInSubtree(db: AnyDb, actor: Actor, page: PageRequest): Promise<Page<SiteWithCompany>> {
  const where = scopedToSubtree(contentSites.companyPath, actor);
  return paginate(
    page,
    async ({ limit, offset }) =>
      withCompany(db, await db.select().from(contentSites).where(where).orderBy(asc(contentSites.id)).limit(limit).offset(offset)),
    async () => (await db.select({ n: count() }).from(contentSites).where(where))[0]?.n ?? 0,
  );
}

export async function siteSlugTaken(db: AnyDb, slug: string, exceptCompanyId: number): Promise<boolean> {
  const [r] = await db
    .select({ id: contentSites.id })
    .from(contentSites)
    .where(and(eq(contentSites.slug, slug), ne(contentSites.companyId, exceptCompanyId)));
  return !!r;
}

/** Domains among `domains` that another company serves (its portal or its site). */
export async function domainsOfOthers(db: AnyDb, domains: string[], companyId: number): Promise<string[]> {
  if (domains.length === 0) return [];
  const rows = await db
    .select({ domain: companyDomains.domain })
    .from(companyDomains)
    .where(and(inArray(companyDomains.domain, domains), ne(companyDomains.companyId, companyId)));
  return rows.map((r) => r.domain);
}

export async function upsertOwnSite(db: AnyDb, actor: Actor, v: { name: string; slug: string; domains: string[] }): Promise<void> {
  await db
    .insert(contentSites)
    .values({ companyId: actor.companyId, companyPath: actor.companyPath, name: v.name, slug: v.slug })
    .onConflictDoUpdate({ target: contentSites.companyId, set: { name: v.name, slug: v.slug } });
  await db.delete(companyDomains).where(and(eq(companyDomains.companyId, actor.companyId), eq(companyDomains.kind, 'site')));
  if (v.domains.length > 0)
    await db.insert(companyDomains).values(v.domains.map((domain) => ({ domain, companyId: actor.companyId, kind: 'site' })));
}

// ----- items and translations -----

export async function findItemInSubtree(db: AnyDb, actor: Actor, id: number, opts: { forUpdate?: boolean } = {}): Promise<ItemRow | null> {
  const q = db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.id, id), scopedToSubtree(contentItems.companyPath, actor)));
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

/** Items of one site by id (references: categories, successors), only those of the site. */
export async function itemsOfSite(db: AnyDb, siteId: number, ids: number[]): Promise<Array<{ id: number; type: string }>> {
  if (ids.length === 0) return [];
  return db
    .select({ id: contentItems.id, type: contentItems.type })
    .from(contentItems)
    .where(and(eq(contentItems.siteId, siteId), inArray(contentItems.id, ids)));
}

export interface ItemListFilter {
  siteId: number;
  type: string;
  locale?: Locale;
  state?: string;
  categoryId?: number;
  searchText?: string;
}

export async function listItems(db: AnyDb, f: ItemListFilter, page: PageRequest): Promise<Page<ItemRow>> {
  const text = f.searchText ? `%${escapeLike(f.searchText)}%` : null;
  const trFilter =
    f.state || text
      ? sql`exists (select 1 from content_translations t where t.item_id = ${contentItems.id}
          ${f.locale ? sql`and t.locale = ${f.locale}` : sql``}
          ${f.state ? sql`and t.state = ${f.state}` : sql``}
          ${text ? sql`and (t.title ilike ${text} or ${contentItems.model} ilike ${text})` : sql``})`
      : undefined;
  const where: SQL | undefined = and(
    eq(contentItems.siteId, f.siteId),
    eq(contentItems.type, f.type),
    f.categoryId ? eq(contentItems.categoryId, f.categoryId) : undefined,
    trFilter,
  );
  return paginate(
    page,
    ({ limit, offset }) =>
      db
        .select()
        .from(contentItems)
        .where(where)
        // Types ordered by hand list in their order (content/item/reorder), the rest newest first.
        .orderBy(
          ...(SORTED_CONTENT_TYPES.includes(f.type as ContentType)
            ? [sql`coalesce((${contentItems.shared}->>'sort')::int, 1000000)`, desc(contentItems.id)]
            : [desc(contentItems.id)]),
        )
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ n: count() }).from(contentItems).where(where))[0]?.n ?? 0,
  );
}

export async function translationsOf(db: AnyDb, itemIds: number[]): Promise<TranslationRow[]> {
  if (itemIds.length === 0) return [];
  return db.select().from(contentTranslations).where(inArray(contentTranslations.itemId, itemIds)).orderBy(asc(contentTranslations.locale));
}

export async function findTranslation(
  db: AnyDb,
  itemId: number,
  locale: string,
  opts: { forUpdate?: boolean } = {},
): Promise<TranslationRow | null> {
  const q = db
    .select()
    .from(contentTranslations)
    .where(and(eq(contentTranslations.itemId, itemId), eq(contentTranslations.locale, locale)));
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

export async function revisionsByIds(db: AnyDb, ids: number[]): Promise<RevisionRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(contentRevisions).where(inArray(contentRevisions.id, ids));
}

export async function insertItem(db: AnyDb, v: typeof contentItems.$inferInsert): Promise<ItemRow> {
  const [row] = await db.insert(contentItems).values(v).returning();
  return row!;
}

/** The save's conditional UPDATE: only from the version the editor read; null when someone was first. */
export async function updateItemIfVersion(
  db: AnyDb,
  id: number,
  version: number,
  v: Pick<ItemRow, 'shared' | 'params' | 'model' | 'categoryId' | 'updatedByName' | 'updatedAt'>,
): Promise<ItemRow | null> {
  const [row] = await db
    .update(contentItems)
    .set({ ...v, version: sql`${contentItems.version} + 1` })
    .where(and(eq(contentItems.id, id), eq(contentItems.version, version)))
    .returning();
  return row ?? null;
}

export async function bumpItem(db: AnyDb, id: number, by: string, at: Date): Promise<void> {
  await db
    .update(contentItems)
    .set({ version: sql`${contentItems.version} + 1`, updatedByName: by, updatedAt: at })
    .where(eq(contentItems.id, id));
}

/** Another item of the same site, type and locale whose released translation has the slug. */
export async function releasedSlugHolder(
  db: AnyDb,
  siteId: number,
  type: string,
  locale: string,
  slug: string,
  itemId: number,
): Promise<boolean> {
  const [r] = await db
    .select({ id: contentTranslations.itemId })
    .from(contentTranslations)
    .where(
      and(
        eq(contentTranslations.siteId, siteId),
        eq(contentTranslations.type, type),
        eq(contentTranslations.locale, locale),
        eq(contentTranslations.releasedSlug, slug),
        ne(contentTranslations.itemId, itemId),
        inArray(contentTranslations.state, ['released', 'off_shelf']),
      ),
    );
  return !!r;
}

/** Another item of the same site, type and locale holding the slug. */
export async function slugHolder(
  db: AnyDb,
  siteId: number,
  type: string,
  locale: string,
  slug: string,
  itemId: number,
): Promise<number | null> {
  const [r] = await db
    .select({ id: contentTranslations.itemId })
    .from(contentTranslations)
    .where(
      and(
        eq(contentTranslations.siteId, siteId),
        eq(contentTranslations.type, type),
        eq(contentTranslations.locale, locale),
        eq(contentTranslations.slug, slug),
        ne(contentTranslations.itemId, itemId),
      ),
    );
  return r?.id ?? null;
}

export async function modelHolder(db: AnyDb, siteId: number, model: string, itemId: number | null): Promise<boolean> {
  const [r] = await db
    .select({ id: contentItems.id })
    .from(contentItems)
    .where(
      and(
        eq(contentItems.siteId, siteId),
        eq(contentItems.type, 'product'),
        sql`lower(${contentItems.model}) = lower(${model})`,
        itemId ? ne(contentItems.id, itemId) : undefined,
      ),
    );
  return !!r;
}

export async function upsertTranslationDraft(
  db: AnyDb,
  v: { itemId: number; locale: string; siteId: number; type: string; title: string; slug: string; revisionId: number },
): Promise<void> {
  await db
    .insert(contentTranslations)
    .values({
      itemId: v.itemId,
      locale: v.locale,
      siteId: v.siteId,
      type: v.type,
      title: v.title,
      slug: v.slug,
      latestRevisionId: v.revisionId,
    })
    .onConflictDoUpdate({
      target: [contentTranslations.itemId, contentTranslations.locale],
      set: { title: v.title, slug: v.slug, latestRevisionId: v.revisionId },
    });
}

export async function setLatestRevision(db: AnyDb, itemId: number, locale: string, revisionId: number): Promise<void> {
  await db
    .update(contentTranslations)
    .set({ latestRevisionId: revisionId })
    .where(and(eq(contentTranslations.itemId, itemId), eq(contentTranslations.locale, locale)));
}

export async function insertRevision(db: AnyDb, v: Omit<typeof contentRevisions.$inferInsert, 'n'>): Promise<RevisionRow> {
  const [row] = await db
    .insert(contentRevisions)
    .values({
      ...v,
      n: sql`coalesce((select max(n) from content_revisions where item_id = ${v.itemId} and locale = ${v.locale}), 0) + 1` as never,
    })
    .returning();
  return row!;
}

/**
 * Keeps the newest `keep` revisions of a translation and every released one, the latest, the
 * released and any a pending schedule pins; deletes the rest.
 */
export async function pruneRevisions(db: AnyDb, itemId: number, locale: string, keep: number): Promise<void> {
  await db.execute(sql`
    delete from content_revisions r
     where r.item_id = ${itemId} and r.locale = ${locale} and not r.released
       and r.id not in (select id from content_revisions where item_id = ${itemId} and locale = ${locale} order by id desc limit ${keep})
       and r.id not in (select coalesce(latest_revision_id, 0) from content_translations where item_id = ${itemId})
       and r.id not in (select coalesce(released_revision_id, 0) from content_translations where item_id = ${itemId})
       and r.id not in (select revision_id from content_schedules where item_id = ${itemId} and state = 'pending' and revision_id is not null)`);
}

export async function listRevisions(db: AnyDb, itemId: number, locale: string, page: PageRequest): Promise<Page<RevisionRow>> {
  const where = and(eq(contentRevisions.itemId, itemId), eq(contentRevisions.locale, locale));
  return paginate(
    page,
    ({ limit, offset }) => db.select().from(contentRevisions).where(where).orderBy(desc(contentRevisions.id)).limit(limit).offset(offset),
    async () => (await db.select({ n: count() }).from(contentRevisions).where(where))[0]?.n ?? 0,
  );
}

/** A revision of an item of the caller's subtree. */
export async function findRevisionInSubtree(db: AnyDb, actor: Actor, revisionId: number): Promise<RevisionRow | null> {
  const [row] = await db
    .select({ r: contentRevisions })
    .from(contentRevisions)
    .innerJoin(contentItems, eq(contentItems.id, contentRevisions.itemId))
    .where(and(eq(contentRevisions.id, revisionId), scopedToSubtree(contentItems.companyPath, actor)));
  return row?.r ?? null;
}

export async function findRevisionOf(db: AnyDb, itemId: number, locale: string, revisionId: number): Promise<RevisionRow | null> {
  const [row] = await db
    .select()
    .from(contentRevisions)
    .where(and(eq(contentRevisions.id, revisionId), eq(contentRevisions.itemId, itemId), eq(contentRevisions.locale, locale)));
  return row ?? null;
}

/**
 * The state move as one conditional UPDATE: only from the states the machine allows (and, for a
 * release, only when another revision is released now). Answers whether the row moved.
 */
export async function moveTranslation(
  db: AnyDb,
  itemId: number,
  locale: string,
  from: readonly string[],
  set: Partial<
    Pick<
      TranslationRow,
      'state' | 'releasedRevisionId' | 'releasedSlug' | 'releasedTitle' | 'releasedParams' | 'releasedCategoryId' | 'releasedAt' | 'reason'
    >
  >,
  opts: { notRevision?: number } = {},
): Promise<boolean> {
  const rows = await db
    .update(contentTranslations)
    .set(set)
    .where(
      and(
        eq(contentTranslations.itemId, itemId),
        eq(contentTranslations.locale, locale),
        inArray(contentTranslations.state, [...from]),
        opts.notRevision !== undefined
          ? sql`(${contentTranslations.releasedRevisionId} is distinct from ${opts.notRevision} or ${contentTranslations.state} <> 'released')`
          : undefined,
      ),
    )
    .returning({ itemId: contentTranslations.itemId });
  return rows.length > 0;
}

export async function markRevisionReleased(db: AnyDb, revisionId: number): Promise<void> {
  await db.update(contentRevisions).set({ released: true }).where(eq(contentRevisions.id, revisionId));
}

/** How many other items of the site refer to this one (category, successor, related, manuals, target, FAQ type). */
export async function usesOfItem(db: AnyDb, siteId: number, itemId: number): Promise<number> {
  const id = String(itemId);
  const [r] = await db
    .select({ n: count() })
    .from(contentItems)
    .where(
      and(
        eq(contentItems.siteId, siteId),
        ne(contentItems.id, itemId),
        or(
          eq(contentItems.categoryId, itemId),
          sql`${contentItems.shared}->>'parentId' = ${id}`,
          sql`${contentItems.shared}->>'successorId' = ${id}`,
          sql`${contentItems.shared}->>'targetId' = ${id}`,
          sql`${contentItems.shared}->>'faqTypeId' = ${id}`,
          sql`${contentItems.shared}->'relatedIds' @> ${JSON.stringify([itemId])}::jsonb`,
          sql`${contentItems.shared}->'manualIds' @> ${JSON.stringify([itemId])}::jsonb`,
        ),
      ),
    );
  return r?.n ?? 0;
}

export async function deleteItem(db: AnyDb, itemId: number): Promise<void> {
  await db.delete(contentItems).where(eq(contentItems.id, itemId));
}

export async function countItemsOfType(db: AnyDb, siteId: number, type: string): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(contentItems)
    .where(and(eq(contentItems.siteId, siteId), eq(contentItems.type, type)));
  return r?.n ?? 0;
}

// ----- schedules -----

export async function insertSchedule(db: AnyDb, v: typeof contentSchedules.$inferInsert): Promise<ScheduleRow> {
  const [row] = await db.insert(contentSchedules).values(v).returning();
  return row!;
}

export async function findScheduleInSubtree(db: AnyDb, actor: Actor, id: number): Promise<ScheduleRow | null> {
  const [row] = await db
    .select()
    .from(contentSchedules)
    .where(and(eq(contentSchedules.id, id), scopedToSubtree(contentSchedules.companyPath, actor)));
  return row ?? null;
}

/** Ends a pending schedule (done, failed, cancelled) once: false when it was no longer pending. */
export async function finishSchedule(
  db: AnyDb,
  id: number,
  state: string,
  at: Date,
  reason: string | null = null,
): Promise<ScheduleRow | null> {
  const [row] = await db
    .update(contentSchedules)
    .set({ state, doneAt: at, reason })
    .where(and(eq(contentSchedules.id, id), eq(contentSchedules.state, 'pending')))
    .returning();
  return row ?? null;
}

export async function listSchedules(
  db: AnyDb,
  f: { siteId: number; itemId?: number; state?: string },
  page: PageRequest,
): Promise<Page<ScheduleRow & { itemType: string; itemTitle: string }>> {
  const where = and(
    eq(contentSchedules.siteId, f.siteId),
    f.itemId ? eq(contentSchedules.itemId, f.itemId) : undefined,
    f.state ? eq(contentSchedules.state, f.state) : undefined,
  );
  return paginate(
    page,
    async ({ limit, offset }) => {
      const rows = await db
        .select()
        .from(contentSchedules)
        .where(where)
        .orderBy(asc(contentSchedules.runAt), asc(contentSchedules.id))
        .limit(limit)
        .offset(offset);
      return withItemTitles(db, rows);
    },
    async () => (await db.select({ n: count() }).from(contentSchedules).where(where))[0]?.n ?? 0,
  );
}

export async function withItemTitles(
  db: AnyDb,
  rows: ScheduleRow[],
): Promise<Array<ScheduleRow & { itemType: string; itemTitle: string }>> {
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((r) => r.itemId))];
  const items = await db.select({ id: contentItems.id, type: contentItems.type }).from(contentItems).where(inArray(contentItems.id, ids));
  const trs = await db
    .select({ itemId: contentTranslations.itemId, locale: contentTranslations.locale, title: contentTranslations.title })
    .from(contentTranslations)
    .where(inArray(contentTranslations.itemId, ids));
  return rows.map((r) => ({
    ...r,
    itemType: items.find((i) => i.id === r.itemId)?.type ?? 'news',
    itemTitle: trs.find((t) => t.itemId === r.itemId && t.locale === r.locale)?.title ?? '',
  }));
}

/** The job's read over every tenant (no caller): schedules due at `now`, each locked for its run. */
export async function unsafeDueSchedules(db: AnyDb, now: Date, limit: number): Promise<ScheduleRow[]> {
  return db
    .select()
    .from(contentSchedules)
    .where(and(eq(contentSchedules.state, 'pending'), lte(contentSchedules.runAt, now)))
    .orderBy(asc(contentSchedules.runAt), asc(contentSchedules.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** The job's read of a schedule's item (no caller: the schedule's own item). */
export async function unsafeItemById(db: AnyDb, id: number): Promise<ItemRow | null> {
  const [row] = await db.select().from(contentItems).where(eq(contentItems.id, id));
  return row ?? null;
}

// ----- parameters -----

export async function paramsOfSite(db: AnyDb, siteId: number): Promise<ParamRow[]> {
  return db.select().from(contentParams).where(eq(contentParams.siteId, siteId)).orderBy(asc(contentParams.sort), asc(contentParams.id));
}

export async function paramGroupsOfSite(db: AnyDb, siteId: number): Promise<ParamGroupRow[]> {
  return db
    .select()
    .from(contentParamGroups)
    .where(eq(contentParamGroups.siteId, siteId))
    .orderBy(asc(contentParamGroups.sort), asc(contentParamGroups.id));
}

export async function findParamInSubtree(db: AnyDb, actor: Actor, id: number): Promise<ParamRow | null> {
  const [row] = await db
    .select()
    .from(contentParams)
    .where(and(eq(contentParams.id, id), scopedToSubtree(contentParams.companyPath, actor)));
  return row ?? null;
}

export async function findParamGroupInSubtree(db: AnyDb, actor: Actor, id: number): Promise<ParamGroupRow | null> {
  const [row] = await db
    .select()
    .from(contentParamGroups)
    .where(and(eq(contentParamGroups.id, id), scopedToSubtree(contentParamGroups.companyPath, actor)));
  return row ?? null;
}

export async function paramKeyTaken(db: AnyDb, siteId: number, key: string, exceptId: number | null): Promise<boolean> {
  const [r] = await db
    .select({ id: contentParams.id })
    .from(contentParams)
    .where(and(eq(contentParams.siteId, siteId), eq(contentParams.key, key), exceptId ? ne(contentParams.id, exceptId) : undefined));
  return !!r;
}

export async function saveParam(db: AnyDb, id: number | null, v: Omit<typeof contentParams.$inferInsert, 'id'>): Promise<ParamRow> {
  if (id) {
    const [row] = await db.update(contentParams).set(v).where(eq(contentParams.id, id)).returning();
    return row!;
  }
  const [row] = await db.insert(contentParams).values(v).returning();
  return row!;
}

export async function saveParamGroup(
  db: AnyDb,
  id: number | null,
  v: Omit<typeof contentParamGroups.$inferInsert, 'id'>,
): Promise<ParamGroupRow> {
  if (id) {
    const [row] = await db.update(contentParamGroups).set(v).where(eq(contentParamGroups.id, id)).returning();
    return row!;
  }
  const [row] = await db.insert(contentParamGroups).values(v).returning();
  return row!;
}

/** Products of the site with a value for the key (the GIN index answers `params ? key`). */
export async function productsWithParam(db: AnyDb, siteId: number, key: string): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(contentItems)
    .where(and(eq(contentItems.siteId, siteId), sql`${contentItems.params} ? ${key}`));
  return r?.n ?? 0;
}

export async function deleteParam(db: AnyDb, id: number): Promise<void> {
  await db.delete(contentParams).where(eq(contentParams.id, id));
}

// ----- overview -----

export async function stateCounts(
  db: AnyDb,
  siteId: number,
): Promise<Array<{ type: string; locale: string; state: string; count: number }>> {
  return db
    .select({ type: contentTranslations.type, locale: contentTranslations.locale, state: contentTranslations.state, count: count() })
    .from(contentTranslations)
    .where(eq(contentTranslations.siteId, siteId))
    .groupBy(contentTranslations.type, contentTranslations.locale, contentTranslations.state)
    .orderBy(asc(contentTranslations.type), asc(contentTranslations.locale), asc(contentTranslations.state));
}

export async function missingTranslationCounts(
  db: AnyDb,
  siteId: number,
  locales: string[],
): Promise<Array<{ locale: string; count: number }>> {
  const out: Array<{ locale: string; count: number }> = [];
  for (const locale of locales) {
    const [r] = await db
      .select({ n: count() })
      .from(contentItems)
      .where(
        and(
          eq(contentItems.siteId, siteId),
          sql`not exists (select 1 from content_translations t where t.item_id = ${contentItems.id} and t.locale = ${locale})`,
        ),
      );
    out.push({ locale, count: r?.n ?? 0 });
  }
  return out;
}

export async function scheduleCounts(db: AnyDb, siteId: number): Promise<{ pending: number; failed: ScheduleRow[] }> {
  const [p] = await db
    .select({ n: count() })
    .from(contentSchedules)
    .where(and(eq(contentSchedules.siteId, siteId), eq(contentSchedules.state, 'pending')));
  const failed = await db
    .select()
    .from(contentSchedules)
    .where(and(eq(contentSchedules.siteId, siteId), eq(contentSchedules.state, 'failed')))
    .orderBy(desc(contentSchedules.id))
    .limit(20);
  return { pending: p?.n ?? 0, failed };
}

// ----- the brand's catalogue and public documents -----

/**
 * The site of the nearest company at or above the caller (its brand): deliberately outside the
 * caller's subtree, since a distributor or installer reads its partner's released catalogue.
 */
export async function unsafeBrandSiteAbove(db: AnyDb, companyPath: string): Promise<SiteRow | null> {
  const ids = companyPath.split('/').filter(Boolean).map(Number);
  if (ids.length === 0) return null;
  const [row] = await db
    .select()
    .from(contentSites)
    .where(inArray(contentSites.companyId, ids))
    .orderBy(desc(sql`length(${contentSites.companyPath})`))
    .limit(1);
  return row ?? null;
}

export interface ReleasedRow {
  itemId: number;
  locale: string;
  slug: string;
  title: string;
  data: unknown;
  releasedAt: Date | null;
}

/** Released translations of a type on a site in a locale (public data: no caller). */
export async function releasedOfType(
  db: AnyDb,
  siteId: number,
  type: string,
  locale: string,
  page: PageRequest,
  searchText?: string,
): Promise<Page<ReleasedRow>> {
  const text = searchText ? `%${escapeLike(searchText)}%` : null;
  const where = and(
    eq(contentTranslations.siteId, siteId),
    eq(contentTranslations.type, type),
    eq(contentTranslations.locale, locale),
    eq(contentTranslations.state, 'released'),
    text ? or(ilike(contentTranslations.releasedTitle, text), sql`${contentRevisions.data}->'shared'->>'model' ilike ${text}`) : undefined,
  );
  return paginate(
    page,
    ({ limit, offset }) =>
      db
        .select({
          itemId: contentTranslations.itemId,
          locale: contentTranslations.locale,
          slug: sql<string>`coalesce(${contentTranslations.releasedSlug}, '')`,
          title: sql<string>`coalesce(${contentTranslations.releasedTitle}, '')`,
          data: contentRevisions.data,
          releasedAt: contentTranslations.releasedAt,
        })
        .from(contentTranslations)
        .innerJoin(contentRevisions, eq(contentRevisions.id, contentTranslations.releasedRevisionId))
        .where(where)
        .orderBy(desc(contentTranslations.itemId))
        .limit(limit)
        .offset(offset),
    async () =>
      (
        await db
          .select({ n: count() })
          .from(contentTranslations)
          .innerJoin(contentRevisions, eq(contentRevisions.id, contentTranslations.releasedRevisionId))
          .where(where)
      )[0]?.n ?? 0,
  );
}

/** The brand a host belongs to (any of its domains), else the supplier (the root): public pages. */
export async function unsafeCompanyOfHost(db: AnyDb, host: string): Promise<number | null> {
  const [d] = await db.select({ companyId: companyDomains.companyId }).from(companyDomains).where(eq(companyDomains.domain, host));
  if (d) return d.companyId;
  const [root] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(sql`${companies.parentId} is null`)
    .orderBy(asc(companies.id))
    .limit(1);
  return root?.id ?? null;
}

/** A site by id, whoever asks (the auto-files job, which carries a site id it was given). */
export async function unsafeSiteById(db: AnyDb, siteId: number): Promise<SiteRow | null> {
  const [row] = await db.select().from(contentSites).where(eq(contentSites.id, siteId));
  return row ?? null;
}

export async function unsafeSiteOfCompany(db: AnyDb, companyId: number): Promise<SiteRow | null> {
  const [row] = await db.select().from(contentSites).where(eq(contentSites.companyId, companyId));
  return row ?? null;
}

// ----- the products workbook (export and import) -----

/** Products of a site (optionally of one category) after an id, by id: the export's keyset pages. */
export async function productsAfter(
  db: AnyDb,
  siteId: number,
  categoryId: number | null,
  afterId: number,
  limit: number,
): Promise<ItemRow[]> {
  return db
    .select()
    .from(contentItems)
    .where(
      and(
        eq(contentItems.siteId, siteId),
        eq(contentItems.type, 'product'),
        categoryId !== null ? eq(contentItems.categoryId, categoryId) : undefined,
        sql`${contentItems.id} > ${afterId}`,
      ),
    )
    .orderBy(asc(contentItems.id))
    .limit(limit);
}

export async function countProducts(db: AnyDb, siteId: number, categoryId: number | null): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(contentItems)
    .where(
      and(
        eq(contentItems.siteId, siteId),
        eq(contentItems.type, 'product'),
        categoryId !== null ? eq(contentItems.categoryId, categoryId) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** Every product's model by id (the export's successor column). */
export async function productModels(db: AnyDb, siteId: number): Promise<Array<{ id: number; model: string | null }>> {
  return db
    .select({ id: contentItems.id, model: contentItems.model })
    .from(contentItems)
    .where(and(eq(contentItems.siteId, siteId), eq(contentItems.type, 'product')));
}

/** Every item of one type of a site with its translations' titles (categories, products by model). */
export async function itemsOfTypeWithTitles(
  db: AnyDb,
  siteId: number,
  type: string,
): Promise<Array<{ item: ItemRow; titles: Array<{ locale: string; title: string }> }>> {
  const items = await db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.siteId, siteId), eq(contentItems.type, type)))
    .orderBy(asc(contentItems.id));
  const trs = await translationsOf(
    db,
    items.map((i) => i.id),
  );
  return items.map((item) => ({
    item,
    titles: trs.filter((t) => t.itemId === item.id).map((t) => ({ locale: t.locale, title: t.title })),
  }));
}

/** An uploaded file of the caller's own company (the import's workbook), or null. */
export async function findOwnCompanyFile(db: AnyDb, actor: Actor, fileId: number) {
  const [file] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.companyId, actor.companyId)));
  return file ?? null;
}

/** The session an export link was made in (the link dies with it); read by the link's own check. */
export async function unsafeLinkSession(db: AnyDb, sessionId: number) {
  const [s] = await db.select({ userId: sessions.userId, endedAt: sessions.endedAt }).from(sessions).where(eq(sessions.id, sessionId));
  return s ?? null;
}

// ----- old addresses (301s) -----

/**
 * Records a translation's old released address after a release moved it to `newSlug`: the item
 * takes back an old address of its own (no longer a redirect), every old address of the item now
 * names the new one (chains collapse to one hop), and the address it leaves redirects to it.
 */
export async function recordRedirect(
  db: AnyDb,
  v: { siteId: number; type: string; locale: string; itemId: number; oldSlug: string; newSlug: string; at: Date },
): Promise<void> {
  const scope = and(eq(contentRedirects.siteId, v.siteId), eq(contentRedirects.type, v.type), eq(contentRedirects.locale, v.locale));
  await db.delete(contentRedirects).where(and(scope, eq(contentRedirects.oldSlug, v.newSlug), eq(contentRedirects.itemId, v.itemId)));
  await db
    .update(contentRedirects)
    .set({ newSlug: v.newSlug })
    .where(and(scope, eq(contentRedirects.itemId, v.itemId)));
  await db
    .insert(contentRedirects)
    .values({ siteId: v.siteId, type: v.type, locale: v.locale, oldSlug: v.oldSlug, itemId: v.itemId, newSlug: v.newSlug, createdAt: v.at })
    .onConflictDoUpdate({
      target: [contentRedirects.siteId, contentRedirects.type, contentRedirects.locale, contentRedirects.oldSlug],
      set: { itemId: v.itemId, newSlug: v.newSlug, createdAt: v.at },
    });
}

/** The other item an old address of the site redirects to (a release there would loop its old links), or null. */
export async function redirectHolder(
  db: AnyDb,
  siteId: number,
  type: string,
  locale: string,
  slug: string,
  itemId: number,
): Promise<number | null> {
  const [r] = await db
    .select({ itemId: contentRedirects.itemId })
    .from(contentRedirects)
    .where(
      and(
        eq(contentRedirects.siteId, siteId),
        eq(contentRedirects.type, type),
        eq(contentRedirects.locale, locale),
        eq(contentRedirects.oldSlug, slug),
        ne(contentRedirects.itemId, itemId),
      ),
    );
  return r?.itemId ?? null;
}

/** The old addresses of an item's translation, oldest first. */
export async function redirectsOfItem(db: AnyDb, itemId: number, locale: string) {
  return db
    .select()
    .from(contentRedirects)
    .where(and(eq(contentRedirects.itemId, itemId), eq(contentRedirects.locale, locale)))
    .orderBy(asc(contentRedirects.createdAt), asc(contentRedirects.oldSlug));
}

// ----- reserved ids (content/item/id-get) -----

/** Takes the next item id from the items' sequence and holds it for the caller's site and a type. */
export async function reserveItemId(db: AnyDb, v: { siteId: number; companyPath: string; type: string; expiresAt: Date; at: Date }) {
  const [row] = await db
    .select({ id: sql<number>`nextval(pg_get_serial_sequence('content_items', 'id'))::int` })
    .from(sql`(select 1) as one`);
  const id = Number(row!.id);
  await db
    .insert(contentItemReservations)
    .values({ id, siteId: v.siteId, companyPath: v.companyPath, type: v.type, expiresAt: v.expiresAt, createdAt: v.at });
  return id;
}

/** Uses up a reservation of the site and type that has not expired: false when there is none. */
export async function takeReservation(db: AnyDb, v: { id: number; siteId: number; type: string; now: Date }): Promise<boolean> {
  const rows = await db
    .delete(contentItemReservations)
    .where(
      and(
        eq(contentItemReservations.id, v.id),
        eq(contentItemReservations.siteId, v.siteId),
        eq(contentItemReservations.type, v.type),
        sql`${contentItemReservations.expiresAt} > ${v.now}`,
      ),
    )
    .returning({ id: contentItemReservations.id });
  return rows.length > 0;
}

/** Whether an id is an item of the site or a live reservation of it (an upload may name it). */
export async function itemOrReservationOfSite(db: AnyDb, siteId: number, id: number, now: Date): Promise<boolean> {
  const [item] = await db
    .select({ id: contentItems.id })
    .from(contentItems)
    .where(and(eq(contentItems.id, id), eq(contentItems.siteId, siteId)));
  if (item) return true;
  const [r] = await db
    .select({ id: contentItemReservations.id })
    .from(contentItemReservations)
    .where(
      and(
        eq(contentItemReservations.id, id),
        eq(contentItemReservations.siteId, siteId),
        sql`${contentItemReservations.expiresAt} > ${now}`,
      ),
    );
  return !!r;
}

/** Marks the uploads made for an item (or its reserved id) attached: the purge keeps them. */
export async function attachUploadsOfItem(db: AnyDb, itemId: number, at: Date): Promise<void> {
  await db
    .update(contentAssets)
    .set({ attachedAt: at })
    .where(and(eq(contentAssets.itemId, itemId), sql`${contentAssets.attachedAt} is null`));
}

// ----- order -----

/**
 * Sets one item's sort: in its shared fields and in its latest and released revisions (what the
 * site reads), and touches its translations so that the site's pages follow at once.
 */
export async function setItemSort(db: AnyDb, itemId: number, sort: number, by: string, at: Date): Promise<void> {
  const value = sql`to_jsonb(${sort}::int)`;
  await db
    .update(contentItems)
    .set({
      shared: sql`jsonb_set(${contentItems.shared}, '{sort}', ${value})`,
      version: sql`${contentItems.version} + 1`,
      updatedByName: by,
      updatedAt: at,
    })
    .where(eq(contentItems.id, itemId));
  await db.execute(sql`update content_revisions r set data = jsonb_set(r.data, '{shared,sort}', ${value})
    where r.id in (select latest_revision_id from content_translations where item_id = ${itemId}
                   union select released_revision_id from content_translations where item_id = ${itemId})`);
  await db
    .update(contentTranslations)
    .set({ state: sql`${contentTranslations.state}` })
    .where(eq(contentTranslations.itemId, itemId));
}

// ----- SEO gaps and installer FAQs -----

/** Every released translation of a site with its released revision (the SEO gaps' input). */
export async function releasedOfSite(
  db: AnyDb,
  siteId: number,
): Promise<Array<{ itemId: number; type: string; locale: string; slug: string; title: string; data: unknown }>> {
  return db
    .select({
      itemId: contentTranslations.itemId,
      type: contentTranslations.type,
      locale: contentTranslations.locale,
      slug: sql<string>`coalesce(${contentTranslations.releasedSlug}, '')`,
      title: sql<string>`coalesce(${contentTranslations.releasedTitle}, '')`,
      data: contentRevisions.data,
    })
    .from(contentTranslations)
    .innerJoin(contentRevisions, eq(contentRevisions.id, contentTranslations.releasedRevisionId))
    .where(and(eq(contentTranslations.siteId, siteId), eq(contentTranslations.state, 'released')))
    .orderBy(asc(contentTranslations.type), asc(contentTranslations.itemId), asc(contentTranslations.locale));
}

/** The old addresses of a site (a link to one is not broken: it answers 301). */
export async function redirectsOfSite(db: AnyDb, siteId: number) {
  return db
    .select({ type: contentRedirects.type, locale: contentRedirects.locale, oldSlug: contentRedirects.oldSlug })
    .from(contentRedirects)
    .where(eq(contentRedirects.siteId, siteId));
}
