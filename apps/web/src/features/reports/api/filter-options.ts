import {
  agentOptionsResponse,
  bookingGroupOptionsResponse,
  countryListResponse,
  reportEndpoints,
  stateListResponse,
  type EndpointResponse,
} from '@app/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../../lib/api-client';
import { callEndpoint } from '../../../lib/call-endpoint';
import { commissionTiersQueryOptions } from '../../commission-tiers';
import { suppliersQueryOptions } from '../../suppliers';

export interface NamedOption {
  id: number;
  name: string;
}

/** Where a picker list comes from: a name for the log and how to load it. */
interface OptionSource<T> {
  name: string;
  load: (signal: AbortSignal) => Promise<T[]>;
}

/**
 * One picker list of the filters row, loaded unless `source` is null. Spec §8: 'Other list fetch failures
 * are logged only and leave empty lists' — a picker that could not load is empty, the dashboard still works.
 */
function useOptionList<T = NamedOption>(key: readonly unknown[], source: OptionSource<T> | null): T[] {
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      try {
        return (await source?.load(signal)) ?? [];
      } catch (error) {
        if (signal.aborted) throw error;
        console.warn(`${source?.name} could not be loaded`, error);
        return [];
      }
    },
    enabled: source !== null,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
  return query.data ?? [];
}

/** A list read from `url` (whose endpoint is not yet defined in the domain) with its answer's schema. */
const listAt = <S extends z.ZodType>(
  url: string,
  schema: S,
  pick: (body: z.output<S>) => NamedOption[],
): OptionSource<NamedOption> => ({ name: url, load: async (signal) => pick(await getJson(url, { signal, schema })) });

/** `GET /api/booking-groups`: the agent's own groups, every group for an admin. */
export const useGroupOptions = () =>
  useOptionList(
    ['booking-groups', 'options'],
    listAt('/api/booking-groups', bookingGroupOptionsResponse, (b) => b.data),
  );

/** `GET /agents-list` (admins; an agent's filter is fixed by the server). */
export const useAgentOptions = (isAdmin: boolean) =>
  useOptionList(['agents-list'], isAdmin ? listAt('/agents-list', agentOptionsResponse, (b) => b.data) : null);

/** `GET /api/countries` (admins). */
export const useCountryOptions = (isAdmin: boolean) =>
  useOptionList(['countries'], isAdmin ? listAt('/api/countries', countryListResponse, (b) => b.data) : null);

/** `GET /api/countries/{id}/states`, loaded once a country is chosen (the list is `data.data.data`, spec §7). */
export const useStateOptions = (countryId: string) =>
  useOptionList(
    ['countries', countryId, 'states'],
    countryId ? listAt(`/api/countries/${countryId}/states`, stateListResponse, (b) => b.data.data.data) : null,
  );

export type AvailablePayout = EndpointResponse<typeof reportEndpoints.availablePayouts>['data'][number];

/** `GET /api/reports/available-payouts`: the payout filter's options, newest first, paid within the range. */
export const useAvailablePayouts = (range: { start_date: string; end_date: string }) => {
  const query = { start_date: range.start_date, end_date: range.end_date };
  const endpoint = reportEndpoints.availablePayouts;
  return useOptionList(['reports', 'available-payouts', query], {
    name: endpoint.path,
    load: async (signal) => (await callEndpoint(endpoint, { query, signal })).data,
  });
};

/** The suppliers (shared with the suppliers page) and tiers (admins), empty on failure. */
export function useSupplierAndTierOptions(isAdmin: boolean) {
  const suppliers = useQuery({ ...suppliersQueryOptions(), staleTime: 5 * 60_000 });
  const tiers = useQuery({ ...commissionTiersQueryOptions(), enabled: isAdmin, staleTime: 5 * 60_000 });
  return { suppliers: suppliers.data ?? [], tiers: tiers.data ?? [] };
}
