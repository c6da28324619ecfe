/**
 * The content site's writes: items saved as revisions, translations moved through contentMachine
 * (conditional UPDATEs), restores, deletes, schedules and their runs, parameter definitions, the
 * site settings. Reads that need more than one query (the overview, the brand's catalogue).
 */
import {
  ErrorCodes,
  errorMessage,
  FAQ_TYPE_MAX,
  RESERVED_ID_TTL_MS,
  REVISIONS_KEPT,
  type ContentAction,
  type ContentShared,
  type ContentState,
  type ContentTranslationInput,
  type ContentType,
  type Locale,
  type RichTextDoc,
} from '@portal/contract';
import type { Database, Db, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor, CallContext } from '../../lib/context';
import { authorize } from '../../lib/policy';
import { requireActor } from '../../lib/context';
import { contentPolicy, itemPolicy, translationPolicy } from './content.policy';
import * as repo from './content.repository';
import { checkItemImages } from './assets.service';
import { checkParamValues, checkSharedFields, diffRevisions, missingForRelease, type RevisionData } from './content.rules';
import { checkRichText, toRichTextDoc } from './rich-text';
import { AUTO_FILED_TYPES, requestAutoFiles, type AutoFilesJob } from './documents.service';

type AnyDb = Db | Tx;

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

export async function requireOwnSite(db: AnyDb, actor: Actor): Promise<repo.SiteWithCompany> {
  const site = await repo.findOwnSite(db, actor);
  if (!site) throw new AppError(ErrorCodes.contentSiteMissing);
  return site;
}

/** The site a read names (in the caller's subtree), or the caller's own. */
export async function readableSite(db: AnyDb, actor: Actor, siteId: number | undefined): Promise<repo.SiteWithCompany | null> {
  if (siteId !== undefined) {
    const s = await repo.findSiteInSubtree(db, actor, siteId);
    if (!s) throw new AppError(ErrorCodes.notFound);
    return s;
  }
  return repo.findOwnSite(db, actor);
}

/** The item of the caller's subtree (1004 otherwise) and whether its site is the caller's own. */
export async function itemForCaller(db: AnyDb, actor: Actor, id: number, forUpdate = false) {
  const item = await repo.findItemInSubtree(db, actor, id, { forUpdate });
  if (!item) throw new AppError(ErrorCodes.notFound);
  const own = await repo.findOwnSite(db, actor);
  return { item, ownSiteId: own?.id ?? null, ownSite: own?.id === item.siteId };
}

function normalizeTranslation(t: ContentTranslationInput): RevisionData['translation'] {
  return {
    title: t.title.trim(),
    slug: (t.slug ?? '').trim(),
    summary: (t.summary ?? '').trim(),
    body: toRichTextDoc(t.body),
    seoTitle: (t.seoTitle ?? '').trim(),
    seoDescription: (t.seoDescription ?? '').trim(),
    noindex: t.noindex ?? false,
    ogImage: (t.ogImage ?? '').trim(),
    canonical: (t.canonical ?? '').trim(),
  };
}

/** Checks the shared fields of a type: foreign fields, references on the same site, parameter values, model. */
async function checkShared(db: AnyDb, siteId: number, itemId: number | null, type: ContentType, shared: ContentShared): Promise<void> {
  checkSharedFields(type, shared);
  checkItemImages(type, shared);
  const refs: Array<[keyof ContentShared, number | null | undefined, ContentType[]]> = [
    ['categoryId', shared.categoryId, type === 'solution' ? ['solution_category'] : ['product_category']],
    ['parentId', shared.parentId, [type]],
    ['successorId', shared.successorId, ['product']],
    ['faqTypeId', shared.faqTypeId, ['faq_type']],
    ['targetId', shared.targetId, [type === 'hot_solution' ? 'solution' : 'product']],
  ];
  for (const [field, id, types] of refs) {
    if (id === null || id === undefined) continue;
    const found = await repo.itemsOfSite(db, siteId, [id]);
    if (found.length === 0 || !types.includes(found[0]!.type as ContentType) || id === itemId)
      throw new AppError(ErrorCodes.contentReferenceInvalid, { field });
  }
  for (const field of ['relatedIds', 'manualIds'] as const) {
    const ids = shared[field];
    if (!ids || ids.length === 0) continue;
    const found = await repo.itemsOfSite(db, siteId, ids);
    if (found.length !== new Set(ids).size) throw new AppError(ErrorCodes.contentReferenceInvalid, { field });
  }
  if (shared.params) checkParamValues(shared.params, await repo.paramsOfSite(db, siteId));
  if (shared.model && (await repo.modelHolder(db, siteId, shared.model, itemId)))
    throw new AppError(ErrorCodes.contentModelTaken, { model: shared.model });
}

