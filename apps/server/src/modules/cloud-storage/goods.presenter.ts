/**
 * Goods rows to the contract's StorageGoods (list) and StorageGoodsDetail (get and writes): names,
 * signed image links, cost only for the supplier and owners, the caller's `actions` from the
 * policy, the price history, and what changed since the last approval.
 */
import {
  errorMessage,
  isKnownErrorCode,
  STORAGE_CURRENCY,
  type GoodsChange,
  type Locale,
  type StorageGoods,
  type StorageGoodsDetail,
} from '@portal/contract';
import type { Db, Tx } from '../../db/client';
import type { StoredGoodsContent } from '../../db/schema';
import type { Actor } from '../../lib/context';
import { callerFileLinkUrl } from '../../lib/files';
import { allowedActions } from '../../lib/policy';
import { goodsPolicy, type GoodsSubject } from './goods.policy';
import { companiesWithVerifiedPayee, goodsFacts, priceHistory, type GoodsRow } from './goods.repository';
import { seesCost } from './plans.policy';

export interface PresentOptions {
  db: Db | Tx;
  actor: Actor;
  locale: Locale;
  now: number;
  linkSecret: string;
}

/** The reason kept beside the state: the supplier's own words, or a catalogue code shown in the reader's language. */
export function reasonText(stored: string | null, locale: Locale): string | null {
  if (!stored) return null;
  const m = /^code:(\d+)$/.exec(stored);
  if (m && isKnownErrorCode(Number(m[1]))) return errorMessage(Number(m[1]) as never, locale);
  return stored;
}

export const goodsSubject = (r: GoodsRow, verifiedPayee: boolean, now: number): GoodsSubject => ({
  status: r.status,
  companyId: r.companyId,
  free: r.androidPrice === 0 && r.iosPrice === 0,
  verifiedPayee,
  saleUntil: r.saleUntil ? r.saleUntil.getTime() : null,
  now,
});

/** The reviewed fields: what the review compares with the last approval (prices and stock change without review). */
export function reviewedFields(r: Pick<GoodsRow, 'name' | 'goodsCode' | 'planId' | 'saleUntil' | 'areaId' | 'coverFileId' | 'contents'>) {
  const c = (l: 'en-US' | 'zh-CN', k: keyof StoredGoodsContent) => {
    const v = r.contents[l]?.[k];
    return v === undefined ? null : Array.isArray(v) ? v.map((i) => i.fileId).join(',') : v;
  };
  return {
    name: r.name,
    goodsCode: r.goodsCode,
    planId: String(r.planId),
    saleUntil: r.saleUntil ? r.saleUntil.toISOString() : null,
    areaId: String(r.areaId),
    coverFileId: String(r.coverFileId),
    'graphic.en-US': c('en-US', 'graphic'),
    'terms.en-US': c('en-US', 'terms'),
    'detailImages.en-US': c('en-US', 'detailImages'),
    'graphic.zh-CN': c('zh-CN', 'graphic'),
    'terms.zh-CN': c('zh-CN', 'terms'),
    'detailImages.zh-CN': c('zh-CN', 'detailImages'),
  } as Record<string, string | null>;
}

export function changesSince(snapshot: Record<string, unknown> | null, now: Record<string, string | null>): GoodsChange[] {
  if (!snapshot) return [];
  return Object.entries(now)
    .filter(([k, v]) => (snapshot[k] ?? null) !== v)
    .map(([field, after]) => ({ field, before: (snapshot[field] as string | null | undefined) ?? null, after }));
}

export async function presentGoods(rows: GoodsRow[], o: PresentOptions): Promise<StorageGoods[]> {
  return (await present(rows, o, false)) as StorageGoods[];
}

export async function presentGoodsDetail(row: GoodsRow, o: PresentOptions): Promise<StorageGoodsDetail> {
  return (await present([row], o, true))[0] as StorageGoodsDetail;
}

async function present(rows: GoodsRow[], o: PresentOptions, detail: boolean): Promise<(StorageGoods | StorageGoodsDetail)[]> {
  if (rows.length === 0) return [];
  const imageIds = (r: GoodsRow) => [
    r.coverFileId,
    ...(detail ? [...(r.contents['en-US']?.detailImages ?? []), ...(r.contents['zh-CN']?.detailImages ?? [])].map((i) => i.fileId) : []),
  ];
  const { names, plans, areaNames, paths } = await goodsFacts(o.db, rows, [...new Set(rows.flatMap(imageIds))], o.locale);
  const payees = await companiesWithVerifiedPayee(o.db, [...new Set(rows.map((r) => r.companyId))]);
  const nameOf = new Map(names.map((c) => [c.id, c.name]));
  const planOf = new Map(plans.map((p) => [p.id, p]));
  const areaOf = new Map(areaNames.map((a) => [a.id, a.name]));
  const pathOf = new Map(paths.map((f) => [f.id, f.path]));
  const url = (fileId: number) => {
    const path = pathOf.get(fileId);
    return path ? callerFileLinkUrl(o.actor, path, o.linkSecret, o.now) : '';
  };
  const out: (StorageGoods | StorageGoodsDetail)[] = [];
  for (const r of rows) {
    const plan = planOf.get(r.planId);
    const base: StorageGoods = {
      goodsId: r.id,
      goodsCode: r.goodsCode,
      name: r.name,
      companyId: r.companyId,
      companyName: nameOf.get(r.companyId) ?? '',
      planId: r.planId,
      planName: plan?.name ?? '',
      storageValue: plan?.storageValue ?? 0,
      storageUnit: (plan?.storageUnit ?? 'day') as StorageGoods['storageUnit'],
      serviceDays: plan?.serviceDays ?? 0,
      androidPrice: r.androidPrice,
      iosPrice: r.iosPrice,
      guidePrice: r.guidePrice,
      costPrice: seesCost(o.actor) ? r.costPrice : null,
      currency: r.currency || STORAGE_CURRENCY,
      stock: r.stock,
      free: r.androidPrice === 0 && r.iosPrice === 0,
      saleUntil: r.saleUntil ? r.saleUntil.getTime() : null,
      areaId: r.areaId,
      areaName: areaOf.get(r.areaId) ?? '',
      coverFileId: r.coverFileId,
      coverUrl: url(r.coverFileId),
      status: r.status as StorageGoods['status'],
      statusReason: reasonText(r.statusReason, o.locale),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      actions: allowedActions(goodsPolicy, o.actor, goodsSubject(r, payees.has(r.companyId), o.now)),
    };
    if (!detail) {
      out.push(base);
      continue;
    }
    const content = (c: StoredGoodsContent | undefined) =>
      c ? { graphic: c.graphic, terms: c.terms, detailImages: c.detailImages.map((i) => ({ ...i, url: url(i.fileId) })) } : null;
    const history = await priceHistory(o.db, r.id);
    out.push({
      ...base,
      contents: { 'en-US': content(r.contents['en-US'])!, 'zh-CN': content(r.contents['zh-CN']) },
      changes: changesSince(r.approvedSnapshot, reviewedFields(r)),
      everApproved: r.approvedSnapshot !== null,
      priceHistory: history.map((h) => ({
        androidPrice: h.androidPrice,
        iosPrice: h.iosPrice,
        at: h.changedAt.toISOString(),
        by: h.changedByName,
      })),
    });
  }
  return out;
}
