/**
 * The content site (issue 14): one site per company, items of every content type with shared
 * fields, one translation per locale with its own state, revisions (each save; the site serves the
 * released one), schedules run by the content job, and product parameter definitions with typed
 * values (JSONB, GIN-indexed).
 *
 * Tenancy: every row carries the owning company's path ('/1/7/'), so "the caller's subtree" is one
 * prefix match, as for companies.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The searchable text of a revision (migration 0029's generated column, the same expression). */
const REVISION_SEARCH_TEXT = sql`coalesce("data"->'translation'->>'title', '') || ' ' ||
  coalesce("data"->'shared'->>'model', '') || ' ' ||
  coalesce("data"->'translation'->>'summary', '') || ' ' ||
  (CASE WHEN jsonb_typeof("data"->'translation'->'body') = 'object'
    THEN coalesce(jsonb_path_query_array("data"->'translation'->'body', 'strict $.**.text')::text, '')
    ELSE regexp_replace(coalesce("data"->'translation'->>'body', ''), '<[^>]*>', ' ', 'g') END) || ' ' ||
  coalesce(jsonb_path_query_array(coalesce("data"->'shared'->'params', '{}'::jsonb), 'strict $.*')::text, '')`;

export const contentSites = pgTable('content_sites', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().unique(),
  companyPath: text('company_path').notNull(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  locales: text('locales')
    .array()
    .notNull()
    .default(sql`'{en-US,zh-CN}'::text[]`),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const contentItems = pgTable(
  'content_items',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id').notNull(),
    companyPath: text('company_path').notNull(),
    type: text('type').notNull(),
    /** The shared fields as the latest save left them (contentSharedSchema), params apart. */
    shared: jsonb('shared').notNull().default({}),
    /** Typed parameter values of a product ({ key: value }), checked against content_params. */
    params: jsonb('params').notNull().default({}),
    model: text('model'),
    categoryId: integer('category_id'),
    version: integer('version').notNull().default(1),
    updatedByName: text('updated_by_name').notNull().default(''),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('content_items_site_type_idx').on(t.siteId, t.type, t.id),
    uniqueIndex('content_items_model_uq')
      .on(t.siteId, sql`lower(${t.model})`)
      .where(sql`${t.type} = 'product'`),
    index('content_items_params_gin').using('gin', sql`${t.params} jsonb_path_ops`),
  ],
);

export const contentTranslations = pgTable(
  'content_translations',
  {
    itemId: integer('item_id').notNull(),
    locale: text('locale').notNull(),
    siteId: integer('site_id').notNull(),
    type: text('type').notNull(),
    state: text('state').notNull().default('draft'),
    title: text('title').notNull().default(''),
    slug: text('slug').notNull().default(''),
    latestRevisionId: bigint('latest_revision_id', { mode: 'number' }),
    releasedRevisionId: bigint('released_revision_id', { mode: 'number' }),
    /** The released revision's address and title: what the site links and lists (a draft's may differ). */
    releasedSlug: text('released_slug'),
    releasedTitle: text('released_title'),
    /** The released revision's parameter values: what the site's facets filter (GIN). */
    releasedParams: jsonb('released_params'),
    releasedCategoryId: integer('released_category_id'),
    releasedAt: ts('released_at'),
    reason: text('reason'),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.locale] }),
    uniqueIndex('content_translations_slug_uq')
      .on(t.siteId, t.type, t.locale, t.slug)
      .where(sql`${t.slug} <> ''`),
    index('content_translations_site_idx').on(t.siteId, t.type, t.locale, t.state),
    index('content_translations_released_slug_idx').on(t.siteId, t.type, t.locale, t.releasedSlug),
    /** One released address per site, type and locale (migration 0036): a release race has one winner. */
    uniqueIndex('content_translations_released_slug_uq')
      .on(t.siteId, t.type, t.locale, t.releasedSlug)
      .where(sql`${t.state} = 'released' AND ${t.releasedSlug} <> ''`),
    index('content_translations_released_params_gin').using('gin', sql`${t.releasedParams} jsonb_path_ops`),
  ],
);

export const contentRevisions = pgTable(
  'content_revisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemId: integer('item_id').notNull(),
    locale: text('locale').notNull(),
    n: integer('n').notNull(),
    authorId: integer('author_id'),
    authorName: text('author_name').notNull(),
    /** { shared, params, translation }: everything the site renders of this translation. */
    data: jsonb('data').notNull(),
    diff: jsonb('diff').notNull().default([]),
    released: boolean('released').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    /**
     * What the site's search reads (migration 0029): title, model, summary, body text and parameter
     * values, kept by PostgreSQL (stored generated column), pg_trgm- and full-text-indexed.
     */
    searchText: text('search_text').generatedAlwaysAs(REVISION_SEARCH_TEXT),
  },
  (t) => [
    index('content_revisions_item_idx').on(t.itemId, t.locale, t.id),
    index('content_revisions_search_trgm')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('content_revisions_search_fts').using('gin', sql`to_tsvector('simple', ${t.searchText})`),
  ],
);

export const contentSchedules = pgTable(
  'content_schedules',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id').notNull(),
    siteId: integer('site_id').notNull(),
    companyPath: text('company_path').notNull(),
    locale: text('locale').notNull(),
    action: text('action').notNull(),
    runAt: ts('run_at').notNull(),
    revisionId: bigint('revision_id', { mode: 'number' }),
    state: text('state').notNull().default('pending'),
    reason: text('reason'),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    doneAt: ts('done_at'),
  },
  (t) => [
    index('content_schedules_due_idx')
      .on(t.runAt)
      .where(sql`${t.state} = 'pending'`),
    index('content_schedules_site_idx').on(t.siteId, t.state, t.runAt),
  ],
);

export const contentParamGroups = pgTable('content_param_groups', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id').notNull(),
  companyPath: text('company_path').notNull(),
  names: jsonb('names').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const contentParams = pgTable(
  'content_params',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id').notNull(),
    companyPath: text('company_path').notNull(),
    groupId: integer('group_id'),
    key: text('key').notNull(),
    names: jsonb('names').notNull(),
    type: text('type').notNull(),
    unit: text('unit').notNull().default(''),
    options: jsonb('options').notNull().default([]),
    filterable: boolean('filterable').notNull().default(false),
    comparable: boolean('comparable').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('content_params_key_uq').on(t.siteId, t.key)],
);

/**
 * Old addresses of released translations (migration 0036): the site answers 301 to the item's
 * current released address. Every old address of an item names the item, so chains are one hop.
 */
export const contentRedirects = pgTable(
  'content_redirects',
  {
    siteId: integer('site_id').notNull(),
    type: text('type').notNull(),
    locale: text('locale').notNull(),
    oldSlug: text('old_slug').notNull(),
    itemId: integer('item_id').notNull(),
    /** The address the item had when the redirect was last written (the site follows the item). */
    newSlug: text('new_slug').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'content_redirects_pk', columns: [t.siteId, t.type, t.locale, t.oldSlug] }),
    index('content_redirects_item_idx').on(t.itemId, t.locale),
  ],
);

/** Item ids reserved before the first save (content/item/id-get, migration 0036). */
export const contentItemReservations = pgTable('content_item_reservations', {
  id: integer('id').primaryKey(),
  siteId: integer('site_id').notNull(),
  companyPath: text('company_path').notNull(),
  type: text('type').notNull(),
  expiresAt: ts('expires_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
