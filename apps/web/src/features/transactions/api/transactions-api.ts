import { transactionEndpoints, type Endpoint, type EndpointResponse } from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { listQueryOf } from '../utils/list-query';

/** A transaction as the server reads it for the form (the listing's fields plus the reference image). */
export type Transaction = EndpointResponse<typeof transactionEndpoints.get>['data'];

export const transactionsQueryKey = ['transactions'] as const;

/**
 * An endpoint answered at the address the page supplies (`?submit=`, spec §2.5 and the import's
 * "URL overridable"): the same method, body and answer, only the path differs.
 */
export function atAddress<E extends Endpoint>(endpoint: E, path: string): E {
  return path === endpoint.path ? endpoint : { ...endpoint, path };
}

/** `GET /transactions` with the filters and paging of the address. */
export function useTransactions(params: URLSearchParams) {
  return useQuery({
    queryKey: [...transactionsQueryKey, 'list', params.toString()],
    queryFn: () => callEndpoint(transactionEndpoints.list, { query: listQueryOf(params) }),
  });
}

export function useTransaction(id: number | null) {
  return useQuery({
    queryKey: [...transactionsQueryKey, id],
    queryFn: async () => (await callEndpoint(transactionEndpoints.get, { params: { id: id! } })).data,
    enabled: id !== null,
  });
}

export function useSaveTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id?: number; form: FormData }) =>
      id === undefined
        ? callEndpoint(transactionEndpoints.create, { form })
        : callEndpoint(transactionEndpoints.update, { params: { id }, form }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
  });
}

/** `POST /transactions/store-bulk`, or the same request to the page's `?submit=` address. */
export function useStoreBulk(submitUrl: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => callEndpoint(atAddress(transactionEndpoints.storeBulk, submitUrl), { form }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
  });
}

/** `POST /transactions-bulk-update` JSON {transaction_ids, status} → {status, message, updated}. */
export function bulkUpdateStatus(transaction_ids: number[], status: string) {
  return callEndpoint(transactionEndpoints.bulkUpdateStatus, { body: { transaction_ids, status } });
}
