/** The cloud storage calls (contract storageCalls): plans, goods, review and payees. */
import { storageCalls } from '@portal/contract';
import { requireActor } from '../../lib/context';
import { definePolicy, needsCode, refuse, allowedActions } from '../../lib/policy';
import { implement, type CallImpl } from '../../lib/implement';
import { CLOUD_STORAGE_ACTIONS, ErrorCodes, type CloudStorageAction } from '@portal/contract';
import { goodsCreate, goodsGet, goodsList, goodsOperate, goodsPriceStock, goodsReview, goodsUpdate } from './goods.service';
import { payeeDefault, payeeList, payeeRemove, payeeSave, payeeTest } from './payees.service';
import { isSupplier } from './plans.policy';
import { planCreate, planList, planOperate, planUpdate } from './plans.service';
import { settingGet, settingSave } from './settings.service';

/**
 * The module's own actions: create goods and internal purchases (storage manager), review and plans
 * (the supplier's), read the order settings (a cloud storage setting code, what storage/setting/get asks).
 */
export const cloudStoragePolicy = definePolicy<CloudStorageAction, null>({
  name: 'cloud storage',
  actions: CLOUD_STORAGE_ACTIONS,
  refusal(actor, _s, action) {
    if (action === 'readOrderSettings') return needsCode(actor, 'dealer_cldstorage_setting_qry', 'dealer_cldstorage_setting_mgr');
    const noCode = needsCode(actor, 'dealer_storage_mgr');
    if (noCode) return noCode;
    if ((action === 'review' || action === 'managePlans') && !isSupplier(actor)) return refuse(ErrorCodes.forbidden, 'the supplier’s');
    return null;
  },
});

const otherGoods = (fx: { otherGoodsId: number }) => ({ goodsId: fx.otherGoodsId });
const ownPayees = "names only the caller's own company's payee accounts";
const ownSettings = "names only the caller's own company's order settings";
const plans = 'plans are the supplier’s catalogue, not tenant data (supplier-only writes)';

const fields = {
  name: 'Taken over',
  goodsCode: 'TAKEN-1',
  androidPrice: 1000,
  iosPrice: 1000,
  stock: null,
  saleUntil: null,
};

export const storageImpls: CallImpl[] = [
  implement(storageCalls.abilities, { none: "answers the caller's own abilities; names no tenant object" }, async (ctx) => ({
    actions: allowedActions(cloudStoragePolicy, requireActor(ctx), null),
  })),
  implement(storageCalls.planList, { none: plans }, (ctx, d) => planList(ctx, d)),
  implement(storageCalls.planCreate, { none: plans }, (ctx, d) => planCreate(ctx, d)),
  implement(storageCalls.planUpdate, { none: plans }, (ctx, d) => planUpdate(ctx, d)),
  implement(storageCalls.planOperate, { none: plans }, (ctx, d) => planOperate(ctx, d)),
  implement(storageCalls.goodsList, { none: "lists goods of the caller's subtree and area only" }, (ctx, d) => goodsList(ctx, d)),
  implement(storageCalls.goodsGet, { otherTenant: otherGoods }, (ctx, d) => goodsGet(ctx, d)),
  implement(storageCalls.goodsCreate, { none: "creates goods of the caller's own company (cover and images must be its own)" }, (ctx, d) =>
    goodsCreate(ctx, d),
  ),
  implement(
    storageCalls.goodsUpdate,
    {
      otherTenant: (fx) => ({
        goodsId: fx.otherGoodsId,
        ...fields,
        planId: 1,
        areaId: 1,
        coverFileId: fx.otherFileId,
        contents: { 'en-US': { graphic: 'x', terms: 'x', detailImageIds: [] } },
      }),
    },
    (ctx, d) => goodsUpdate(ctx, d),
  ),
  implement(
    storageCalls.goodsPriceStock,
    { otherTenant: (fx) => ({ goodsId: fx.otherGoodsId, androidPrice: 5000, iosPrice: 5000, stock: 1 }) },
    (ctx, d) => goodsPriceStock(ctx, d),
  ),
  implement(storageCalls.goodsOperate, { otherTenant: (fx) => ({ goodsId: fx.otherGoodsId, action: 'delist' }) }, (ctx, d) =>
    goodsOperate(ctx, d),
  ),
  implement(
    storageCalls.goodsReview,
    { otherTenant: (fx) => ({ goodsId: fx.otherGoodsId, action: 'supplierDelist', reason: 'x' }) },
    (ctx, d) => goodsReview(ctx, d),
  ),
  implement(storageCalls.payeeList, { none: ownPayees }, (ctx) => payeeList(ctx)),
  implement(storageCalls.payeeSave, { none: ownPayees }, (ctx, d) => payeeSave(ctx, d)),
  implement(storageCalls.payeeTest, { none: ownPayees }, (ctx, d) => payeeTest(ctx, d)),
  implement(storageCalls.payeeRemove, { none: ownPayees }, (ctx, d) => payeeRemove(ctx, d)),
  implement(storageCalls.payeeDefault, { none: ownPayees }, (ctx, d) => payeeDefault(ctx, d)),
  implement(storageCalls.settingGet, { none: ownSettings }, (ctx) => settingGet(ctx)),
  implement(storageCalls.settingSave, { none: ownSettings }, (ctx, d) => settingSave(ctx, d)),
];
