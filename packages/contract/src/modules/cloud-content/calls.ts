/**
 * The content site (issue 14; SPEC §1, §4, §7 content group): items of every type with shared
 * fields and one translation per locale with its own state (contentMachine), a revision on each
 * save, schedules, product parameter definitions with typed values, the site settings, the
 * overview, the brand's released catalogue for distributors (productSet) and the public document
 * list of /document/files.
 */
import { z } from 'zod';
import { defineCall } from '../../shared/define-call';
import { localeSchema, pageOf, pageQuerySchema } from '../../shared/entities';
import { RATE_LIMITS } from '../../shared/rate-limits';
import { domainSchema, epochMsSchema, idSchema } from '../../shared/validators';
import { CONTENT_TYPES, PARAM_TYPES, SUMMARY_MAX_LENGTH, TERM_TYPES, type ContentType } from './constants';
import { contentActionSchema, contentStateSchema } from './states';
import { publicDocumentsResultSchema } from './files';
import { PRODUCT_IMPORT_MAX_ROWS, productImportResultSchema } from './products-sheet';
import { EMPTY_RICH_TEXT, richTextDocSchema } from './rich-text';
import { categoryCountriesSchema, folderNameSchema, paramKeySchema, plainTextSchema, slugSchema, titleSchema } from './validators';

export const contentTypeSchema = z.enum(CONTENT_TYPES);
export const paramTypeSchema = z.enum(PARAM_TYPES);
export const termTypeSchema = z.enum(TERM_TYPES);

/** A link on the site: http(s), mailto, or a path of the site itself. */
export const siteLinkSchema = z
  .string()
  .trim()
  .max(500)
  .refine((s) => s === '' || /^(https?:\/\/|mailto:|\/(?!\/))/i.test(s), { error: 'validation.linkInvalid' });

/** A canonical override: an http(s) address or a path of this site (never mailto:). */
export const canonicalSchema = siteLinkSchema.refine((s) => !/^mailto:/i.test(s), { error: 'validation.linkInvalid' });

/** A parameter value as stored (typed JSONB): checked against its definition by the server. */
export const paramValueSchema = z.union([z.string().max(500), z.number().finite(), z.boolean(), z.array(z.string().max(100)).max(50)]);

/**
 * Fields shared by every translation of an item. Which belong to which type is the server's rule
 * (content.rules.ts): a field of another type is refused (28013).
 */
export const contentSharedSchema = z
  .object({
    model: z.string().trim().min(1).max(64),
    categoryId: idSchema.nullable(),
    parentId: idSchema.nullable(),
    images: z.array(siteLinkSchema).max(20),
    cover: siteLinkSchema,
    link: siteLinkSchema,
    startAt: epochMsSchema.nullable(),
    endAt: epochMsSchema.nullable(),
    relatedIds: z.array(idSchema).max(20),
    manualIds: z.array(idSchema).max(20),
    targetId: idSchema.nullable(),
    discontinued: z.boolean(),
    successorId: idSchema.nullable(),
    params: z.record(paramKeySchema, paramValueSchema),
    facets: z.array(paramKeySchema).max(30),
    /**
     * A product filter's number buckets per number parameter: ascending boundaries, so [2, 4] gives
     * "under 2", "2 to under 4" and "4 and over" on the site (a number facet without them lists its values).
     */
    buckets: z.record(
      paramKeySchema,
      z
        .array(z.number().finite())
        .min(1)
        .max(10)
        .refine((b) => b.every((x, i) => i === 0 || x > b[i - 1]!), { error: 'validation.bucketsOrder' }),
    ),
    countries: categoryCountriesSchema,
    termType: termTypeSchema,
    effectiveDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    fileUrl: siteLinkSchema,
    folder: folderNameSchema,
    publicAccess: z.boolean(),
    videoUrl: siteLinkSchema,
    faqTypeId: idSchema.nullable(),
    audience: z.enum(['site', 'installer', 'both']),
    sort: z.number().int().min(0).max(1_000_000),
  })
  .partial()
  .strict();
export type ContentShared = z.infer<typeof contentSharedSchema>;

