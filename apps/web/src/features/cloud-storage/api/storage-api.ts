/** Calls of cloud storage goods (contract storageCalls): one query-key factory, a hook per call. */
import { storageCalls, storageOrderCalls, type CallData, type CloudStorageAction } from '@portal/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

export type GoodsListQuery = CallData<typeof storageCalls.goodsList>;
export type PlanListQuery = CallData<typeof storageCalls.planList>;
export type GoodsFields = CallData<typeof storageCalls.goodsCreate>;
export type PlanFields = CallData<typeof storageCalls.planCreate>;

export const storageKeys = {
  all: ['storage'] as const,
  abilities: () => [...storageKeys.all, 'abilities'] as const,
  plans: () => [...storageKeys.all, 'plans'] as const,
  planList: (q: PlanListQuery) => [...storageKeys.plans(), q] as const,
  goods: () => [...storageKeys.all, 'goods'] as const,
  goodsList: (q: GoodsListQuery) => [...storageKeys.goods(), 'list', q] as const,
  goodsDetail: (goodsId: number) => [...storageKeys.goods(), 'detail', goodsId] as const,
  settings: () => [...storageKeys.all, 'settings'] as const,
};

export function useStorageAbilities() {
  const q = useQuery({
    queryKey: storageKeys.abilities(),
    queryFn: ({ signal }) => call(storageCalls.abilities, {}, { signal }),
    staleTime: 5 * 60_000,
  });
  return { ...q, can: (a: CloudStorageAction) => !!q.data?.actions.includes(a) };
}

export const usePlanList = (q: PlanListQuery) =>
  useQuery({
    queryKey: storageKeys.planList(q),
    queryFn: ({ signal }) => call(storageCalls.planList, q, { signal }),
    placeholderData: keepPreviousData,
  });

export const useGoodsList = (q: GoodsListQuery) =>
  useQuery({
    queryKey: storageKeys.goodsList(q),
    queryFn: ({ signal }) => call(storageCalls.goodsList, q, { signal }),
    placeholderData: keepPreviousData,
  });

export const useGoodsDetail = (goodsId: number | null) =>
  useQuery({
    queryKey: storageKeys.goodsDetail(goodsId ?? 0),
    queryFn: ({ signal }) => call(storageCalls.goodsGet, { goodsId: goodsId! }, { signal }),
    enabled: goodsId !== null,
  });

function useInvalidating<D>(run: (d: D) => Promise<unknown>, key: readonly unknown[]) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => qc.invalidateQueries({ queryKey: key }) });
}

export const useSavePlan = () =>
  useInvalidating(
    ({ planId, ...d }: PlanFields & { planId?: number }) =>
      planId ? call(storageCalls.planUpdate, { ...d, planId }) : call(storageCalls.planCreate, d),
    storageKeys.all,
  );
export const useOperatePlan = () =>
  useInvalidating((d: CallData<typeof storageCalls.planOperate>) => call(storageCalls.planOperate, d), storageKeys.plans());
export const useSaveGoods = () =>
  useInvalidating(
    ({ goodsId, ...d }: GoodsFields & { goodsId?: number }) =>
      goodsId ? call(storageCalls.goodsUpdate, { ...d, goodsId }) : call(storageCalls.goodsCreate, d),
    storageKeys.goods(),
  );
export const usePriceStock = () =>
  useInvalidating((d: CallData<typeof storageCalls.goodsPriceStock>) => call(storageCalls.goodsPriceStock, d), storageKeys.goods());
export const useOperateGoods = () =>
  useInvalidating((d: CallData<typeof storageCalls.goodsOperate>) => call(storageCalls.goodsOperate, d), storageKeys.goods());
export const useReviewGoods = () =>
  useInvalidating((d: CallData<typeof storageCalls.goodsReview>) => call(storageCalls.goodsReview, d), storageKeys.goods());

// ----- orders (contract storageOrderCalls) -----

export type OrderListQuery = CallData<typeof storageOrderCalls.orderList>;

export const orderKeys = {
  all: [...storageKeys.all, 'orders'] as const,
  list: (q: OrderListQuery) => [...orderKeys.all, 'list', q] as const,
  detail: (orderId: number) => [...orderKeys.all, 'detail', orderId] as const,
  overview: (from: number, to: number) => [...orderKeys.all, 'overview', from, to] as const,
};

export const useOrderList = (q: OrderListQuery) =>
  useQuery({
    queryKey: orderKeys.list(q),
    queryFn: ({ signal }) => call(storageOrderCalls.orderList, q, { signal }),
    placeholderData: keepPreviousData,
  });

export const useOrderDetail = (orderId: number | null) =>
  useQuery({
    queryKey: orderKeys.detail(orderId ?? 0),
    queryFn: ({ signal }) => call(storageOrderCalls.orderGet, { orderId: orderId! }, { signal }),
    enabled: orderId !== null,
  });

export const useOrderOverview = (from: number, to: number) =>
  useQuery({
    queryKey: orderKeys.overview(from, to),
    queryFn: ({ signal }) => call(storageOrderCalls.overview, { from, to }, { signal }),
  });

export const useRefundOrder = () =>
  useInvalidating((d: CallData<typeof storageOrderCalls.orderRefund>) => call(storageOrderCalls.orderRefund, d), orderKeys.all);
export const useInternalPurchase = () =>
  useInvalidating((d: CallData<typeof storageOrderCalls.internalPurchase>) => call(storageOrderCalls.internalPurchase, d), storageKeys.all);

/** Signed links (300 s) to the orders' xlsx and to a month's statement of internal purchases. */
export const orderExportLink = (d: CallData<typeof storageOrderCalls.orderExport>) => call(storageOrderCalls.orderExport, d);
export const statementLink = (month: string) => call(storageOrderCalls.statement, { month });

// ----- the seller's order settings (contract storageCalls.settingGet / settingSave) -----

export const useStorageSettings = (enabled = true) =>
  useQuery({
    queryKey: storageKeys.settings(),
    queryFn: ({ signal }) => call(storageCalls.settingGet, {}, { signal }),
    enabled,
  });
export const useSaveStorageSettings = () =>
  useInvalidating((d: CallData<typeof storageCalls.settingSave>) => call(storageCalls.settingSave, d), storageKeys.all);
