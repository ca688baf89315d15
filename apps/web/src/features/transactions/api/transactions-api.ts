import type { Paginated } from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, postForm, postJson, putForm } from '../../../lib/api-client';

/** A transaction as the server reads it (features/transactions/transactions.service.ts). */
export interface Transaction {
  id: number;
  account_id: number;
  account_name: string;
  account: {
    id: number;
    name: string;
    accountable_type: 'supplier' | 'agent';
    accountable: { id: number; name: string | null };
    booking_number_format: string | null;
    currency: { id: number; code: string; symbol: string };
  };
  supplier_id: number | null;
  supplier_name: string | null;
  accountable_name: string | null;
  transaction_type: 'credit' | 'debit';
  currency_id: number;
  currency_code: string;
  currency_symbol: string;
  amount: number;
  reference_number: string;
  status: 'pending' | 'completed' | 'failed' | 'reversed';
  description: string | null;
  is_partial: boolean;
  cheque_reference_number: string | null;
  reference_image_url: string | null;
  reference_image?: { filename: string; mimetype: string } | null;
  transaction_date: string;
}

export const transactionsQueryKey = ['transactions'] as const;

export function useTransactions(search: string) {
  return useQuery({
    queryKey: [...transactionsQueryKey, 'list', search],
    queryFn: () => getJson<Paginated<Transaction>>(`/transactions${search ? `?${search}` : ''}`),
  });
}

export function useTransaction(id: number | null) {
  return useQuery({
    queryKey: [...transactionsQueryKey, id],
    queryFn: async () => (await getJson<{ data: Transaction }>(`/transactions/${id}`)).data,
    enabled: id !== null,
  });
}

export interface SavedTransaction {
  status: string;
  message?: string;
  redirect?: string;
}

export function useSaveTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id?: number; form: FormData }) =>
      id === undefined
        ? postForm<SavedTransaction>('/transactions', form)
        : putForm<SavedTransaction>(`/transactions/${id}`, form),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
  });
}

export function useStoreBulk(url = '/transactions/store-bulk') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => postForm<{ status: string; message?: string; count?: number }>(url, form),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
  });
}

/** `POST /transactions-bulk-update` JSON {transaction_ids, status} → {status, message}. */
export function bulkUpdateStatus(transaction_ids: number[], status: string) {
  return postJson<{ status: string; message: string }>('/transactions-bulk-update', { transaction_ids, status });
}