async function checkSlug(db: AnyDb, siteId: number, type: string, locale: string, slug: string, itemId: number): Promise<void> {
  if (slug && (await repo.slugHolder(db, siteId, type, locale, slug, itemId))) throw new AppError(ErrorCodes.contentSlugTaken, { slug });
}

function splitShared(shared: ContentShared): { rest: ContentShared; params: ContentShared['params'] } {
  const { params, ...rest } = shared;
  return { rest, params };
}

export async function latestData(db: AnyDb, itemId: number, locale: string): Promise<RevisionData | null> {
  const t = await repo.findTranslation(db, itemId, locale);
  if (!t?.latestRevisionId) return null;
  const [r] = await repo.revisionsByIds(db, [t.latestRevisionId]);
  return (r?.data as RevisionData) ?? null;
}

/** Writes one revision of a translation (with its diff) and makes it the latest; old ones pruned. */
async function writeRevision(
  db: AnyDb,
  item: repo.ItemRow,
  locale: string,
  data: RevisionData,
  author: { id: number | null; name: string },
) {
  const before = await latestData(db, item.id, locale);
  const rev = await repo.insertRevision(db, {
    itemId: item.id,
    locale,
    authorId: author.id,
    authorName: author.name,
    data,
    diff: diffRevisions(before, data),
  });
  await repo.upsertTranslationDraft(db, {
    itemId: item.id,
    locale,
    siteId: item.siteId,
    type: item.type,
    title: data.translation.title,
    slug: data.translation.slug,
    revisionId: rev.id,
  });
  await repo.pruneRevisions(db, item.id, locale, REVISIONS_KEPT);
  return rev;
}

const authorOf = (actor: Actor) => ({
  id: actor.userId,
  name: actor.actingNickname ? `${actor.actingNickname} (${actor.nickname})` : actor.nickname,
});

export async function createItem(
  ctx: CallContext,
  d: { type: ContentType; id?: number; shared: ContentShared; locale: Locale; translation: ContentTranslationInput },
): Promise<repo.ItemRow> {
  const actor = requireActor(ctx);
  const site = await requireOwnSite(ctx.db, actor);
  authorize(contentPolicy, actor, { hasSite: true }, d.type === 'terms' ? 'editTerms' : 'createItem');
  // An id reserved by content/item/id-get (the editor's uploads name it): of this site and type, not expired.
  if (
    d.id !== undefined &&
    !(await repo.takeReservation(ctx.db, { id: d.id, siteId: site.id, type: d.type, now: new Date(ctx.clock.now()) }))
  )
    throw new AppError(ErrorCodes.contentReservedIdInvalid, { id: d.id });
  if (d.type === 'faq_type' && (await repo.countItemsOfType(ctx.db, site.id, 'faq_type')) >= FAQ_TYPE_MAX)
    throw new AppError(ErrorCodes.contentFaqTypeLimit, { max: FAQ_TYPE_MAX });
  await checkShared(ctx.db, site.id, null, d.type, d.shared);
  const tr = normalizeTranslation(d.translation);
  await checkRichText(ctx.db, site.id, tr.body as RichTextDoc);
  const { rest, params } = splitShared(d.shared);
  const now = new Date(ctx.clock.now());
  let item: repo.ItemRow;
  try {
    item = await repo.insertItem(ctx.db, {
      ...(d.id !== undefined ? { id: d.id } : {}),
      siteId: site.id,
      companyPath: site.companyPath,
      type: d.type,
      shared: rest,
      params: params ?? {},
      model: rest.model ?? null,
      categoryId: rest.categoryId ?? null,
      updatedByName: actor.nickname,
      updatedAt: now,
      createdAt: now,
    });
    await checkSlug(ctx.db, site.id, d.type, d.locale, tr.slug, item.id);
    await writeRevision(ctx.db, item, d.locale, { shared: { ...rest, ...(params ? { params } : {}) }, translation: tr }, authorOf(actor));
  } catch (e) {
    if (isUniqueViolation(e)) throw raceError(d.shared, tr.slug);
    throw e;
  }
  if (d.id !== undefined) await repo.attachUploadsOfItem(ctx.db, item.id, now);
  await ctx.audit({
    action: 'content.create',
    targetType: 'content_item',
    targetId: item.id,
    after: { type: d.type, locale: d.locale, title: tr.title },
  });
  return item;
}

