import { DEFAULT_PAGE_SIZE } from '@portal/contract';
import { useState } from 'react';

export interface PageParams {
  pageNum: number;
  pageSize: number;
}

/**
 * The state of a paged, filtered list: filters plus pageNum/pageSize. Changing a filter goes back to
 * page 1; changing the page size too. `pageSize` follows `savedPageSize` until the user picks one.
 */
export function useListQuery<F extends object>(initialFilters: F, savedPageSize?: number) {
  const [filters, setFiltersState] = useState<F>(initialFilters);
  const [pageNum, setPageNum] = useState(1);
  const [chosenSize, setChosenSize] = useState<number | undefined>(undefined);
  const pageSize = chosenSize ?? savedPageSize ?? DEFAULT_PAGE_SIZE;
  const clean = (f: F): F => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== '' && v !== null)) as F;
  return {
    filters,
    /** The request: filters without empty values, and the page. */
    query: { ...clean(filters), pageNum, pageSize } as F & PageParams,
    isFiltered: Object.keys(clean(filters)).length > 0,
    setFilters: (patch: Partial<F>) => {
      setFiltersState((f) => ({ ...f, ...patch }));
      setPageNum(1);
    },
    setPage: (num: number, size: number) => {
      if (size !== pageSize) {
        setChosenSize(size);
        setPageNum(1);
      } else setPageNum(num);
    },
    reset: () => {
      setFiltersState(initialFilters);
      setPageNum(1);
    },
  };
}
