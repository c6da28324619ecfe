/**
 * Goods (issue 12 §1-§2): sellers build goods on an enabled plan, change prices and stock without
 * review, and move them through goodsMachine; the supplier reviews and delists. Every move is one
 * conditional UPDATE from the machine's source states, under the row lock taken when it was read.
 */
import {
  ErrorCodes,
  goodsMachine,
  storageCalls,
  type GoodsAbility,
  type GoodsAction,
  type GoodsState,
  type StorageGoodsDetail,
} from '@portal/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { requireActor, type Actor, type CallContext } from '../../lib/context';
import { authorize } from '../../lib/policy';
import { mapPage } from '../../lib/tenancy';
import { checkCover, cleanContents } from './goods.content';
import { goodsPolicy } from './goods.policy';
import { goodsSubject, presentGoods, presentGoodsDetail, reviewedFields } from './goods.presenter';
import {
  companiesWithVerifiedPayee,
  findGoodsInScope,
  goodsCodeTaken,
  insertGoods,
  insertPriceHistory,
  listGoodsInScope,
  moveGoods,
  setPriceStock,
  updateGoodsRow,
  type GoodsRow,
} from './goods.repository';
import { findPlan } from './plans.repository';

type Data<K extends keyof typeof storageCalls> = z.output<(typeof storageCalls)[K]['data']>;

const opts = (ctx: CallContext) => ({
  db: ctx.db,
  actor: requireActor(ctx),
  locale: ctx.locale,
  now: ctx.clock.now(),
  linkSecret: ctx.services.config.linkSecret,
});

async function mustFind(ctx: CallContext, goodsId: number): Promise<GoodsRow> {
  const row = await findGoodsInScope(ctx.db, requireActor(ctx), goodsId, { forUpdate: true });
  if (!row) throw new AppError(ErrorCodes.notFound);
  return row;
}

async function authorizeGoods(ctx: CallContext, row: GoodsRow, action: GoodsAbility) {
  const verified = (await companiesWithVerifiedPayee(ctx.db, [row.companyId])).has(row.companyId);
  authorize(goodsPolicy, requireActor(ctx), goodsSubject(row, verified, ctx.clock.now()), action);
}

const isUniqueViolation = (err: unknown, constraint?: string) => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const x = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (x.code === '23505' && (!constraint || x.constraint === constraint || String(x.message ?? '').includes(constraint))) return true;
  }
  return false;
};

export async function goodsList(ctx: CallContext, d: Data<'goodsList'>) {
  const page = await listGoodsInScope(ctx.db, requireActor(ctx), d, d);
  return mapPage(page, (rows) => presentGoods(rows, opts(ctx)));
}

export async function goodsGet(ctx: CallContext, d: Data<'goodsGet'>): Promise<StorageGoodsDetail> {
  const row = await findGoodsInScope(ctx.db, requireActor(ctx), d.goodsId);
  if (!row) throw new AppError(ErrorCodes.notFound);
  return presentGoodsDetail(row, { ...opts(ctx), locale: d.locale ?? ctx.locale });
}

/** The plan to build on (enabled), the sale area (one of the seller's) and the prices against the plan's. */
async function checkFields(ctx: CallContext, db: Db | Tx, actor: Actor, d: Data<'goodsCreate'>, goodsId?: number) {
  const plan = await findPlan(db, d.planId);
  if (!plan) throw new AppError(ErrorCodes.notFound, undefined, `plan ${d.planId}`);
  if (!plan.enabled) throw new AppError(ErrorCodes.planDisabled);
  if (actor.companyType !== 'supplier' && !actor.areaIds.includes(d.areaId)) throw new AppError(ErrorCodes.goodsAreaMismatch);
  if (d.androidPrice < plan.guidePrice) throw new AppError(ErrorCodes.invalidParams, { detail: 'androidPrice' });
  if (d.iosPrice < plan.guidePrice) throw new AppError(ErrorCodes.invalidParams, { detail: 'iosPrice' });
  if (await goodsCodeTaken(db, actor.companyId, d.goodsCode, goodsId)) throw new AppError(ErrorCodes.goodsCodeTaken, { code: d.goodsCode });
  await checkCover(db, actor, d.coverFileId);
  const contents = await cleanContents(db, ctx.services.fileStore, actor, d.contents);
  return { plan, contents };
}

