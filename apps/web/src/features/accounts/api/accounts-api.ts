import {
  accountDeletedResponse,
  accountListResponse,
  accountSavedResponse,
  agentOptionsResponse,
  currencySummaryResponse,
  type AccountInput,
} from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteJson, getJson, postJson, putJson } from '../../../lib/api-client';

/** `GET /accounts` row; `CurrencySummaryRow`: one currency's totals. */
export type { Account, CurrencySummaryRow } from '@app/domain';

export const accountsQueryKey = ['accounts'] as const;

export function useAccounts(params: { accountable_type?: 'supplier' | 'agent' } = {}) {
  return useQuery({
    queryKey: [...accountsQueryKey, params],
    queryFn: async () => (await getJson('/accounts', { query: { ...params }, schema: accountListResponse })).data,
  });
}

/** `POST /accounts/transactions/currency-summary` (completed transactions, per currency). */
export function useCurrencySummary(accountIds: number[]) {
  return useQuery({
    queryKey: [...accountsQueryKey, 'currency-summary', accountIds],
    queryFn: async () =>
      (
        await postJson(
          '/accounts/transactions/currency-summary',
          { account_ids: accountIds, status: 'completed' },
          { schema: currencySummaryResponse },
        )
      ).data,
    enabled: accountIds.length > 0,
  });
}

export function useSaveAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: number; input: AccountInput }) =>
      id === undefined
        ? postJson('/accounts', input, { schema: accountSavedResponse })
        : putJson(`/accounts/${id}`, { ...input }, { schema: accountSavedResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteJson(`/accounts/${id}`, {}, { schema: accountDeletedResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}

/** Owners for the account form: suppliers (with their format) and agents. */
export function useAgentOptions() {
  return useQuery({
    queryKey: ['agents-list'],
    queryFn: async () => (await getJson('/agents-list', { schema: agentOptionsResponse })).data,
  });
}
