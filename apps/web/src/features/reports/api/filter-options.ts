import {
  agentEndpoints,
  bookingGroupEndpoints,
  endpointPath,
  referenceEndpoints,
  reportEndpoints,
  type EndpointResponse,
} from '@app/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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

/** `GET /api/booking-groups`: the agent's own groups, every group for an admin. */
export const useGroupOptions = () =>
  useOptionList(['booking-groups', 'options'], {
    name: bookingGroupEndpoints.options.path,
    load: async (signal) => (await callEndpoint(bookingGroupEndpoints.options, { signal })).data,
  });

/** `GET /agents-list` (admins; an agent's filter is fixed by the server). */
export const useAgentOptions = (isAdmin: boolean) =>
  useOptionList(
    ['agents-list'],
    isAdmin
      ? {
          name: agentEndpoints.options.path,
          load: async (signal) => (await callEndpoint(agentEndpoints.options, { signal })).data,
        }
      : null,
  );

/** `GET /api/countries` (admins). */
export const useCountryOptions = (isAdmin: boolean) =>
  useOptionList(
    ['countries'],
    isAdmin
      ? {
          name: referenceEndpoints.countries.path,
          load: async (signal) => (await callEndpoint(referenceEndpoints.countries, { signal })).data,
        }
      : null,
  );

/** `GET /api/countries/{id}/states`, loaded once a country is chosen (the list is `data.data.data`, spec §7). */
export const useStateOptions = (countryId: string) => {
  const states = referenceEndpoints.states;
  return useOptionList(
    ['countries', countryId, 'states'],
    countryId
      ? {
          name: endpointPath(states.path, { id: countryId }),
          load: async (signal) => (await callEndpoint(states, { params: { id: countryId }, signal })).data.data.data,
        }
      : null,
  );
};

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
