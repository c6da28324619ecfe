/** Calls of cloud storage goods (contract storageCalls): one query-key factory, a hook per call. */
import { storageCalls, type CallData, type CloudStorageAction } from '@portal/contract';
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
