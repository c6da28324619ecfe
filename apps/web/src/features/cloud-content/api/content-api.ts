/**
 * Calls of the content site (contract contentCalls): one query-key factory, a hook per call;
 * mutations invalidate what they change.
 */
import { contentCalls, UPLOAD_TIMEOUT_MS, type CallData, type ContentAbility, type ContentType } from '@portal/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

export type ItemListQuery = CallData<typeof contentCalls.itemList>;
export type ItemSaveData = CallData<typeof contentCalls.itemSave>;
export type ItemCreateData = CallData<typeof contentCalls.itemCreate>;
export type OperateData = CallData<typeof contentCalls.itemOperate>;
export type ScheduleData = CallData<typeof contentCalls.scheduleCreate>;
export type ParamSaveData = CallData<typeof contentCalls.paramSave>;
export type ProductSetQuery = CallData<typeof contentCalls.productSet>;
export type InstallerFaqQuery = CallData<typeof contentCalls.installerFaqList>;

export const contentKeys = {
  all: ['content'] as const,
  abilities: () => [...contentKeys.all, 'abilities'] as const,
  site: () => [...contentKeys.all, 'site'] as const,
  overview: () => [...contentKeys.all, 'overview'] as const,
  items: () => [...contentKeys.all, 'items'] as const,
  itemList: (q: ItemListQuery) => [...contentKeys.items(), 'list', q] as const,
  itemOptions: (type: ContentType) => [...contentKeys.items(), 'options', type] as const,
  item: (id: number) => [...contentKeys.items(), 'detail', id] as const,
  revisions: (itemId: number, locale: string) => [...contentKeys.items(), 'revisions', itemId, locale] as const,
  schedules: (itemId?: number) => [...contentKeys.all, 'schedules', itemId ?? 'all'] as const,
  params: () => [...contentKeys.all, 'params'] as const,
  paramGroups: () => [...contentKeys.all, 'paramGroups'] as const,
  productSet: (q: ProductSetQuery) => [...contentKeys.all, 'productSet', q] as const,
  seo: () => [...contentKeys.all, 'seo'] as const,
  installerFaqs: (q: InstallerFaqQuery) => [...contentKeys.all, 'installerFaqs', q] as const,
};

/** The caller's own content actions, as the server's policy answers them; `can` is false until known. */
export function useContentAbilities() {
  const q = useQuery({ queryKey: contentKeys.abilities(), queryFn: () => call(contentCalls.abilities, {}) });
  return { ...q, can: (a: ContentAbility) => q.data?.actions.includes(a) ?? false };
}

export function useSite() {
  return useQuery({ queryKey: contentKeys.site(), queryFn: () => call(contentCalls.siteGet, {}) });
}

export function useOverview() {
  return useQuery({ queryKey: contentKeys.overview(), queryFn: () => call(contentCalls.overview, {}) });
}

export function useItemList(q: ItemListQuery) {
  return useQuery({ queryKey: contentKeys.itemList(q), queryFn: () => call(contentCalls.itemList, q), placeholderData: keepPreviousData });
}

/** Items of a type as choices (categories, successors, related items): the first 100. */
export function useItemOptions(type: ContentType, enabled = true) {
  return useQuery({
    queryKey: contentKeys.itemOptions(type),
    queryFn: () => call(contentCalls.itemList, { type, pageNum: 1, pageSize: 100 }),
    enabled,
  });
}

export function useItem(id: number | null) {
  return useQuery({ queryKey: contentKeys.item(id ?? 0), queryFn: () => call(contentCalls.itemGet, { id: id! }), enabled: id !== null });
}

export function useRevisions(itemId: number | null, locale: string) {
  return useQuery({
    queryKey: contentKeys.revisions(itemId ?? 0, locale),
    queryFn: () => call(contentCalls.revisionList, { itemId: itemId!, locale: locale as 'en-US', pageNum: 1, pageSize: 50 }),
    enabled: itemId !== null,
  });
}

export function useSchedules(itemId?: number) {
  return useQuery({
    queryKey: contentKeys.schedules(itemId),
    queryFn: () => call(contentCalls.scheduleList, { itemId, pageNum: 1, pageSize: 50 }),
  });
}

export function useParams() {
  return useQuery({ queryKey: contentKeys.params(), queryFn: () => call(contentCalls.paramList, {}) });
}

export function useParamGroups() {
  return useQuery({ queryKey: contentKeys.paramGroups(), queryFn: () => call(contentCalls.paramGroupList, {}) });
}

