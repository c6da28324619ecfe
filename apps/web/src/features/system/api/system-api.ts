import { type CallData, insightCalls, systemCalls } from '@portal/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

export type OperationLogQuery = CallData<typeof systemCalls.operationLogs>;
export type MailOutboxQuery = CallData<typeof systemCalls.mailOutbox>;

export const systemKeys = {
  all: ['system'] as const,
  operationLogs: () => [...systemKeys.all, 'operationLogs'] as const,
  operationLogList: (q: OperationLogQuery) => [...systemKeys.operationLogs(), q] as const,
  mailOutbox: () => [...systemKeys.all, 'mailOutbox'] as const,
  mailOutboxList: (q: MailOutboxQuery) => [...systemKeys.mailOutbox(), q] as const,
};

export function useOperationLogs(query: OperationLogQuery) {
  return useQuery({
    queryKey: systemKeys.operationLogList(query),
    queryFn: ({ signal }) => call(systemCalls.operationLogs, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMailOutbox(query: MailOutboxQuery) {
  return useQuery({
    queryKey: systemKeys.mailOutboxList(query),
    queryFn: ({ signal }) => call(systemCalls.mailOutbox, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The operation log's tamper check (supplier only): the rows verified, or the first broken seq. */
export function useAuditVerify() {
  return useMutation({ mutationFn: () => call(insightCalls.auditVerify, {}) });
}