export async function goodsCreate(ctx: CallContext, d: Data<'goodsCreate'>) {
  const actor = requireActor(ctx);
  authorize(
    goodsPolicy,
    actor,
    { status: 'pending_listing', companyId: actor.companyId, free: true, verifiedPayee: true, saleUntil: null, now: 0 },
    'edit',
  );
  const { plan, contents } = await checkFields(ctx, ctx.db, actor, d);
  const now = new Date(ctx.clock.now());
  const row = await insertGoods(ctx.db, {
    companyId: actor.companyId,
    companyPath: actor.companyPath,
    goodsCode: d.goodsCode,
    name: d.name,
    planId: plan.id,
    costPrice: plan.costPrice,
    guidePrice: plan.guidePrice,
    androidPrice: d.androidPrice,
    iosPrice: d.iosPrice,
    stock: d.stock,
    saleUntil: d.saleUntil ? new Date(d.saleUntil) : null,
    areaId: d.areaId,
    coverFileId: d.coverFileId,
    contents,
    status: 'pending_listing',
    createdBy: actor.userId,
    createdAt: now,
    updatedAt: now,
  });
  await insertPriceHistory(ctx.db, {
    goodsId: row.id,
    androidPrice: row.androidPrice,
    iosPrice: row.iosPrice,
    changedBy: actor.userId,
    changedByName: actor.nickname,
    changedAt: now,
  });
  await ctx.audit({ targetType: 'storageGoods', targetId: row.id, after: { name: d.name, goodsCode: d.goodsCode } });
  return presentGoodsDetail(row, opts(ctx));
}

export async function goodsUpdate(ctx: CallContext, d: Data<'goodsUpdate'>) {
  const actor = requireActor(ctx);
  const before = await mustFind(ctx, d.goodsId);
  await authorizeGoods(ctx, before, 'edit');
  const { plan, contents } = await checkFields(ctx, ctx.db, actor, d, before.id);
  const now = new Date(ctx.clock.now());
  const row = await updateGoodsRow(ctx.db, before.id, {
    goodsCode: d.goodsCode,
    name: d.name,
    planId: plan.id,
    costPrice: plan.costPrice,
    guidePrice: plan.guidePrice,
    androidPrice: d.androidPrice,
    iosPrice: d.iosPrice,
    stock: d.stock,
    saleUntil: d.saleUntil ? new Date(d.saleUntil) : null,
    areaId: d.areaId,
    coverFileId: d.coverFileId,
    contents,
    updatedAt: now,
  });
  if (row.androidPrice !== before.androidPrice || row.iosPrice !== before.iosPrice)
    await insertPriceHistory(ctx.db, {
      goodsId: row.id,
      androidPrice: row.androidPrice,
      iosPrice: row.iosPrice,
      changedBy: actor.userId,
      changedByName: actor.nickname,
      changedAt: now,
    });
  await ctx.audit({ targetType: 'storageGoods', targetId: row.id, before: { name: before.name }, after: { name: row.name } });
  return presentGoodsDetail(row, opts(ctx));
}

