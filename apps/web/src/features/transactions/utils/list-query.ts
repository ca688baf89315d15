import {
  DEFAULT_TRANSACTION_PAGE_SIZE,
  TRANSACTION_PAGE_SIZES,
  transactionListQuerySchema,
  type TransactionListQuery,
} from '@app/domain';

/**
 * The filters of the transactions list, kept in the query string (bookings spec §2 "Transactions list filter"):
 * the server's list query less its paging.
 */
export type FilterKey = Exclude<keyof TransactionListQuery, 'page' | 'page_size'>;
export const FILTER_KEYS = Object.keys(transactionListQuerySchema.shape).filter(
  (key): key is FilterKey => key !== 'page' && key !== 'page_size',
);
export type Filters = Record<FilterKey, string>;

export function readFilters(params: URLSearchParams): Filters {
  return Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ''])) as Filters;
}

/** The list request's query from the address: its filters, page and page size as they are written there. */
export function listQueryOf(params: URLSearchParams): Partial<Record<keyof TransactionListQuery, string>> {
  const query: Partial<Record<keyof TransactionListQuery, string>> = {};
  for (const key of [...FILTER_KEYS, 'page', 'page_size'] as const) {
    const value = params.get(key);
    if (value !== null) query[key] = value;
  }
  return query;
}

export function pageSizeOf(params: URLSearchParams): number {
  const n = Number(params.get('page_size'));
  return (TRANSACTION_PAGE_SIZES as readonly number[]).includes(n) ? n : DEFAULT_TRANSACTION_PAGE_SIZE;
}

/** New query string for applied filters: empty ones left out, page back to 1, page size kept. */
export function filtersToParams(filters: Filters, pageSize: number): URLSearchParams {
  const out = new URLSearchParams();
  for (const k of FILTER_KEYS) if (filters[k]) out.set(k, filters[k]);
  if (pageSize !== DEFAULT_TRANSACTION_PAGE_SIZE) out.set('page_size', String(pageSize));
  return out;
}

/** Changing the page size reloads with page_size and page=1 (spec §2.7). */
export function withPageSize(params: URLSearchParams, size: number): URLSearchParams {
  const out = new URLSearchParams(params);
  out.set('page_size', String(size));
  out.set('page', '1');
  return out;
}

export const ACTIONS = [
  { value: 'completed', label: 'Mark as Completed' },
  { value: 'pending', label: 'Mark as Pending' },
  { value: 'failed', label: 'Mark as Failed' },
] as const;