function raceError(shared: ContentShared, slug: string): AppError {
  return shared.model
    ? new AppError(ErrorCodes.contentModelTaken, { model: shared.model })
    : new AppError(ErrorCodes.contentSlugTaken, { slug });
}

export async function saveItem(
  ctx: CallContext,
  d: { id: number; version: number; shared?: ContentShared; locale: Locale; translation?: ContentTranslationInput },
): Promise<repo.ItemRow> {
  const actor = requireActor(ctx);
  const { item, ownSite } = await itemForCaller(ctx.db, actor, d.id, true);
  authorize(itemPolicy, actor, { ownSite, type: item.type as ContentType }, 'edit');
  if (item.version !== d.version) throw new AppError(ErrorCodes.contentStaleSave, { name: item.updatedByName });
  const type = item.type as ContentType;
  const current = { ...(item.shared as ContentShared) };
  const incoming = d.shared ?? {};
  await checkShared(ctx.db, item.siteId, item.id, type, incoming);
  if (d.translation) await checkRichText(ctx.db, item.siteId, toRichTextDoc(d.translation.body));
  const { rest, params } = splitShared(incoming);
  const merged: ContentShared = { ...current, ...rest };
  const mergedParams = type === 'product' ? ((params ?? item.params) as Record<string, unknown>) : {};
  const sharedChanged = JSON.stringify(merged) !== JSON.stringify(current) || JSON.stringify(mergedParams) !== JSON.stringify(item.params);
  const now = new Date(ctx.clock.now());
  const fullShared: ContentShared = type === 'product' ? { ...merged, params: mergedParams as ContentShared['params'] } : merged;
  const author = authorOf(actor);
  // The conditional UPDATE is inside the unique-violation handling: a model (or slug) taken by a
  // save racing this one is "taken", never a 500.
  try {
    const updated = await repo.updateItemIfVersion(ctx.db, item.id, d.version, {
      shared: merged,
      params: mergedParams,
      model: merged.model ?? null,
      categoryId: merged.categoryId ?? null,
      updatedByName: actor.nickname,
      updatedAt: now,
    });
    if (!updated) throw new AppError(ErrorCodes.contentStaleSave, { name: item.updatedByName });
    const own = await latestData(ctx.db, item.id, d.locale);
    if (d.translation || !own) {
      if (!d.translation) throw new AppError(ErrorCodes.invalidParams, { detail: 'translation' });
      const tr = normalizeTranslation(d.translation);
      await checkSlug(ctx.db, item.siteId, item.type, d.locale, tr.slug, item.id);
      await writeRevision(ctx.db, updated, d.locale, { shared: fullShared, translation: tr }, author);
    } else if (sharedChanged) {
      await writeRevision(ctx.db, updated, d.locale, { shared: fullShared, translation: own.translation }, author);
    }
    // Shared fields belong to every translation: each other one gets a revision carrying them.
    if (sharedChanged) {
      for (const t of await repo.translationsOf(ctx.db, [item.id])) {
        if (t.locale === d.locale) continue;
        const data = await latestData(ctx.db, item.id, t.locale);
        if (data) await writeRevision(ctx.db, updated, t.locale, { shared: fullShared, translation: data.translation }, author);
      }
    }
    await ctx.audit({ action: 'content.save', targetType: 'content_item', targetId: item.id, after: { locale: d.locale } });
    return updated;
  } catch (e) {
    if (isUniqueViolation(e)) throw raceError(incoming, d.translation?.slug ?? '');
    throw e;
  }
}

