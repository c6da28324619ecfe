/** Rows -> the contract's content shapes, with the caller's abilities from the policies. */
import type {
  ContentItem,
  ContentRevision,
  ContentSchedule,
  ContentSite,
  ContentShared,
  ContentState,
  Locale,
  ParamDef,
  ParamGroup,
} from '@portal/contract';
import { allowedActions } from '../../lib/policy';
import type { Actor } from '../../lib/context';
import type { Db, Tx } from '../../db/client';
import type { RevisionData } from './content.rules';
import { itemPolicy, translationPolicy } from './content.policy';
import { toRichTextDoc } from './rich-text';
import {
  revisionsByIds,
  translationsOf,
  type ItemRow,
  type ParamGroupRow,
  type ParamRow,
  type RevisionRow,
  type ScheduleRow,
  type SiteWithCompany,
} from './content.repository';

/** A site; its domains only for a caller holding the site settings' code (`showDomains`, SPEC §6 dealer_customweb_qry). */
export function presentSite(s: SiteWithCompany, showDomains = true): ContentSite {
  return {
    id: s.id,
    companyId: s.companyId,
    companyName: s.companyName,
    slug: s.slug,
    name: s.name,
    locales: s.locales as Locale[],
    domains: showDomains ? s.domains : [],
  };
}

/** The shared fields of an item as the editor sees them (params inside). */
export function sharedOf(item: ItemRow): ContentShared {
  const shared = { ...(item.shared as ContentShared) };
  if (item.type === 'product') shared.params = item.params as ContentShared['params'];
  return shared;
}

/** Items with every translation (its latest draft, read from its latest revision) and the caller's actions. */
export async function presentItems(db: Db | Tx, actor: Actor, ownSiteId: number | null, rows: ItemRow[]): Promise<ContentItem[]> {
  const trs = await translationsOf(
    db,
    rows.map((r) => r.id),
  );
  const revs = await revisionsByIds(
    db,
    trs.map((t) => t.latestRevisionId).filter((x): x is number => x !== null),
  );
  const revById = new Map(revs.map((r) => [r.id, r]));
  return rows.map((item) => {
    const ownSite = item.siteId === ownSiteId;
    return {
      id: item.id,
      siteId: item.siteId,
      type: item.type as ContentItem['type'],
      shared: sharedOf(item),
      version: item.version,
      updatedAt: item.updatedAt.getTime(),
      updatedByName: item.updatedByName,
      actions: allowedActions(itemPolicy, actor, { ownSite, type: item.type as ContentItem['type'] }),
      translations: trs
        .filter((t) => t.itemId === item.id)
        .map((t) => {
          const data = (t.latestRevisionId ? revById.get(t.latestRevisionId)?.data : null) as RevisionData | null;
          const tr = data?.translation;
          const hasUnreleasedChanges = t.latestRevisionId !== t.releasedRevisionId;
          return {
            locale: t.locale as Locale,
            state: t.state as ContentState,
            title: tr?.title ?? t.title,
            slug: tr?.slug ?? t.slug,
            summary: tr?.summary ?? '',
            body: toRichTextDoc(tr?.body),
            seoTitle: tr?.seoTitle ?? '',
            seoDescription: tr?.seoDescription ?? '',
            noindex: tr?.noindex ?? false,
            ogImage: tr?.ogImage ?? '',
            canonical: tr?.canonical ?? '',
            latestRevisionId: t.latestRevisionId,
            releasedRevisionId: t.releasedRevisionId,
            hasUnreleasedChanges,
            releasedAt: t.releasedAt?.getTime() ?? null,
            reason: t.reason,
            actions: allowedActions(translationPolicy, actor, {
              ownSite,
              state: t.state as ContentState,
              hasUnreleasedChanges,
              reason: t.reason,
              type: item.type as ContentItem['type'],
            }),
          };
        }),
    };
  });
}

export function presentRevision(r: RevisionRow): ContentRevision {
  return {
    id: r.id,
    itemId: r.itemId,
    locale: r.locale as Locale,
    n: r.n,
    authorName: r.authorName,
    createdAt: r.createdAt.getTime(),
    released: r.released,
    diff: r.diff as ContentRevision['diff'],
  };
}

export function presentSchedule(r: ScheduleRow & { itemType: string; itemTitle: string }): ContentSchedule {
  return {
    id: r.id,
    itemId: r.itemId,
    itemType: r.itemType as ContentSchedule['itemType'],
    itemTitle: r.itemTitle,
    locale: r.locale as Locale,
    action: r.action as ContentSchedule['action'],
    runAt: r.runAt.getTime(),
    revisionId: r.revisionId,
    state: r.state as ContentSchedule['state'],
    reason: r.reason,
    createdByName: r.createdByName,
  };
}

export function presentParam(p: ParamRow): ParamDef {
  return {
    id: p.id,
    key: p.key,
    groupId: p.groupId,
    names: p.names as ParamDef['names'],
    type: p.type as ParamDef['type'],
    unit: p.unit,
    options: p.options as ParamDef['options'],
    filterable: p.filterable,
    comparable: p.comparable,
    sort: p.sort,
  };
}

export function presentParamGroup(g: ParamGroupRow): ParamGroup {
  return { id: g.id, names: g.names as ParamGroup['names'], sort: g.sort };
}
