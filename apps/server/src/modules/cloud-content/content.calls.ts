/** The content site's calls (contract contentCalls): thin, over content.service and content.repository. */
import { contentCalls, ErrorCodes, LOCALES, type ContentState, type ContentType, type Locale } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { requireActor, type Actor } from '../../lib/context';
import { implement, type CallImpl } from '../../lib/implement';
import { allowedActions } from '../../lib/policy';
import { mapPage } from '../../lib/tenancy';
import { contentPolicy, CUSTOMWEB_CODE } from './content.policy';
import { presentItems, presentParam, presentParamGroup, presentRevision, presentSchedule, presentSite } from './content.presenter';
import * as repo from './content.repository';
import * as service from './content.service';
import { createProductExport, importProducts } from './products.sheet';
import { previewLink } from './site.preview';
import { richTextParagraphs, type RevisionData } from './content.rules';
import { seoGaps } from './seo';
import { toRichTextDoc } from './rich-text';

/** The site's domains and its terms are read with dealer_customweb_qry too (SPEC §6). */
const seesWeb = (actor: Actor) => actor.authResList.has(CUSTOMWEB_CODE);
function requireTermsCode(actor: Actor, type: string) {
  if (type === 'terms' && !seesWeb(actor)) throw new AppError(ErrorCodes.forbidden, undefined, `needs ${CUSTOMWEB_CODE}`);
}

const otherItem = (fx: { otherContentItemId: number }) => ({ id: fx.otherContentItemId });

async function present(ctx: Parameters<CallImpl['handler']>[0], row: repo.ItemRow) {
  const actor = requireActor(ctx);
  const own = await repo.findOwnSite(ctx.db, actor);
  return (await presentItems(ctx.db, actor, own?.id ?? null, [row]))[0]!;
}