const FROM: Record<ContentAction, readonly ContentState[]> = {
  release: ['draft', 'released'],
  takeOffShelf: ['released'],
  putOnShelf: ['off_shelf'],
  supplierTakeOff: ['draft', 'released', 'off_shelf'],
  supplierRestore: ['supplier_off_shelf'],
};
const TO: Record<ContentAction, ContentState> = {
  release: 'released',
  takeOffShelf: 'off_shelf',
  putOnShelf: 'released',
  supplierTakeOff: 'supplier_off_shelf',
  supplierRestore: 'off_shelf',
};

/**
 * One move of one translation, as the call and the schedule job make it. A release checks the
 * revision again (required fields, parameter values against today's definitions) and publishes
 * it with one conditional UPDATE; a second Release of the same revision is 28005.
 */
export async function applyMove(
  db: AnyDb,
  item: repo.ItemRow,
  locale: string,
  action: ContentAction,
  opts: { now: Date; revisionId?: number | null; reason?: string | null },
): Promise<void> {
  const t = await repo.findTranslation(db, item.id, locale, { forUpdate: true });
  if (!t) throw new AppError(ErrorCodes.notFound);
  if (action !== 'release') {
    const moved = await moveOrTaken(db, t.releasedSlug ?? '', () =>
      repo.moveTranslation(db, item.id, locale, FROM[action], {
        state: TO[action],
        reason: action === 'supplierTakeOff' ? (opts.reason ?? '') : action === 'supplierRestore' ? null : t.reason,
      }),
    );
    if (!moved) throw new AppError(ErrorCodes.illegalTransition);
    return;
  }
  const revisionId = opts.revisionId ?? t.latestRevisionId;
  const rev = revisionId ? await repo.findRevisionOf(db, item.id, locale, revisionId) : null;
  if (!rev) throw new AppError(ErrorCodes.notFound);
  if (t.state === 'released' && t.releasedRevisionId === rev.id) throw new AppError(ErrorCodes.contentAlreadyDone);
  const data = rev.data as RevisionData;
  const missing = missingForRelease(item.type as ContentType, data);
  if (missing.length > 0) throw new AppError(ErrorCodes.contentReleaseMissing, { fields: missing.join(', ') });
  if (data.shared.params) checkParamValues(data.shared.params, await repo.paramsOfSite(db, item.siteId));
  const slug = data.translation.slug;
  if (slug && (await repo.releasedSlugHolder(db, item.siteId, item.type, locale, slug, item.id)))
    throw new AppError(ErrorCodes.contentSlugTaken, { slug });
  // An old address of another item redirects there: releasing this one at it would loop those links.
  if (slug && (await repo.redirectHolder(db, item.siteId, item.type, locale, slug, item.id)))
    throw new AppError(ErrorCodes.contentRedirectLoop, { slug });
  const moved = await moveOrTaken(db, slug, () =>
    repo.moveTranslation(
      db,
      item.id,
      locale,
      FROM.release,
      {
        state: 'released',
        releasedRevisionId: rev.id,
        releasedSlug: slug,
        releasedTitle: data.translation.title,
        releasedParams: data.shared.params ?? null,
        releasedCategoryId: data.shared.categoryId ?? null,
        releasedAt: opts.now,
        reason: null,
      },
      { notRevision: rev.id },
    ),
  );
  if (!moved) {
    const again = await repo.findTranslation(db, item.id, locale);
    if (again?.state === 'released' && again.releasedRevisionId === rev.id) throw new AppError(ErrorCodes.contentAlreadyDone);
    throw new AppError(ErrorCodes.illegalTransition);
  }
  await repo.markRevisionReleased(db, rev.id);
  // The address it leaves answers 301 to the new one (issue 14 §9).
  const oldSlug = t.releasedSlug ?? '';
  if (oldSlug && slug && oldSlug !== slug)
    await repo.recordRedirect(db, { siteId: item.siteId, type: item.type, locale, itemId: item.id, oldSlug, newSlug: slug, at: opts.now });
}

