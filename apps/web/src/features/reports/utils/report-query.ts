import { isId, isoDateProblem, type ReportFiltersInput } from '@app/domain';

/**
 * The dashboard's filters (spec §6 report filters row, §7 report calls) as they live in the URL: shareable,
 * and back/forward moves between them. Missing dates mean the default range (30 days ago to tomorrow, §9),
 * so a bookmarked link without dates always shows the current month.
 */
export interface ReportFilters {
  start_date: string;
  end_date: string;
  booking_group_id: string;
  /** Admins only (for an agent the server fixes it to their own agent). */
  agent_id: string;
  include_suppliers: string[];
  /** Admins only. */
  country_id: string;
  /** Admins only; a state of `country_id`. */
  state_id: string;
  /** Admins only. */
  tier_id: string;
  payout_id: string;
}

type IdKey = 'booking_group_id' | 'agent_id' | 'country_id' | 'state_id' | 'tier_id' | 'payout_id';
const ID_KEYS: readonly IdKey[] = ['booking_group_id', 'agent_id', 'country_id', 'state_id', 'tier_id', 'payout_id'];
/** spec §6: 'Agent, country, state, tier report filters' are admin capabilities. */
const ADMIN_ONLY: ReadonlySet<IdKey> = new Set(['agent_id', 'country_id', 'state_id', 'tier_id']);
const SUPPLIERS = 'include_suppliers';

export interface DateRange {
  start_date: string;
  end_date: string;
}

const validDate = (value: string | null): value is string => value !== null && isoDateProblem('date', value) === null;

/** An id from the URL, or '' when missing or not an id (a hand-edited link never becomes a 422). */
const validId = (value: string | null | undefined) => (value && isId(value) ? value : '');

/** The range and no other filter (Reset). */
export const emptyFilters = (range: DateRange): ReportFilters => ({
  start_date: range.start_date,
  end_date: range.end_date,
  booking_group_id: '',
  agent_id: '',
  include_suppliers: [],
  country_id: '',
  state_id: '',
  tier_id: '',
  payout_id: '',
});

/**
 * The filters the URL holds, the range's defaults for missing or malformed dates; a non-admin's admin-only
 * filters are dropped. Suppliers may be repeated keys or a comma list (`include_suppliers=1,2`).
 */
export function readReportFilters(params: URLSearchParams, defaults: DateRange, isAdmin: boolean): ReportFilters {
  const start = params.get('start_date');
  const end = params.get('end_date');
  const filters = emptyFilters({
    start_date: validDate(start) ? start : defaults.start_date,
    end_date: validDate(end) ? end : defaults.end_date,
  });
  const suppliers = params.getAll(SUPPLIERS).flatMap((v) => v.split(','));
  filters.include_suppliers = [...new Set(suppliers.map((v) => validId(v.trim())).filter(Boolean))];
  for (const key of ID_KEYS) {
    if (isAdmin || !ADMIN_ONLY.has(key)) filters[key] = validId(params.get(key));
  }
  // A state only means something with its country.
  if (!filters.country_id) filters.state_id = '';
  return filters;
}

/** The URL for these filters: what equals the default is left out, so the address stays short. */
export function reportFiltersToSearch(filters: ReportFilters, defaults: DateRange): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.start_date !== defaults.start_date) params.set('start_date', filters.start_date);
  if (filters.end_date !== defaults.end_date) params.set('end_date', filters.end_date);
  for (const key of ID_KEYS) if (filters[key]) params.set(key, filters[key]);
  if (filters.include_suppliers.length > 0) params.set(SUPPLIERS, filters.include_suppliers.join(','));
  return params;
}

/** The report calls' query (spec §7): dates always, `include_suppliers[]` per supplier, blanks left out. */
export function reportServerQuery(filters: ReportFilters, isAdmin: boolean): ReportFiltersInput {
  const query: ReportFiltersInput = { start_date: filters.start_date, end_date: filters.end_date };
  for (const key of ID_KEYS) if (filters[key] && (isAdmin || !ADMIN_ONLY.has(key))) query[key] = filters[key];
  query[SUPPLIERS] = filters.include_suppliers;
  return query;
}

/** Why the range cannot be applied, or null. */
export function rangeProblem(filters: DateRange): string | null {
  if (!validDate(filters.start_date)) return 'Enter a start date (YYYY-MM-DD).';
  if (!validDate(filters.end_date)) return 'Enter an end date (YYYY-MM-DD).';
  if (filters.start_date > filters.end_date) return 'The end date must be on or after the start date.';
  return null;
}