export const contentImpls: readonly CallImpl[] = [
  implement(contentCalls.abilities, { none: "the caller's own abilities" }, async (ctx) => {
    const actor = requireActor(ctx);
    const site = await repo.findOwnSite(ctx.db, actor);
    return { actions: allowedActions(contentPolicy, actor, { hasSite: !!site }) };
  }),
  implement(contentCalls.siteGet, { otherTenant: (fx) => ({ siteId: fx.otherContentSiteId }) }, async (ctx, d) => {
    const actor = requireActor(ctx);
    const site = await service.readableSite(ctx.db, actor, d.siteId);
    return { site: site ? presentSite(site, seesWeb(actor)) : null };
  }),
  implement(contentCalls.siteList, { none: "the caller's subtree only (content.test.ts)" }, async (ctx, d) => {
    const actor = requireActor(ctx);
    return mapPage(await repo.listSitesInSubtree(ctx.db, actor, d), (rows) => rows.map((s) => presentSite(s, seesWeb(actor))));
  }),
  implement(contentCalls.siteSave, { none: "the caller's own site" }, async (ctx, d) => presentSite(await service.saveSite(ctx, d))),
  implement(contentCalls.itemList, { otherTenant: (fx) => ({ siteId: fx.otherContentSiteId, type: 'product' }) }, async (ctx, d) => {
    const actor = requireActor(ctx);
    const site = await service.readableSite(ctx.db, actor, d.siteId);
    requireTermsCode(actor, d.type);
    if (!site) return { records: [], total: 0, pageNum: d.pageNum, pageSize: d.pageSize };
    const own = await repo.findOwnSite(ctx.db, actor);
    const page = await repo.listItems(ctx.db, { ...d, siteId: site.id }, d);
    return mapPage(page, (rows) => presentItems(ctx.db, actor, own?.id ?? null, rows));
  }),
  implement(contentCalls.itemGet, { otherTenant: otherItem }, async (ctx, d) => {
    const actor = requireActor(ctx);
    const { item } = await service.itemForCaller(ctx.db, actor, d.id);
    requireTermsCode(actor, item.type);
    return present(ctx, item);
  }),
  implement(contentCalls.itemPreviewLink, { otherTenant: (fx) => ({ id: fx.otherContentItemId, locale: 'en-US' as const }) }, (ctx, d) =>
    previewLink(ctx, d),
  ),
  implement(
    contentCalls.itemCreate,
    { none: "creates on the caller's own site (a reserved id of another is 28019, content-calls.test.ts)" },
    async (ctx, d) => present(ctx, await service.createItem(ctx, d)),
  ),
  implement(contentCalls.itemIdGet, { none: "reserves on the caller's own site" }, async (ctx, d) => service.reserveItemId(ctx, d.type)),
  implement(
    contentCalls.itemReorder,
    { otherTenant: (fx) => ({ type: 'product' as const, ids: [fx.otherContentItemId] }) },
    async (ctx, d) => service.reorderItems(ctx, d),
  ),
  implement(
    contentCalls.itemSave,
    { otherTenant: (fx) => ({ id: fx.otherContentItemId, version: 1, locale: 'en-US' as const, translation: { title: 'Taken' } }) },
    async (ctx, d) => present(ctx, await service.saveItem(ctx, d)),
  ),
  implement(
    contentCalls.itemOperate,
    { otherTenant: (fx) => ({ id: fx.otherContentItemId, locale: 'en-US' as const, action: 'release' as const }) },
    async (ctx, d) => present(ctx, await service.operate(ctx, d)),
  ),
  implement(contentCalls.itemDelete, { otherTenant: otherItem }, async (ctx, d) => {
    await service.deleteItem(ctx, d.id);
    return {};
  }),
  implement(
    contentCalls.revisionList,
    { otherTenant: (fx) => ({ itemId: fx.otherContentItemId, locale: 'en-US' as const }) },
    async (ctx, d) => {
      const { item } = await service.itemForCaller(ctx.db, requireActor(ctx), d.itemId);
      return mapPage(await repo.listRevisions(ctx.db, item.id, d.locale, d), (rows) => rows.map(presentRevision));
    },
  ),
  implement(
    contentCalls.revisionRestore,
    { otherTenant: (fx) => ({ revisionId: fx.otherContentRevisionId, version: 1 }) },
    async (ctx, d) => present(ctx, await service.restoreRevision(ctx, d)),
  ),
  implement(
    contentCalls.scheduleCreate,
    {
      otherTenant: (fx) => ({
        itemId: fx.otherContentItemId,
        locale: 'en-US' as const,
        action: 'release' as const,
        runAt: Date.UTC(2030, 0, 1),
      }),
    },
    async (ctx, d) => presentSchedule(await service.createSchedule(ctx, d)),
  ),
  implement(contentCalls.scheduleCancel, { otherTenant: (fx) => ({ id: fx.otherContentScheduleId }) }, async (ctx, d) =>
    presentSchedule(await service.cancelSchedule(ctx, d.id)),
  ),
  implement(contentCalls.scheduleList, { otherTenant: (fx) => ({ siteId: fx.otherContentSiteId }) }, async (ctx, d) => {
    const actor = requireActor(ctx);
    if (d.itemId) await service.itemForCaller(ctx.db, actor, d.itemId);
    const site = await service.readableSite(ctx.db, actor, d.siteId);
    if (!site) return { records: [], total: 0, pageNum: d.pageNum, pageSize: d.pageSize };
    return mapPage(await repo.listSchedules(ctx.db, { siteId: site.id, itemId: d.itemId, state: d.state }, d), (rows) =>
      rows.map(presentSchedule),
    );
  }),
  implement(contentCalls.paramGroupList, { otherTenant: (fx) => ({ siteId: fx.otherContentSiteId }) }, async (ctx, d) => {
    const site = await service.readableSite(ctx.db, requireActor(ctx), d.siteId);
    return site ? (await repo.paramGroupsOfSite(ctx.db, site.id)).map(presentParamGroup) : [];
  }),
  implement(contentCalls.paramGroupSave, { none: "the caller's own site (an id of another is 1004, content.test.ts)" }, async (ctx, d) =>
    presentParamGroup(await service.saveParamGroup(ctx, d)),
  ),
  implement(contentCalls.paramList, { otherTenant: (fx) => ({ siteId: fx.otherContentSiteId }) }, async (ctx, d) => {
    const site = await service.readableSite(ctx.db, requireActor(ctx), d.siteId);
    return site ? (await repo.paramsOfSite(ctx.db, site.id)).map(presentParam) : [];
  }),
  implement(contentCalls.paramSave, { none: "the caller's own site (an id of another is 1004, content.test.ts)" }, async (ctx, d) =>
    presentParam(await service.saveParam(ctx, d)),
  ),
  implement(contentCalls.paramDelete, { otherTenant: (fx) => ({ id: fx.otherContentParamId }) }, async (ctx, d) => {
    await service.deleteParam(ctx, d.id);
    return {};
  }),
  implement(contentCalls.overview, { otherTenant: (fx) => ({ siteId: fx.otherContentSiteId }) }, async (ctx, d) => {
    const actor = requireActor(ctx);
    const site = await service.readableSite(ctx.db, actor, d.siteId);
    if (!site)
      return {
        site: null,
        counts: [],
        missingTranslations: [],
        pendingSchedules: 0,
        failedSchedules: [],
        missingDescriptions: 0,
        duplicateTitles: 0,
        imagesWithoutAlt: 0,
        brokenLinks: 0,
      };
    const sched = await repo.scheduleCounts(ctx.db, site.id);
    const gaps = await siteSeoGaps(ctx.db, site);
    const n = (kind: string) => gaps.filter((g) => g.kind === kind).length;
    return {
      site: presentSite(site, seesWeb(actor)),
      counts: (await repo.stateCounts(ctx.db, site.id)).map((c) => ({
        type: c.type as ContentType,
        locale: c.locale as Locale,
        state: c.state as ContentState,
        count: c.count,
      })),
      missingTranslations: (await repo.missingTranslationCounts(ctx.db, site.id, site.locales)).map((m) => ({
        locale: m.locale as Locale,
        count: m.count,
      })),
      pendingSchedules: sched.pending,
      failedSchedules: (await repo.withItemTitles(ctx.db, sched.failed)).map(presentSchedule),
      missingDescriptions: n('missingDescription'),
      duplicateTitles: n('duplicateTitle'),
      imagesWithoutAlt: n('imageWithoutAlt'),
      brokenLinks: n('brokenLink'),
    };
  }),
  implement(contentCalls.seoList, { otherTenant: (fx) => ({ siteId: fx.otherContentSiteId }) }, async (ctx, d) => {
    const site = await service.readableSite(ctx.db, requireActor(ctx), d.siteId);
    return { gaps: site ? await siteSeoGaps(ctx.db, site) : [] };
  }),
  implement(contentCalls.installerFaqList, { none: "the caller's brand's released installer FAQs (read-only)" }, async (ctx, d) => {
    const actor = requireActor(ctx);
    const site = await repo.unsafeBrandSiteAbove(ctx.db, actor.companyPath);
    if (!site) return { records: [], total: 0, pageNum: d.pageNum, pageSize: d.pageSize };
    const locale: Locale = LOCALES.includes(ctx.locale) ? ctx.locale : 'en-US';
    const all = { pageNum: 1, pageSize: 1000 };
    const types = (await repo.releasedOfType(ctx.db, site.id, 'faq_type', locale, all)).records;
    const typeSort = (id: number | null | undefined) => {
      const t = types.find((x) => x.itemId === id);
      return t ? ((t.data as RevisionData).shared.sort ?? 0) : Number.MAX_SAFE_INTEGER;
    };
    const needle = d.searchText?.toLowerCase();
    const faqs = (await repo.releasedOfType(ctx.db, site.id, 'installer_faq', locale, all)).records
      .map((r) => ({ r, data: r.data as RevisionData }))
      .filter(({ data }) => data.shared.audience === 'installer' || data.shared.audience === 'both')
      .filter(
        ({ r, data }) =>
          !needle ||
          r.title.toLowerCase().includes(needle) ||
          richTextParagraphs(data.translation.body).some((p) => p.toLowerCase().includes(needle)),
      )
      .sort(
        (a, b) =>
          typeSort(a.data.shared.faqTypeId) - typeSort(b.data.shared.faqTypeId) ||
          (a.data.shared.sort ?? 0) - (b.data.shared.sort ?? 0) ||
          a.r.itemId - b.r.itemId,
      );
    const start = (d.pageNum - 1) * d.pageSize;
    return {
      records: faqs.slice(start, start + d.pageSize).map(({ r, data }) => ({
        id: r.itemId,
        locale: r.locale as Locale,
        typeId: data.shared.faqTypeId ?? null,
        typeTitle: types.find((t) => t.itemId === data.shared.faqTypeId)?.title ?? '',
        question: r.title,
        answer: toRichTextDoc(data.translation.body),
        sort: data.shared.sort ?? 0,
      })),
      total: faqs.length,
      pageNum: d.pageNum,
      pageSize: d.pageSize,
    };
  }),
  implement(contentCalls.productSet, { none: "the caller's brand's released catalogue (public on its site)" }, async (ctx, d) => {
    const actor = requireActor(ctx);
    const site = await repo.unsafeBrandSiteAbove(ctx.db, actor.companyPath);
    if (!site) return { records: [], total: 0, pageNum: d.pageNum, pageSize: d.pageSize };
    const locale: Locale = LOCALES.includes(ctx.locale) ? ctx.locale : 'en-US';
    const page = await repo.releasedOfType(ctx.db, site.id, 'product', locale, d, d.searchText);
    const cats = await repo.releasedOfType(ctx.db, site.id, 'product_category', locale, { pageNum: 1, pageSize: 100 });
    return mapPage(page, (rows) =>
      rows.map((r) => {
        const data = r.data as RevisionData;
        return {
          id: r.itemId,
          model: data.shared.model ?? '',
          title: r.title,
          locale: r.locale as Locale,
          categoryTitle: cats.records.find((c) => c.itemId === data.shared.categoryId)?.title ?? '',
          discontinued: !!data.shared.discontinued,
          summary: data.translation.summary,
        };
      }),
    );
  }),
  implement(contentCalls.productExport, { otherTenant: (fx) => ({ categoryId: fx.otherContentItemId }) }, async (ctx, d) =>
    createProductExport(ctx, d),
  ),
  implement(contentCalls.productImport, { otherTenant: (fx) => ({ fileId: fx.otherFileId }) }, async (ctx, d) =>
    importProducts(ctx, d.fileId),
  ),
  implement(contentCalls.publicTerms, { none: "public: the released terms of the host's brand" }, async (ctx, d) => {
    const host = d.host.toLowerCase().replace(/:\d+$/, '');
    const companyId = await repo.unsafeCompanyOfHost(ctx.db, host);
    const site = companyId ? await repo.unsafeSiteOfCompany(ctx.db, companyId) : null;
    if (!site) return { terms: null };
    const page = await repo.releasedOfType(ctx.db, site.id, 'terms', ctx.locale, { pageNum: 1, pageSize: 50 });
    const row = page.records
      .filter((r) => (r.data as RevisionData).shared.termType === d.type)
      .sort((a, b) =>
        ((b.data as RevisionData).shared.effectiveDate ?? '').localeCompare((a.data as RevisionData).shared.effectiveDate ?? ''),
      )[0];
    if (!row) return { terms: null };
    const data = row.data as RevisionData;
    return {
      terms: { title: row.title, effectiveDate: data.shared.effectiveDate ?? '', paragraphs: richTextParagraphs(data.translation.body) },
    };
  }),
];

/** The SEO gaps of a site's released translations (the overview's counts, the SEO tab's list). */
async function siteSeoGaps(db: Parameters<typeof repo.releasedOfSite>[0], site: repo.SiteWithCompany) {
  return seoGaps(await repo.releasedOfSite(db, site.id), site, await repo.redirectsOfSite(db, site.id));
}