/**
 * A move that sets a released address: the unique index on released addresses (migration 0036)
 * decides a race between two releases, and the loser is told the address is taken.
 */
async function moveOrTaken(db: AnyDb, slug: string, move: () => Promise<boolean>): Promise<boolean> {
  try {
    return await move();
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError(ErrorCodes.contentSlugTaken, { slug });
    throw e;
  }
}

async function subjectOf(db: AnyDb, itemId: number, locale: string, ownSite: boolean) {
  const t = await repo.findTranslation(db, itemId, locale);
  if (!t) throw new AppError(ErrorCodes.notFound);
  return {
    ownSite,
    type: t.type as ContentType,
    state: t.state as ContentState,
    hasUnreleasedChanges: t.latestRevisionId !== t.releasedRevisionId,
    reason: t.reason,
  };
}

export async function operate(
  ctx: CallContext,
  d: { id: number; locale: Locale; action: ContentAction; revisionId?: number; reason?: string },
): Promise<repo.ItemRow> {
  const actor = requireActor(ctx);
  const { item, ownSite } = await itemForCaller(ctx.db, actor, d.id, true);
  const subject = await subjectOf(ctx.db, item.id, d.locale, ownSite);
  // A pinned revision other than the latest may be released even when the latest is out already.
  if (!(d.action === 'release' && d.revisionId && subject.state === 'released')) authorize(translationPolicy, actor, subject, d.action);
  else authorize(translationPolicy, actor, { ...subject, hasUnreleasedChanges: true }, d.action);
  const now = new Date(ctx.clock.now());
  await applyMove(ctx.db, item, d.locale, d.action, { now, revisionId: d.revisionId, reason: d.reason });
  await repo.bumpItem(ctx.db, item.id, actor.nickname, now);
  if (AUTO_FILED_TYPES.includes(item.type as ContentType)) {
    const job = { siteId: item.siteId, by: actor.actingNickname ?? actor.nickname };
    ctx.afterCommit(() => requestAutoFiles(ctx.services.jobs(), job));
  }
  await ctx.audit({
    action: `content.${d.action}`,
    targetType: 'content_item',
    targetId: item.id,
    after: { locale: d.locale, reason: d.reason },
  });
  return (await repo.findItemInSubtree(ctx.db, actor, item.id))!;
}

export async function restoreRevision(ctx: CallContext, d: { revisionId: number; version: number }): Promise<repo.ItemRow> {
  const actor = requireActor(ctx);
  const rev = await repo.findRevisionInSubtree(ctx.db, actor, d.revisionId);
  if (!rev) throw new AppError(ErrorCodes.notFound);
  const data = rev.data as RevisionData;
  return saveItem(ctx, {
    id: rev.itemId,
    version: d.version,
    locale: rev.locale as Locale,
    shared: data.shared,
    translation: { ...data.translation, body: toRichTextDoc(data.translation.body) },
  });
}

