import { useDeferredValue, useMemo, useState } from 'react';
import { useDownstreamCompanies } from '../api/users-api';

/** Options of a company picker: the caller's own company first, then downstream companies matching the search. */
export function useCompanyOptions(own: { id: number; name: string } | null, enabled = true, selected: { id: number; name: string }[] = []) {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const { data, isFetching } = useDownstreamCompanies(deferred, enabled);
  const options = useMemo(() => {
    const seen = new Set<number>();
    const out: { value: number; label: string }[] = [];
    const add = (id: number, name: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      out.push({ value: id, label: name });
    };
    if (own) add(own.id, own.name);
    for (const c of selected) add(c.id, c.name);
    for (const c of data?.records ?? []) add(c.id, c.name);
    return out;
  }, [data, own, selected]);
  return { options, downstream: options.filter((o) => o.value !== own?.id), setSearch, loading: isFetching };
}
