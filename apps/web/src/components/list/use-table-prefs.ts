import { userCalls } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Grid } from 'antd';
import { useMemo } from 'react';
import { call } from '../../lib/api/client';

/** What a list remembers for the signed-in user (user-configs): hidden optional columns and the page size. */
export interface TablePrefs {
  hidden: string[];
  pageSize?: number;
}

const NONE: readonly string[] = [];

type ConfigList = { records: { key: string; value: unknown; updatedAt: string }[] };

/** One cache entry for all of the user's saved preferences; every list reads its key from it. */
export const userConfigsKey = ['userConfigs'] as const;

/**
 * The saved preferences of one list, under `key` (e.g. 'cloudUpgrade.packages'); until the user
 * chooses, the columns in `defaultHidden` are hidden, and those in `wideOnly` too below 1600 px
 * (antd's xxl), where they would not fit beside the others (pass constant arrays). Saving is
 * optimistic and silent: a preference that fails to save is not worth a toast.
 */
export function useTablePrefs(key: string, defaultHidden: readonly string[] = NONE, wideOnly: readonly string[] = NONE) {
  const wide = !!Grid.useBreakpoint().xxl;
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: userConfigsKey,
    queryFn: ({ signal }) => call(userCalls.configList, {}, { signal, silent: true }),
    staleTime: Infinity,
  });
  const setLocal = (value: TablePrefs | null) =>
    qc.setQueryData<ConfigList>(userConfigsKey, (old) => ({
      records: [
        ...(old?.records ?? []).filter((r) => r.key !== key),
        ...(value ? [{ key, value, updatedAt: new Date().toISOString() }] : []),
      ],
    }));
  const put = useMutation({
    mutationFn: (value: TablePrefs) => call(userCalls.configPut, { key, value }, { silent: true }),
    onMutate: (value) => setLocal(value),
  });
  const remove = useMutation({
    mutationFn: () => call(userCalls.configDelete, { key }, { silent: true }),
    onMutate: () => setLocal(null),
  });
  const value = query.data?.records.find((r) => r.key === key)?.value as TablePrefs | undefined;
  const hidden = useMemo(
    () => new Set(Array.isArray(value?.hidden) ? value.hidden : wide ? defaultHidden : [...defaultHidden, ...wideOnly]),
    [value, defaultHidden, wideOnly, wide],
  );
  const pageSize = typeof value?.pageSize === 'number' ? value.pageSize : undefined;
  return {
    hidden,
    pageSize,
    loaded: query.isFetched,
    setHidden: (next: Iterable<string>) => put.mutate({ hidden: [...next], pageSize }),
    setPageSize: (size: number) => put.mutate({ hidden: [...hidden], pageSize: size }),
    reset: () => remove.mutate(),
  };
}
export type TablePrefsApi = ReturnType<typeof useTablePrefs>;

/**
 * The wiring every saved list repeats: PagedTable's page props (a page size the user picks is saved)
 * and ListToolbar's column chooser (`hidden` when the list hides more than the saved choice).
 */
export function savedListBindings(
  list: { query: { pageNum: number; pageSize: number }; setPage(pageNum: number, pageSize: number): void },
  prefs: TablePrefsApi,
) {
  return {
    paging: {
      pageNum: list.query.pageNum,
      pageSize: list.query.pageSize,
      onPageChange: (pageNum: number, pageSize: number) => {
        if (pageSize !== list.query.pageSize) prefs.setPageSize(pageSize);
        list.setPage(pageNum, pageSize);
      },
    },
    columnChooser: (options: readonly { key: string; label: string }[], hidden: ReadonlySet<string> = prefs.hidden) => ({
      options,
      hidden,
      onChange: prefs.setHidden,
      onReset: prefs.reset,
    }),
  };
}
