import {
  agentOptionsResponse,
  availablePayoutsResponseSchema,
  bookingGroupOptionsResponse,
  countryListResponse,
  stateListResponse,
} from '@app/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson, type Query } from '../../../lib/api-client';
import { commissionTiersQueryOptions } from '../../commission-tiers';
import { suppliersQueryOptions } from '../../suppliers';

export interface NamedOption {
  id: number;
  name: string;
}

/**
 * One picker list of the filters row. Spec §8: 'Other list fetch failures are logged only and leave empty
 * lists' — a picker that could not load is empty, the dashboard still works.
 */
function useOptionList<S extends z.ZodType, T = NamedOption>(
  key: readonly unknown[],
  url: string | null,
  schema: S,
  pick: (body: z.output<S>) => T[],
  params?: Query,
): T[] {
  const query = useQuery({
    queryKey: params ? [...key, params] : key,
    queryFn: async ({ signal }) => {
      try {
        return pick(await getJson(url ?? '', { signal, schema, query: params }));
      } catch (error) {
        if (signal.aborted) throw error;
        console.warn(`${url} could not be loaded`, error);
        return [];
      }
    },
    enabled: url !== null,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
  return query.data ?? [];
}

/** `GET /api/booking-groups`: the agent's own groups, every group for an admin. */
export const useGroupOptions = () =>
  useOptionList(['booking-groups', 'options'], '/api/booking-groups', bookingGroupOptionsResponse, (b) => b.data);

/** `GET /agents-list` (admins; an agent's filter is fixed by the server). */
export const useAgentOptions = (isAdmin: boolean) =>
  useOptionList(['agents-list'], isAdmin ? '/agents-list' : null, agentOptionsResponse, (b) => b.data);

/** `GET /api/countries` (admins). */
export const useCountryOptions = (isAdmin: boolean) =>
  useOptionList(['countries'], isAdmin ? '/api/countries' : null, countryListResponse, (b) => b.data);

/** `GET /api/countries/{id}/states`, loaded once a country is chosen (the list is `data.data.data`, spec §7). */
export const useStateOptions = (countryId: string) =>
  useOptionList(
    ['countries', countryId, 'states'],
    countryId ? `/api/countries/${countryId}/states` : null,
    stateListResponse,
    (b) => b.data.data.data,
  );

export type AvailablePayout = z.output<typeof availablePayoutsResponseSchema>['data'][number];

/** `GET /api/reports/available-payouts`: the payout filter's options, newest first, paid within the range. */
export const useAvailablePayouts = (range: { start_date: string; end_date: string }) =>
  useOptionList(
    ['reports', 'available-payouts'],
    '/api/reports/available-payouts',
    availablePayoutsResponseSchema,
    (b) => b.data,
    {
      start_date: range.start_date,
      end_date: range.end_date,
    },
  );

/** The suppliers (shared with the suppliers page) and tiers (admins), empty on failure. */
export function useSupplierAndTierOptions(isAdmin: boolean) {
  const suppliers = useQuery({ ...suppliersQueryOptions(), staleTime: 5 * 60_000 });
  const tiers = useQuery({ ...commissionTiersQueryOptions(), enabled: isAdmin, staleTime: 5 * 60_000 });
  return { suppliers: suppliers.data ?? [], tiers: tiers.data ?? [] };
}
