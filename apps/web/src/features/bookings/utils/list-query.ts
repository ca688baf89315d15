import type { BOOKING_SORTS } from '@app/domain';
import { BOOKING_PER_PAGE } from '@app/domain';

/** The list filters that live in the URL (bookmarkable, shareable). */
export const LIST_FILTER_KEYS = [
  'search',
  'status',
  'transaction_status',
  'supplier_id',
  'agent_id',
  'booking_group_id',
  'date_from',
  'date_to',
  'is_personal',
  'per_page',
  'sort',
  'direction',
] as const;
export type ListFilterKey = (typeof LIST_FILTER_KEYS)[number];
export type ListFilters = Record<ListFilterKey, string>;

/** Spec §9: filter form default 25 per page; default sort booking_date descending. */
export const FILTER_DEFAULTS: ListFilters = {
  search: '',
  status: '',
  transaction_status: '',
  supplier_id: '',
  agent_id: '',
  booking_group_id: '',
  date_from: '',
  date_to: '',
  is_personal: '',
  per_page: '25',
  sort: 'booking_date',
  direction: 'desc',
};

export const SORT_LABELS: Record<(typeof BOOKING_SORTS)[number], string> = {
  booking_date: 'Booking date',
  booking_reference: 'Reference',
  customer_name: 'Customer',
  booking_amount: 'Value',
  expected_commission: 'Commission',
};

export const PER_PAGE_OPTIONS = BOOKING_PER_PAGE.map(String);

/** The filters in the URL, with the defaults for what is missing. */
export function readFilters(params: URLSearchParams): ListFilters {
  const out = { ...FILTER_DEFAULTS };
  for (const key of LIST_FILTER_KEYS) {
    const v = params.get(key);
    if (v !== null) out[key] = v;
  }
  return out;
}

/** The server query: the filters plus the page; empty values left out. */
export function toServerQuery(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(readFilters(params))) if (v !== '') out[k] = v;
  const page = params.get('page');
  if (page) out.page = page;
  return out;
}

/** URL search params for new filters (page back to 1; defaults left out so the URL stays short). */
export function filtersToSearch(filters: ListFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of LIST_FILTER_KEYS) {
    const v = filters[key].trim();
    if (v !== '' && v !== FILTER_DEFAULTS[key]) params.set(key, v);
  }
  return params;
}