/** The shared fields each type has (besides sort); the server refuses any other (28013). */
export const CONTENT_TYPE_FIELDS: Record<ContentType, ReadonlyArray<keyof ContentShared>> = {
  banner: ['images', 'link', 'startAt', 'endAt'],
  hot_product: ['targetId', 'startAt', 'endAt'],
  hot_solution: ['targetId', 'startAt', 'endAt'],
  product_category: ['parentId', 'countries', 'cover'],
  product: ['model', 'categoryId', 'images', 'relatedIds', 'manualIds', 'discontinued', 'successorId', 'params'],
  product_filter: ['categoryId', 'facets', 'buckets'],
  solution_category: ['parentId', 'cover'],
  solution: ['categoryId', 'cover', 'relatedIds'],
  news: ['cover'],
  video: ['cover', 'videoUrl'],
  tech_video: ['cover', 'videoUrl', 'relatedIds'],
  manual: ['fileUrl', 'folder', 'publicAccess', 'relatedIds'],
  faq_type: ['cover'],
  installer_faq: ['faqTypeId', 'audience'],
  terms: ['termType', 'effectiveDate'],
};

/** One translation's own fields. body is rich text (a Tiptap document), checked by the server's allowlist (rich-text.ts). */
export const contentTranslationInputSchema = z
  .object({
    title: titleSchema,
    slug: slugSchema.default(''),
    summary: plainTextSchema(SUMMARY_MAX_LENGTH).default(''),
    body: richTextDocSchema.default(EMPTY_RICH_TEXT),
    seoTitle: plainTextSchema(200).default(''),
    seoDescription: plainTextSchema(500).default(''),
    noindex: z.boolean().default(false),
    /** The Open Graph image (og:image): an uploaded image of this site or an http(s) address; empty: none. */
    ogImage: siteLinkSchema.default(''),
    /** The canonical address when it is another page's (http(s) or a path of this site); empty: the page itself. */
    canonical: canonicalSchema.default(''),
  })
  .strict();
export type ContentTranslationInput = z.input<typeof contentTranslationInputSchema>;

export const CONTENT_ITEM_ACTIONS = ['edit', 'delete', 'schedule'] as const;
export const contentItemActionSchema = z.enum(CONTENT_ITEM_ACTIONS);
export type ContentItemAction = z.infer<typeof contentItemActionSchema>;

export const contentTranslationSchema = z.object({
  locale: localeSchema,
  state: contentStateSchema,
  title: z.string(),
  slug: z.string(),
  summary: z.string(),
  /** A body stored before rich text was a document (an HTML string) reads as its paragraphs. */
  body: richTextDocSchema,
  seoTitle: z.string(),
  seoDescription: z.string(),
  noindex: z.boolean(),
  ogImage: z.string(),
  canonical: z.string(),
  latestRevisionId: z.number().int().nullable(),
  releasedRevisionId: z.number().int().nullable(),
  /** Saved since the last Release: the site still shows the released revision. */
  hasUnreleasedChanges: z.boolean(),
  releasedAt: z.number().int().nullable(),
  /** Why the supplier took it off the shelf, or why a scheduled release failed. */
  reason: z.string().nullable(),
  actions: z.array(contentActionSchema),
});
export type ContentTranslation = z.infer<typeof contentTranslationSchema>;

export const contentItemSchema = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  type: contentTypeSchema,
  shared: contentSharedSchema,
  version: z.number().int(),
  updatedAt: z.number().int(),
  updatedByName: z.string(),
  translations: z.array(contentTranslationSchema),
  actions: z.array(contentItemActionSchema),
});
export type ContentItem = z.infer<typeof contentItemSchema>;

export const contentSiteSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  slug: z.string(),
  name: z.string(),
  locales: z.array(localeSchema),
  domains: z.array(z.string()),
});
export type ContentSite = z.infer<typeof contentSiteSchema>;

export const contentRevisionSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  locale: localeSchema,
  n: z.number().int(),
  authorName: z.string(),
  createdAt: z.number().int(),
  released: z.boolean(),
  diff: z.array(z.object({ field: z.string(), before: z.string(), after: z.string() })),
});
export type ContentRevision = z.infer<typeof contentRevisionSchema>;

