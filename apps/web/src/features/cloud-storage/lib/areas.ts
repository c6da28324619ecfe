import { useSessionUser } from '../../../lib/session/session-store';

/** The caller's own areas, as sale-area options. */
export function useAreaOptions() {
  const user = useSessionUser();
  return (user?.areaList ?? []).map((a) => ({ value: a.id, label: a.displayName }));
}