export async function deleteItem(ctx: CallContext, id: number): Promise<void> {
  const actor = requireActor(ctx);
  const { item, ownSite } = await itemForCaller(ctx.db, actor, id, true);
  authorize(itemPolicy, actor, { ownSite, type: item.type as ContentType }, 'delete');
  const uses = await repo.usesOfItem(ctx.db, item.siteId, item.id);
  if (uses > 0) throw new AppError(ErrorCodes.contentInUse, { count: uses });
  await repo.deleteItem(ctx.db, item.id);
  await ctx.audit({ action: 'content.delete', targetType: 'content_item', targetId: item.id, before: { type: item.type } });
}

// ----- schedules -----

export async function createSchedule(
  ctx: CallContext,
  d: { itemId: number; locale: Locale; action: 'release' | 'takeOffShelf'; runAt: number; revisionId?: number },
) {
  const actor = requireActor(ctx);
  const { item, ownSite } = await itemForCaller(ctx.db, actor, d.itemId);
  authorize(itemPolicy, actor, { ownSite, type: item.type as ContentType }, 'schedule');
  if (d.runAt <= ctx.clock.now()) throw new AppError(ErrorCodes.contentSchedulePast);
  const t = await repo.findTranslation(ctx.db, item.id, d.locale);
  if (!t) throw new AppError(ErrorCodes.notFound);
  let revisionId: number | null = null;
  if (d.action === 'release') {
    revisionId = d.revisionId ?? t.latestRevisionId;
    const rev = revisionId ? await repo.findRevisionOf(ctx.db, item.id, d.locale, revisionId) : null;
    if (!rev) throw new AppError(ErrorCodes.notFound);
    const missing = missingForRelease(item.type as ContentType, rev.data as RevisionData);
    if (missing.length > 0) throw new AppError(ErrorCodes.contentReleaseMissing, { fields: missing.join(', ') });
  }
  const row = await repo.insertSchedule(ctx.db, {
    itemId: item.id,
    siteId: item.siteId,
    companyPath: item.companyPath,
    locale: d.locale,
    action: d.action,
    runAt: new Date(d.runAt),
    revisionId,
    createdByName: actor.nickname,
  });
  await ctx.audit({
    action: 'content.schedule',
    targetType: 'content_item',
    targetId: item.id,
    after: { locale: d.locale, action: d.action, runAt: d.runAt },
  });
  return (await repo.withItemTitles(ctx.db, [row]))[0]!;
}

export async function cancelSchedule(ctx: CallContext, id: number) {
  const actor = requireActor(ctx);
  const s = await repo.findScheduleInSubtree(ctx.db, actor, id);
  if (!s) throw new AppError(ErrorCodes.notFound);
  const own = await repo.findOwnSite(ctx.db, actor);
  const item = await repo.findItemInSubtree(ctx.db, actor, s.itemId);
  authorize(itemPolicy, actor, { ownSite: own?.id === s.siteId, type: item?.type as ContentType | undefined }, 'schedule');
  const done = await repo.finishSchedule(ctx.db, id, 'cancelled', new Date(ctx.clock.now()));
  if (!done) throw new AppError(ErrorCodes.contentScheduleEnded);
  return (await repo.withItemTitles(ctx.db, [done]))[0]!;
}

/**
 * The schedule job's run: every due schedule in its own transaction, holding its row (SKIP
 * LOCKED, so two runs side by side never take the same one). The move is checked again now; a
 * refusal leaves the translation as it is and the schedule failed with the reason (shown on
 * cloudIndex). A release already made (same revision) counts as done: runs are idempotent.
 */