export async function goodsPriceStock(ctx: CallContext, d: Data<'goodsPriceStock'>) {
  const actor = requireActor(ctx);
  const before = await mustFind(ctx, d.goodsId);
  await authorizeGoods(ctx, before, 'editPriceStock');
  if (d.androidPrice < before.guidePrice) throw new AppError(ErrorCodes.invalidParams, { detail: 'androidPrice' });
  if (d.iosPrice < before.guidePrice) throw new AppError(ErrorCodes.invalidParams, { detail: 'iosPrice' });
  const becomesFree = d.androidPrice === 0 && d.iosPrice === 0;
  const wasFree = before.androidPrice === 0 && before.iosPrice === 0;
  if (!becomesFree && wasFree && before.status !== 'pending_listing') {
    // Paid goods need a verified payee before they are offered (they may be on sale already).
    const verified = (await companiesWithVerifiedPayee(ctx.db, [before.companyId])).has(before.companyId);
    if (!verified) throw new AppError(ErrorCodes.noVerifiedPayee);
  }
  const now = new Date(ctx.clock.now());
  let row: GoodsRow;
  try {
    row = await setPriceStock(ctx.db, before.id, { androidPrice: d.androidPrice, iosPrice: d.iosPrice, stock: d.stock, updatedAt: now });
  } catch (err) {
    if (isUniqueViolation(err, 'storage_goods_one_free_uq')) throw new AppError(ErrorCodes.freeGoodsOnSale);
    throw err;
  }
  if (row.androidPrice !== before.androidPrice || row.iosPrice !== before.iosPrice)
    await insertPriceHistory(ctx.db, {
      goodsId: row.id,
      androidPrice: row.androidPrice,
      iosPrice: row.iosPrice,
      changedBy: actor.userId,
      changedByName: actor.nickname,
      changedAt: now,
    });
  await ctx.audit({
    action: 'priceStock',
    targetType: 'storageGoods',
    targetId: row.id,
    before: { androidPrice: before.androidPrice, iosPrice: before.iosPrice, stock: before.stock },
    after: { androidPrice: row.androidPrice, iosPrice: row.iosPrice, stock: row.stock },
  });
  return presentGoodsDetail(row, opts(ctx));
}

/** One goodsMachine move, conditional on the machine's source states. */
async function move(ctx: CallContext, goodsId: number, action: Exclude<GoodsAction, 'sellOut' | 'restock'>, reason: string | null) {
  const before = await mustFind(ctx, goodsId);
  await authorizeGoods(ctx, before, action);
  const to = goodsMachine.next(before.status as GoodsState, action);
  const from = goodsMachine
    .transitions()
    .filter((t) => t.action === action)
    .map((t) => t.from);
  const now = new Date(ctx.clock.now());
  const patch: Parameters<typeof moveGoods>[3] = { status: to, updatedAt: now };
  if (action === 'reject' || action === 'supplierDelist') patch.statusReason = reason;
  else if (action === 'approve' || action === 'submitReview' || action === 'list' || action === 'revise') patch.statusReason = null;
  if (action === 'approve') patch.approvedSnapshot = reviewedFields(before);
  // Listed with no stock left: straight to sold out, as if the last unit had just been taken.
  if ((action === 'approve' || action === 'list') && before.stock === 0) patch.status = goodsMachine.next('listed', 'sellOut');
  let row: GoodsRow | null;
  try {
    row = await moveGoods(ctx.db, before.id, from, patch);
  } catch (err) {
    if (isUniqueViolation(err, 'storage_goods_one_free_uq')) throw new AppError(ErrorCodes.freeGoodsOnSale);
    throw err;
  }
  if (!row) throw new AppError(ErrorCodes.illegalTransition, undefined, `${action} from ${before.status}`);
  await ctx.audit({
    action,
    targetType: 'storageGoods',
    targetId: row.id,
    before: { status: before.status },
    after: { status: row.status, reason },
  });
  return (await presentGoods([row], opts(ctx)))[0]!;
}

export const goodsOperate = (ctx: CallContext, d: Data<'goodsOperate'>) => move(ctx, d.goodsId, d.action, null);

export async function goodsReview(ctx: CallContext, d: Data<'goodsReview'>) {
  if ((d.action === 'reject' || d.action === 'supplierDelist') && !d.reason)
    throw new AppError(ErrorCodes.invalidParams, { detail: 'reason' });
  return move(ctx, d.goodsId, d.action, d.reason ?? null);
}
