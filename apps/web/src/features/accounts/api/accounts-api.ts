import type { AccountInput } from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteJson, getJson, postJson, putJson } from '../../../lib/api-client';

/** `GET /accounts` row (server: features/accounts/accounts.service.ts). */
export interface Account {
  id: number;
  name: string;
  account_number: string | null;
  accountable_type: 'supplier' | 'agent';
  accountable_id: number;
  accountable: { id: number; name: string | null; booking_number_format: string | null };
  accountable_name: string | null;
  booking_number_format: string | null;
  currency_id: number;
  currency: { id: number; code: string; name: string; symbol: string };
  currency_code: string;
  is_deleted: boolean;
  balance: number;
  credit_total: number;
  debit_total: number;
  transaction_count: number;
}

export interface CurrencySummaryRow {
  currency_id: number;
  currency: string;
  currency_symbol?: string;
  total_amount: number;
  credit_amount: number;
  debit_amount: number;
}

export const accountsQueryKey = ['accounts'] as const;

export function useAccounts(params: { accountable_type?: 'supplier' | 'agent' } = {}) {
  return useQuery({
    queryKey: [...accountsQueryKey, params],
    queryFn: async () => (await getJson<{ data: Account[] }>('/accounts', { query: { ...params } })).data,
  });
}

/** `POST /accounts/transactions/currency-summary` (completed transactions, per currency). */
export function useCurrencySummary(accountIds: number[]) {
  return useQuery({
    queryKey: [...accountsQueryKey, 'currency-summary', accountIds],
    queryFn: async () =>
      (
        await postJson<{ data: CurrencySummaryRow[] }>('/accounts/transactions/currency-summary', {
          account_ids: accountIds,
          status: 'completed',
        })
      ).data,
    enabled: accountIds.length > 0,
  });
}

export function useSaveAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: number; input: AccountInput }) =>
      id === undefined
        ? postJson<{ message: string; data: Account }>('/accounts', input)
        : putJson<{ message: string; data: Account }>(`/accounts/${id}`, { ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteJson<{ message: string }>(`/accounts/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}

/** Owners for the account form: suppliers (with their format) and agents. */
export function useAgentOptions() {
  return useQuery({
    queryKey: ['agents-list'],
    queryFn: async () => (await getJson<{ data: { id: number; name: string }[] }>('/agents-list')).data,
  });
}