export async function runDueSchedules(database: Database, now: number): Promise<{ done: number; failed: number; refile: AutoFilesJob[] }> {
  let done = 0;
  let failed = 0;
  // The sites whose auto files a done move changes (the job asks for them after its commits).
  const refile = new Map<number, AutoFilesJob>();
  for (;;) {
    const outcome = await database.db.transaction(async (tx) => {
      const [s] = await repo.unsafeDueSchedules(tx, new Date(now), 1);
      if (!s) return null;
      const item = await repo.unsafeItemById(tx, s.itemId);
      try {
        if (!item) throw new AppError(ErrorCodes.notFound);
        await tx.transaction(async (sp) => {
          await applyMove(sp, item, s.locale, s.action as ContentAction, { now: new Date(now), revisionId: s.revisionId });
          await repo.bumpItem(sp, item.id, s.createdByName, new Date(now));
        });
        await repo.finishSchedule(tx, s.id, 'done', new Date(now));
        if (AUTO_FILED_TYPES.includes(item.type as ContentType)) refile.set(item.siteId, { siteId: item.siteId, by: s.createdByName });
        return 'done';
      } catch (e) {
        if (e instanceof AppError && e.code === ErrorCodes.contentAlreadyDone) {
          await repo.finishSchedule(tx, s.id, 'done', new Date(now));
          return 'done';
        }
        const reason = e instanceof AppError ? errorMessage(e.code, 'en-US', e.params) : 'internal error';
        await repo.finishSchedule(tx, s.id, 'failed', new Date(now), reason);
        return 'failed';
      }
    });
    if (outcome === null) break;
    if (outcome === 'done') done++;
    else failed++;
  }
  return { done, failed, refile: [...refile.values()] };
}

// ----- parameters -----

export async function saveParam(
  ctx: CallContext,
  d: {
    id?: number;
    key: string;
    groupId: number | null;
    names: { 'en-US': string; 'zh-CN': string };
    type: string;
    unit: string;
    options: Array<{ value: string; labels: { 'en-US': string; 'zh-CN': string } }>;
    filterable: boolean;
    comparable: boolean;
    sort: number;
  },
) {
  const actor = requireActor(ctx);
  const site = await requireOwnSite(ctx.db, actor);
  authorize(contentPolicy, actor, { hasSite: true }, 'editParams');
  if (d.id && !(await repo.findParamInSubtree(ctx.db, actor, d.id).then((p) => p?.siteId === site.id)))
    throw new AppError(ErrorCodes.notFound);
  if (d.groupId && !(await repo.findParamGroupInSubtree(ctx.db, actor, d.groupId).then((g) => g?.siteId === site.id)))
    throw new AppError(ErrorCodes.contentReferenceInvalid, { field: 'groupId' });
  if (await repo.paramKeyTaken(ctx.db, site.id, d.key, d.id ?? null)) throw new AppError(ErrorCodes.contentParamKeyTaken, { key: d.key });
  const values = new Set(d.options.map((o) => o.value));
  if (values.size !== d.options.length) throw new AppError(ErrorCodes.invalidParams, { detail: 'options' });
  const row = await repo.saveParam(ctx.db, d.id ?? null, {
    siteId: site.id,
    companyPath: site.companyPath,
    groupId: d.groupId,
    key: d.key,
    names: d.names,
    type: d.type,
    unit: d.unit,
    options: d.type === 'enum' || d.type === 'multi_enum' ? d.options : [],
    filterable: d.filterable,
    comparable: d.comparable,
    sort: d.sort,
  });
  await ctx.audit({ action: 'content.param.save', targetType: 'content_param', targetId: row.id, after: { key: d.key, type: d.type } });
  return row;
}

export async function deleteParam(ctx: CallContext, id: number) {
  const actor = requireActor(ctx);
  const p = await repo.findParamInSubtree(ctx.db, actor, id);
  if (!p) throw new AppError(ErrorCodes.notFound);
  const own = await repo.findOwnSite(ctx.db, actor);
  if (own?.id !== p.siteId) throw new AppError(ErrorCodes.forbidden);
  const uses = await repo.productsWithParam(ctx.db, p.siteId, p.key);
  if (uses > 0) throw new AppError(ErrorCodes.contentInUse, { count: uses });
  await repo.deleteParam(ctx.db, id);
  await ctx.audit({ action: 'content.param.delete', targetType: 'content_param', targetId: id, before: { key: p.key } });
}

