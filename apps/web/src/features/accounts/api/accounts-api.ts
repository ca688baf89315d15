import { accountEndpoints, type AccountInput } from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { agentOptionsQueryOptions } from '../../../api/agent-options';
import { callEndpoint } from '../../../lib/call-endpoint';

/** `GET /accounts` row; `CurrencySummaryRow`: one currency's totals. */
export type { Account, CurrencySummaryRow } from '@app/domain';

export const accountsQueryKey = ['accounts'] as const;

export function useAccounts(params: { accountable_type?: 'supplier' | 'agent' } = {}) {
  return useQuery({
    queryKey: [...accountsQueryKey, params],
    queryFn: async () => (await callEndpoint(accountEndpoints.list, { query: params })).data,
  });
}

/** `POST /accounts/transactions/currency-summary` (completed transactions, per currency). */
export function useCurrencySummary(accountIds: number[]) {
  return useQuery({
    queryKey: [...accountsQueryKey, 'currency-summary', accountIds],
    queryFn: async () =>
      (
        await callEndpoint(accountEndpoints.currencySummary, {
          body: { account_ids: accountIds, status: 'completed' },
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
        ? callEndpoint(accountEndpoints.create, { body: input })
        : callEndpoint(accountEndpoints.update, { params: { id }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(accountEndpoints.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}

/** Owners for the account form: suppliers (with their format) and agents. */
export function useAgentOptions() {
  return useQuery(agentOptionsQueryOptions());
}