export const SCHEDULE_ACTIONS = ['release', 'takeOffShelf'] as const;
export const scheduleActionSchema = z.enum(SCHEDULE_ACTIONS);
export const SCHEDULE_STATES = ['pending', 'done', 'failed', 'cancelled'] as const;
export const scheduleStateSchema = z.enum(SCHEDULE_STATES);

export const contentScheduleSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  itemType: contentTypeSchema,
  itemTitle: z.string(),
  locale: localeSchema,
  action: scheduleActionSchema,
  runAt: z.number().int(),
  revisionId: z.number().int().nullable(),
  state: scheduleStateSchema,
  reason: z.string().nullable(),
  createdByName: z.string(),
});
export type ContentSchedule = z.infer<typeof contentScheduleSchema>;

export const localizedNamesSchema = z.object({
  'en-US': z.string().trim().min(1).max(100),
  'zh-CN': z.string().trim().max(100).default(''),
});

export const paramOptionSchema = z.object({
  value: z.string().trim().min(1).max(100),
  labels: z.object({ 'en-US': z.string().trim().min(1).max(100), 'zh-CN': z.string().trim().max(100).default('') }),
});

export const paramGroupSchema = z.object({ id: z.number().int(), names: localizedNamesSchema, sort: z.number().int() });
export type ParamGroup = z.infer<typeof paramGroupSchema>;

export const paramDefSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  groupId: z.number().int().nullable(),
  names: localizedNamesSchema,
  type: paramTypeSchema,
  unit: z.string(),
  options: z.array(paramOptionSchema),
  filterable: z.boolean(),
  comparable: z.boolean(),
  sort: z.number().int(),
});
export type ParamDef = z.infer<typeof paramDefSchema>;

export const CONTENT_ABILITIES = ['editSite', 'createItem', 'editParams', 'editTerms', 'supplierTakeOff'] as const;
export const contentAbilitySchema = z.enum(CONTENT_ABILITIES);
export type ContentAbility = z.infer<typeof contentAbilitySchema>;

const QRY = { anyOf: ['dealer_cloudresource_qry', 'dealer_cloudresource_mgr'] } as const;
const MGR = { anyOf: ['dealer_cloudresource_mgr'] } as const;
const siteRef = z.object({ siteId: idSchema.optional() });

export const contentOverviewSchema = z.object({
  site: contentSiteSchema.nullable(),
  counts: z.array(z.object({ type: contentTypeSchema, locale: localeSchema, state: contentStateSchema, count: z.number().int() })),
  /** Items without a translation in a locale of the site. */
  missingTranslations: z.array(z.object({ locale: localeSchema, count: z.number().int() })),
  pendingSchedules: z.number().int(),
  failedSchedules: z.array(contentScheduleSchema),
  /** Released translations without an SEO description. */
  missingDescriptions: z.number().int(),
  /** Released translations whose title another released item of the same kind and locale also has. */
  duplicateTitles: z.number().int(),
  /** Images in released rich text without alt text. */
  imagesWithoutAlt: z.number().int(),
  /** Links in released rich text and banners to a page of this site that does not exist (or is not released). */
  brokenLinks: z.number().int(),
});

export const SEO_GAP_KINDS = ['missingDescription', 'duplicateTitle', 'imageWithoutAlt', 'brokenLink'] as const;
export const seoGapKindSchema = z.enum(SEO_GAP_KINDS);
export type SeoGapKind = z.infer<typeof seoGapKindSchema>;

/** One SEO gap of a released translation: what it is and, for links and images, which. */
export const seoGapSchema = z.object({
  kind: seoGapKindSchema,
  itemId: z.number().int(),
  type: contentTypeSchema,
  locale: localeSchema,
  title: z.string(),
  /** The broken link's address, the image's address, or the duplicated title. */
  detail: z.string(),
});
export type SeoGap = z.infer<typeof seoGapSchema>;

/** An installer FAQ as the portal shows it to installers (audience installers or both). */
export const installerFaqSchema = z.object({
  id: z.number().int(),
  locale: localeSchema,
  typeId: z.number().int().nullable(),
  typeTitle: z.string(),
  question: z.string(),
  answer: richTextDocSchema,
  sort: z.number().int(),
});
export type InstallerFaq = z.infer<typeof installerFaqSchema>;

/** How long an id from content/item/id-get stays reserved for the item's first save. */
export const RESERVED_ID_TTL_MS = 24 * 60 * 60 * 1000;

