/** Calls of the payee settings (contract storageCalls.payee*): one query-key factory, a hook per call. */
import { storageCalls, type CallData } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

export const payeeKeys = { all: ['payees'] as const, list: () => [...payeeKeys.all, 'list'] as const };

export const usePayees = () =>
  useQuery({ queryKey: payeeKeys.list(), queryFn: ({ signal }) => call(storageCalls.payeeList, {}, { signal }) });

function useInvalidating<D>(run: (d: D) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => qc.invalidateQueries({ queryKey: payeeKeys.all }) });
}

export const useSavePayee = () => useInvalidating((d: CallData<typeof storageCalls.payeeSave>) => call(storageCalls.payeeSave, d));
export const useTestPayee = () => useInvalidating((d: CallData<typeof storageCalls.payeeTest>) => call(storageCalls.payeeTest, d));
export const useRemovePayee = () => useInvalidating((d: CallData<typeof storageCalls.payeeRemove>) => call(storageCalls.payeeRemove, d));
export const useDefaultPayee = () => useInvalidating((d: CallData<typeof storageCalls.payeeDefault>) => call(storageCalls.payeeDefault, d));
