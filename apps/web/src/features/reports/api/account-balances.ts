import { accountEndpoints } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client';
import { callEndpoint } from '../../../lib/call-endpoint';
import { accountsQueryKey, useAccounts } from '../../accounts';

/** Spec §8 'Balance fetch': the server refused → its message or the first; no usable answer → the second. */
export const BALANCES_FAILED = 'Failed to fetch account balances';
export const BALANCES_UNKNOWN = 'Unknown error occurred';

/** `POST /accounts/transactions/currency-summary` takes at most this many accounts. */
const MAX_ACCOUNTS = 1000;

export function balancesErrorMessage(error: unknown): string {
  if (isApiError(error) && error.kind === 'http') return error.hasServerMessage ? error.message : BALANCES_FAILED;
  return BALANCES_UNKNOWN;
}

/**
 * The dashboard's account balances (admins): credits − debits of the completed transactions, per currency,
 * of the supplier accounts — those of the included suppliers when the filter names some, else all of them.
 * Supplier accounts are where the suppliers' commission payments arrive, so this is the money received.
 * Deleted accounts are left out (an account can only be deleted while it has no transactions).
 */
export function useAccountBalances(supplierIds: readonly string[]) {
  const accounts = useAccounts({ accountable_type: 'supplier' });
  const wanted = new Set(supplierIds.map(Number));
  const accountIds = (accounts.data ?? [])
    .filter((a) => !a.is_deleted && (wanted.size === 0 || wanted.has(a.accountable_id)))
    .map((a) => a.id)
    .slice(0, MAX_ACCOUNTS);
  const summary = useQuery({
    queryKey: [...accountsQueryKey, 'currency-summary', accountIds],
    queryFn: async ({ signal }) =>
      (
        await callEndpoint(accountEndpoints.currencySummary, {
          body: { account_ids: accountIds, status: 'completed' },
          signal,
        })
      ).data,
    enabled: accountIds.length > 0,
  });
  const noAccounts = accounts.isSuccess && accountIds.length === 0;
  return {
    isPending: accounts.isPending || (!noAccounts && summary.isPending),
    error: accounts.error ?? summary.error,
    rows: noAccounts ? [] : (summary.data ?? []),
    accountCount: accountIds.length,
    refetch: () => void (accounts.isError ? accounts.refetch() : summary.refetch()),
  };
}