export const productSetItemSchema = z.object({
  id: z.number().int(),
  model: z.string(),
  title: z.string(),
  locale: localeSchema,
  categoryTitle: z.string(),
  discontinued: z.boolean(),
  summary: z.string(),
});

/** How long a preview link (content/item/preview-link) opens its draft. */
export const PREVIEW_LINK_TTL_SECONDS = 3600;

export const contentCalls = {
  abilities: defineCall({
    path: 'content/abilities',
    auth: 'session',
    write: false,
    summary: "The caller's own content actions: edit the site, create items, edit parameters, the supplier's take-off.",
    data: z.object({}).strict(),
    result: z.object({ actions: z.array(contentAbilitySchema) }),
  }),
  siteGet: defineCall({
    path: 'content/site/get',
    auth: QRY,
    write: false,
    summary: "The caller's site (or the named one in the caller's subtree), null before it is set up.",
    data: siteRef.strict(),
    result: z.object({ site: contentSiteSchema.nullable() }),
  }),
  siteList: defineCall({
    path: 'content/site/list',
    auth: QRY,
    write: false,
    summary: "The sites in the caller's subtree (the supplier: every site).",
    data: pageQuerySchema.strict(),
    result: pageOf(contentSiteSchema),
  }),
  siteSave: defineCall({
    path: 'content/site/save',
    auth: { anyOf: ['dealer_cloudresource_mgr'] },
    write: true,
    summary: "Creates or updates the caller's own site: name, address (/site/<slug>/) and site domains.",
    data: z
      .object({
        name: titleSchema,
        slug: z
          .string()
          .trim()
          .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'validation.slugInvalid' })
          .max(60),
        domains: z.array(domainSchema).max(10).default([]),
      })
      .strict(),
    result: contentSiteSchema,
  }),
  itemList: defineCall({
    path: 'content/item/list',
    auth: QRY,
    write: false,
    summary: 'Items of one type of a site, with each translation and its state, filtered and paged.',
    data: pageQuerySchema
      .extend({
        siteId: idSchema.optional(),
        type: contentTypeSchema,
        locale: localeSchema.optional(),
        state: contentStateSchema.optional(),
        categoryId: idSchema.optional(),
        searchText: z.string().trim().max(100).optional(),
      })
      .strict(),
    result: pageOf(contentItemSchema),
  }),
  itemGet: defineCall({
    path: 'content/item/get',
    auth: QRY,
    write: false,
    summary: 'One item with its shared fields and every translation (the latest draft).',
    data: z.object({ id: idSchema }).strict(),
    result: contentItemSchema,
  }),
  itemPreviewLink: defineCall({
    path: 'content/item/preview-link',
    auth: QRY,
    write: false,
    summary: `A signed link (valid ${PREVIEW_LINK_TTL_SECONDS / 3600} h, noindex) that shows one translation's latest draft, or the given revision of it, exactly as the public site will render it.`,
    data: z.object({ id: idSchema, locale: localeSchema, revisionId: idSchema.optional() }).strict(),
    result: z.object({ url: z.string(), expiresAt: z.number().int() }),
  }),
  itemCreate: defineCall({
    path: 'content/item/create',
    auth: MGR,
    write: true,
    summary: "Creates an item on the caller's site with its first translation (a draft) and first revision.",
    data: z
      .object({
        type: contentTypeSchema,
        /** An id reserved by content/item/id-get (uploads made meanwhile are attached to it). */
        id: idSchema.optional(),
        shared: contentSharedSchema,
        locale: localeSchema,
        translation: contentTranslationInputSchema,
      })
      .strict(),
    result: contentItemSchema,
  }),
  itemIdGet: defineCall({
    path: 'content/item/id-get',
    auth: MGR,
    write: true,
    summary: `Reserves an item id of a type on the caller's site before its first save (for ${RESERVED_ID_TTL_MS / 3_600_000} h): the editor uploads with it, and content/item/create takes it.`,
    data: z.object({ type: contentTypeSchema }).strict(),
    result: z.object({ id: z.number().int(), expiresAt: z.number().int() }),
  }),
  itemReorder: defineCall({
    path: 'content/item/reorder',
    auth: MGR,
    write: true,
    summary:
      'Sets the sort order of items of one type (banners, FAQ types, FAQs, categories) by their ids, first to last, in one transaction; the site shows it at once.',
    data: z.object({ type: contentTypeSchema, ids: z.array(idSchema).min(1).max(500) }).strict(),
    result: z.object({ ids: z.array(z.number().int()) }),
  }),
  itemSave: defineCall({
    path: 'content/item/save',
    auth: MGR,
    write: true,
    summary: 'Saves shared fields and one translation as a new revision; the site keeps the released one.',
    data: z
      .object({
        id: idSchema,
        version: z.number().int().min(1),
        shared: contentSharedSchema.optional(),
        locale: localeSchema,
        translation: contentTranslationInputSchema.optional(),
      })
      .strict(),
    result: contentItemSchema,
  }),
  itemOperate: defineCall({
    path: 'content/item/operate',
    auth: MGR,
    write: true,
    summary:
      "Moves one translation through contentMachine: release (the latest or a pinned revision), take off / put on the shelf, the supplier's take-off and restore.",
    data: z
      .object({
        id: idSchema,
        locale: localeSchema,
        action: contentActionSchema,
        revisionId: z.number().int().positive().optional(),
        reason: z.string().trim().max(200).optional(),
      })
      .strict(),
    result: contentItemSchema,
  }),
  itemDelete: defineCall({
    path: 'content/item/delete',
    auth: MGR,
    write: true,
    summary: 'Deletes an item no other item uses (28008 with the count).',
    data: z.object({ id: idSchema }).strict(),
    result: z.object({}),
  }),
  revisionList: defineCall({
    path: 'content/revision/list',
    auth: QRY,
    write: false,
    summary: 'Revisions of one translation, newest first: author, time, diff, released.',
    data: pageQuerySchema.extend({ itemId: idSchema, locale: localeSchema }).strict(),
    result: pageOf(contentRevisionSchema),
  }),
  revisionRestore: defineCall({
    path: 'content/revision/restore',
    auth: MGR,
    write: true,
    summary: "Makes an old revision's content the latest draft again (a new revision); the site changes on the next Release.",
    data: z.object({ revisionId: z.number().int().positive(), version: z.number().int().min(1) }).strict(),
    result: contentItemSchema,
  }),
  scheduleCreate: defineCall({
    path: 'content/schedule/create',
    auth: MGR,
    write: true,
    summary: 'Schedules a release (pinning a revision) or a take-off of one translation at a future time.',
    data: z
      .object({
        itemId: idSchema,
        locale: localeSchema,
        action: scheduleActionSchema,
        runAt: epochMsSchema,
        revisionId: z.number().int().positive().optional(),
      })
      .strict(),
    result: contentScheduleSchema,
  }),
  scheduleCancel: defineCall({
    path: 'content/schedule/cancel',
    auth: MGR,
    write: true,
    summary: 'Cancels a pending schedule.',
    data: z.object({ id: idSchema }).strict(),
    result: contentScheduleSchema,
  }),
  scheduleList: defineCall({
    path: 'content/schedule/list',
    auth: QRY,
    write: false,
    summary: "Schedules of the caller's site (or of one item), soonest first.",
    data: pageQuerySchema
      .extend({ siteId: idSchema.optional(), itemId: idSchema.optional(), state: scheduleStateSchema.optional() })
      .strict(),
    result: pageOf(contentScheduleSchema),
  }),
  paramGroupList: defineCall({
    path: 'content/param-group/list',
    auth: QRY,
    write: false,
    summary: 'Parameter groups of a site.',
    data: siteRef.strict(),
    result: z.array(paramGroupSchema),
  }),
  paramGroupSave: defineCall({
    path: 'content/param-group/save',
    auth: MGR,
    write: true,
    summary: "Creates or renames a parameter group of the caller's site.",
    data: z.object({ id: idSchema.optional(), names: localizedNamesSchema, sort: z.number().int().min(0).max(10000).default(0) }).strict(),
    result: paramGroupSchema,
  }),
  paramList: defineCall({
    path: 'content/param/list',
    auth: QRY,
    write: false,
    summary: 'Product parameter definitions of a site.',
    data: siteRef.strict(),
    result: z.array(paramDefSchema),
  }),
  paramSave: defineCall({
    path: 'content/param/save',
    auth: MGR,
    write: true,
    summary: 'Creates or updates a parameter definition: names per locale, group, type, unit, options, filterable, comparable.',
    data: z
      .object({
        id: idSchema.optional(),
        key: paramKeySchema,
        groupId: idSchema.nullable().default(null),
        names: localizedNamesSchema,
        type: paramTypeSchema,
        unit: z.string().trim().max(20).default(''),
        options: z.array(paramOptionSchema).max(100).default([]),
        filterable: z.boolean().default(false),
        comparable: z.boolean().default(true),
        sort: z.number().int().min(0).max(10000).default(0),
      })
      .strict(),
    result: paramDefSchema,
  }),
  paramDelete: defineCall({
    path: 'content/param/delete',
    auth: MGR,
    write: true,
    summary: 'Deletes a parameter definition no product has a value for (28008 with the count).',
    data: z.object({ id: idSchema }).strict(),
    result: z.object({}),
  }),
  overview: defineCall({
    path: 'content/overview',
    auth: QRY,
    write: false,
    summary: 'Counts by type, locale and state, missing translations, schedules and their failures, SEO gaps.',
    data: siteRef.strict(),
    result: contentOverviewSchema,
  }),
  seoList: defineCall({
    path: 'content/seo/list',
    auth: QRY,
    write: false,
    summary:
      'The SEO gaps of the released translations of a site: missing descriptions, duplicate titles, images without alt text, broken internal links.',
    data: siteRef.strict(),
    result: z.object({ gaps: z.array(seoGapSchema) }),
  }),
  installerFaqList: defineCall({
    path: 'content/installer-faq/list',
    auth: 'session',
    write: false,
    summary:
      "The brand's released installer FAQs (audience installers or both) in the caller's locale, by type and order: read by installers in the portal.",
    data: pageQuerySchema.extend({ searchText: z.string().trim().max(100).optional() }).strict(),
    result: pageOf(installerFaqSchema),
  }),
  productSet: defineCall({
    path: 'content/product-set/list',
    auth: 'session',
    write: false,
    summary: "The brand's released catalogue, read-only: the products of the nearest partner's site above the caller.",
    data: pageQuerySchema.extend({ searchText: z.string().trim().max(100).optional() }).strict(),
    result: pageOf(productSetItemSchema),
  }),
  productExport: defineCall({
    path: 'content/product/export',
    auth: QRY,
    write: false,
    summary:
      "A signed link (300 s) to an xlsx of the caller's own site's products (of one category or all), streamed: model, names, category, discontinued, successor and a column per parameter.",
    data: z.object({ categoryId: idSchema.optional() }).strict(),
    result: z.object({ url: z.string(), rows: z.number().int() }),
  }),
  productImport: defineCall({
    path: 'content/product/import',
    auth: MGR,
    write: true,
    summary: `Creates or updates the caller's site's products (drafts, new revisions) from an uploaded xlsx (purpose import) of at most ${PRODUCT_IMPORT_MAX_ROWS} rows in the export's layout: every row or none; the bad rows come back with their column and reason.`,
    data: z.object({ fileId: idSchema }).strict(),
    result: productImportResultSchema,
  }),
  publicDocuments: defineCall({
    path: 'content/public/documents',
    auth: 'public',
    write: false,
    rateLimit: RATE_LIMITS.publicPage,
    summary:
      "The host brand's public documents (for /document/files): folders, documents and their versions, searched by title, file name or folder; never a signed-in-only one.",
    data: z.object({ host: z.string().trim().max(253), searchText: z.string().trim().max(100).optional() }).strict(),
    result: publicDocumentsResultSchema,
  }),
  publicTerms: defineCall({
    path: 'content/public/terms',
    auth: 'public',
    write: false,
    rateLimit: RATE_LIMITS.publicPage,
    summary: "The host brand's released terms of a kind in the caller's locale (for /term/{type}); null: the built-in text applies.",
    data: z.object({ host: z.string().trim().max(253), type: termTypeSchema }).strict(),
    result: z.object({
      terms: z.object({ title: z.string(), effectiveDate: z.string(), paragraphs: z.array(z.string()) }).nullable(),
    }),
  }),
};