export async function saveParamGroup(ctx: CallContext, d: { id?: number; names: { 'en-US': string; 'zh-CN': string }; sort: number }) {
  const actor = requireActor(ctx);
  const site = await requireOwnSite(ctx.db, actor);
  authorize(contentPolicy, actor, { hasSite: true }, 'editParams');
  if (d.id && !(await repo.findParamGroupInSubtree(ctx.db, actor, d.id).then((g) => g?.siteId === site.id)))
    throw new AppError(ErrorCodes.notFound);
  return repo.saveParamGroup(ctx.db, d.id ?? null, { siteId: site.id, companyPath: site.companyPath, names: d.names, sort: d.sort });
}

// ----- the site -----

export async function saveSite(ctx: CallContext, d: { name: string; slug: string; domains: string[] }) {
  const actor = requireActor(ctx);
  authorize(contentPolicy, actor, { hasSite: true }, 'editSite');
  const domains = [...new Set(d.domains.map((x) => x.toLowerCase()))];
  if (await repo.siteSlugTaken(ctx.db, d.slug, actor.companyId)) throw new AppError(ErrorCodes.contentSiteSlugTaken, { slug: d.slug });
  const taken = await repo.domainsOfOthers(ctx.db, domains, actor.companyId);
  if (taken.length > 0) throw new AppError(ErrorCodes.contentDomainTaken, { domain: taken[0]! });
  try {
    await repo.upsertOwnSite(ctx.db, actor, { name: d.name, slug: d.slug, domains });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError(ErrorCodes.contentSiteSlugTaken, { slug: d.slug });
    throw e;
  }
  await ctx.audit({ action: 'content.site.save', targetType: 'content_site', targetId: actor.companyId, after: { slug: d.slug, domains } });
  return (await repo.findOwnSite(ctx.db, actor))!;
}

// ----- reserved ids and order -----

/** content/item/id-get: an item id held for the caller's site and a type until the first save. */
export async function reserveItemId(ctx: CallContext, type: ContentType): Promise<{ id: number; expiresAt: number }> {
  const actor = requireActor(ctx);
  const site = await requireOwnSite(ctx.db, actor);
  authorize(contentPolicy, actor, { hasSite: true }, type === 'terms' ? 'editTerms' : 'createItem');
  const now = ctx.clock.now();
  const expiresAt = now + RESERVED_ID_TTL_MS;
  const id = await repo.reserveItemId(ctx.db, {
    siteId: site.id,
    companyPath: site.companyPath,
    type,
    expiresAt: new Date(expiresAt),
    at: new Date(now),
  });
  await ctx.audit({ action: 'content.reserve', targetType: 'content_item', targetId: id, after: { type } });
  return { id, expiresAt };
}

/**
 * content/item/reorder: the given items of one type of the caller's site get sort 0, 1, 2, ... in
 * the given order, all in the call's one transaction (a refusal changes none).
 */
export async function reorderItems(ctx: CallContext, d: { type: ContentType; ids: number[] }): Promise<{ ids: number[] }> {
  const actor = requireActor(ctx);
  // Without a site of its own the caller has no item to order: the ids are unknown (1004).
  const site = await repo.findOwnSite(ctx.db, actor);
  if (!site) throw new AppError(ErrorCodes.notFound);
  authorize(contentPolicy, actor, { hasSite: true }, d.type === 'terms' ? 'editTerms' : 'createItem');
  const found = await repo.itemsOfSite(ctx.db, site.id, d.ids);
  // An id of another site is unknown here (1004); a repeated id or one of another type is 28020.
  if (found.length !== new Set(d.ids).size) throw new AppError(ErrorCodes.notFound);
  if (new Set(d.ids).size !== d.ids.length || found.some((i) => i.type !== d.type)) throw new AppError(ErrorCodes.contentReorderInvalid);
  const now = new Date(ctx.clock.now());
  for (const [i, id] of d.ids.entries()) await repo.setItemSort(ctx.db, id, i, actor.nickname, now);
  await ctx.audit({ action: 'content.reorder', targetType: 'content_site', targetId: site.id, after: { type: d.type, ids: d.ids } });
  return { ids: d.ids };
}
