import {
  bulkStatusUpdatedResponse,
  bulkTransactionsSavedResponse,
  transactionListResponse,
  transactionResponse,
  transactionSavedResponse,
} from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson, postForm, postJson, putForm } from '../../../lib/api-client';

/** A transaction as the server reads it for the form (the listing's fields plus the reference image). */
export type Transaction = z.output<typeof transactionResponse>['data'];
export type SavedTransaction = z.output<typeof transactionSavedResponse>;

export const transactionsQueryKey = ['transactions'] as const;

export function useTransactions(search: string) {
  return useQuery({
    queryKey: [...transactionsQueryKey, 'list', search],
    queryFn: () => getJson(`/transactions${search ? `?${search}` : ''}`, { schema: transactionListResponse }),
  });
}

export function useTransaction(id: number | null) {
  return useQuery({
    queryKey: [...transactionsQueryKey, id],
    queryFn: async () => (await getJson(`/transactions/${id}`, { schema: transactionResponse })).data,
    enabled: id !== null,
  });
}

export function useSaveTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id?: number; form: FormData }) =>
      id === undefined
        ? postForm('/transactions', form, { schema: transactionSavedResponse })
        : putForm(`/transactions/${id}`, form, { schema: transactionSavedResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
  });
}

export function useStoreBulk(url = '/transactions/store-bulk') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => postForm(url, form, { schema: bulkTransactionsSavedResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
  });
}

/** `POST /transactions-bulk-update` JSON {transaction_ids, status} → {status, message, updated}. */
export function bulkUpdateStatus(transaction_ids: number[], status: string) {
  return postJson('/transactions-bulk-update', { transaction_ids, status }, { schema: bulkStatusUpdatedResponse });
}
