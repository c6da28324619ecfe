/** Home's one call (home/summary): one query-key factory and its hook. */
import { insightCalls } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

export const homeKeys = {
  all: ['home'] as const,
  summary: () => [...homeKeys.all, 'summary'] as const,
};

/** Silent: a failure (e.g. statsTimeout) is shown in place of the cards, with Retry (SummaryCards). */
export function useHomeSummary() {
  return useQuery({
    queryKey: homeKeys.summary(),
    queryFn: () => call(insightCalls.homeSummary, {}, { silent: true }),
    staleTime: 60_000,
  });
}
