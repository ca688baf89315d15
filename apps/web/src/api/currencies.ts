import { referenceEndpoints, type Currency } from '@app/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../lib/call-endpoint';
import { currencySymbol } from '../lib/format';

/** Reference data several features read (suppliers, accounts, transactions, reports). */
export const currenciesQueryKey = ['currencies'] as const;

export async function getCurrencies(): Promise<Currency[]> {
  const { data } = await callEndpoint(referenceEndpoints.currencies);
  return data;
}

export const currenciesQueryOptions = () =>
  queryOptions({ queryKey: currenciesQueryKey, queryFn: getCurrencies, staleTime: 10 * 60_000 });

export function useCurrencies() {
  return useQuery(currenciesQueryOptions());
}

/** 'GBP — British Pound (£)', 'CAD — Canadian Dollar (CA$)': the symbol as amounts are written (lib/format). */
export const currencyLabel = (currency: Pick<Currency, 'code' | 'name' | 'symbol'>) =>
  `${currency.code} — ${currency.name} (${currencySymbol(currency)})`;