export function useProductSet(q: ProductSetQuery) {
  return useQuery({
    queryKey: contentKeys.productSet(q),
    queryFn: () => call(contentCalls.productSet, q),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateAll() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: contentKeys.all });
}

export function useCreateItem() {
  const done = useInvalidateAll();
  return useMutation({ mutationFn: (d: ItemCreateData) => call(contentCalls.itemCreate, d), onSuccess: done });
}

export function useSaveItem() {
  const done = useInvalidateAll();
  return useMutation({ mutationFn: (d: ItemSaveData) => call(contentCalls.itemSave, d), onSuccess: done });
}

export function useOperateItem() {
  const done = useInvalidateAll();
  return useMutation({ mutationFn: (d: OperateData) => call(contentCalls.itemOperate, d), onSuccess: done });
}

export function useDeleteItem() {
  const done = useInvalidateAll();
  return useMutation({ mutationFn: (id: number) => call(contentCalls.itemDelete, { id }), onSuccess: done });
}

export function useRestoreRevision() {
  const done = useInvalidateAll();
  return useMutation({
    mutationFn: (d: { revisionId: number; version: number }) => call(contentCalls.revisionRestore, d),
    onSuccess: done,
  });
}

export function useCreateSchedule() {
  const done = useInvalidateAll();
  return useMutation({ mutationFn: (d: ScheduleData) => call(contentCalls.scheduleCreate, d), onSuccess: done });
}

export function useCancelSchedule() {
  const done = useInvalidateAll();
  return useMutation({ mutationFn: (id: number) => call(contentCalls.scheduleCancel, { id }), onSuccess: done });
}

export function useSaveParam() {
  const done = useInvalidateAll();
  return useMutation({ mutationFn: (d: ParamSaveData) => call(contentCalls.paramSave, d), onSuccess: done });
}

export function useDeleteParam() {
  const done = useInvalidateAll();
  return useMutation({ mutationFn: (id: number) => call(contentCalls.paramDelete, { id }), onSuccess: done });
}

export function useSaveParamGroup() {
  const done = useInvalidateAll();
  return useMutation({
    mutationFn: (d: CallData<typeof contentCalls.paramGroupSave>) => call(contentCalls.paramGroupSave, d),
    onSuccess: done,
  });
}

export function useSaveSite() {
  const done = useInvalidateAll();
  return useMutation({ mutationFn: (d: CallData<typeof contentCalls.siteSave>) => call(contentCalls.siteSave, d), onSuccess: done });
}

/** A signed link (300 s) to the products workbook of the caller's site (one category or all). */
export function useProductExport() {
  return useMutation({ mutationFn: (categoryId?: number) => call(contentCalls.productExport, categoryId ? { categoryId } : {}) });
}

/** Imports an uploaded workbook (file/upload purpose import): every row or none. */
export function useProductImport() {
  const done = useInvalidateAll();
  return useMutation({
    // Up to 5,000 products saved one by one: the upload's longer timeout.
    mutationFn: (fileId: number) => call(contentCalls.productImport, { fileId }, { timeoutMs: UPLOAD_TIMEOUT_MS }),
    onSuccess: (r) => {
      if (r.applied) void done();
    },
  });
}

/** The SEO gaps of the released translations (the SEO tab). */
export function useSeoGaps() {
  return useQuery({ queryKey: contentKeys.seo(), queryFn: () => call(contentCalls.seoList, {}) });
}

/** The brand's released installer FAQs (installers in the portal). */
export function useInstallerFaqs(q: InstallerFaqQuery) {
  return useQuery({
    queryKey: contentKeys.installerFaqs(q),
    queryFn: () => call(contentCalls.installerFaqList, q),
    placeholderData: keepPreviousData,
  });
}

/** An item id reserved before the first save (uploads made meanwhile are attached to it). */
export function useReserveItemId() {
  return useMutation({ mutationFn: (type: ContentType) => call(contentCalls.itemIdGet, { type }, { silent: true }) });
}

/** The order of items of a type, first to last (one transaction on the server). */
export function useReorderItems() {
  const done = useInvalidateAll();
  return useMutation({
    mutationFn: (d: CallData<typeof contentCalls.itemReorder>) => call(contentCalls.itemReorder, d),
    onSuccess: done,
  });
}

/** A signed preview link (1 h) of a translation's latest draft, or of one of its revisions. */
export function usePreviewLink() {
  return useMutation({
    mutationFn: (d: CallData<typeof contentCalls.itemPreviewLink>) => call(contentCalls.itemPreviewLink, d),
  });
}
