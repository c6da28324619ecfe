import { type CallData, systemCalls } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

export type MailOutboxQuery = CallData<typeof systemCalls.mailOutbox>;

export const systemKeys = {
  all: ['system'] as const,
  mailOutbox: () => [...systemKeys.all, 'mailOutbox'] as const,
  mailOutboxList: (q: MailOutboxQuery) => [...systemKeys.mailOutbox(), q] as const,
};

export function useMailOutbox(query: MailOutboxQuery) {
  return useQuery({
    queryKey: systemKeys.mailOutboxList(query),
    queryFn: ({ signal }) => call(systemCalls.mailOutbox, query, { signal }),
    placeholderData: keepPreviousData,
  });
}
