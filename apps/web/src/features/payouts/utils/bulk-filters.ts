/**
 * The bulk payout / reconcile screen's search filters (agents-transactions-payouts §4, §7): as the form and
 * the URL hold them, and the search request they make.
 */
import type { BulkSearchBody } from '../api/payouts-api';

export type BulkMode = 'payout' | 'reconcile';

/** The search filters as the form and the URL hold them (strings; '' = not set). */
export interface BulkFilters {
  supplier_id: string;
  date_from: string;
  date_to: string;
  personal: boolean;
  is_reconciled: boolean;
  exclude_reconciled: boolean;
  payout_id: string;
}

export const EMPTY_FILTERS: BulkFilters = {
  supplier_id: '',
  date_from: '',
  date_to: '',
  personal: false,
  is_reconciled: false,
  exclude_reconciled: false,
  payout_id: '',
};

const on = (v: string | null) => v === '1' || v === 'true';

export function readFilters(params: URLSearchParams): BulkFilters {
  return {
    supplier_id: params.get('supplier_id') ?? '',
    date_from: params.get('date_from') ?? '',
    date_to: params.get('date_to') ?? '',
    personal: on(params.get('personal')),
    is_reconciled: on(params.get('is_reconciled')),
    exclude_reconciled: on(params.get('exclude_reconciled')),
    payout_id: params.get('payout_id') ?? '',
  };
}

export function filtersToSearch(f: BulkFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['supplier_id', 'date_from', 'date_to', 'payout_id'] as const) if (f[key]) params.set(key, f[key]);
  for (const key of ['personal', 'is_reconciled', 'exclude_reconciled'] as const) if (f[key]) params.set(key, '1');
  return params;
}

/** 'Only reconciled' and 'exclude reconciled' exclude each other: ticking one unticks the other. */
export function setReconciledFilter(
  f: BulkFilters,
  key: 'is_reconciled' | 'exclude_reconciled',
  value: boolean,
): BulkFilters {
  const other = key === 'is_reconciled' ? 'exclude_reconciled' : 'is_reconciled';
  return { ...f, [key]: value, ...(value ? { [other]: false } : {}) };
}

/** Both set (only possible from the URL): the screen warns and disables Search. */
export const bothReconciledFilters = (f: BulkFilters) => f.is_reconciled && f.exclude_reconciled;

/** `POST /bulk-payouts/search` (§7): supplier_id, date_from, date_to, personal, is_reconciled and exclude_reconciled (true or null), payout_id, and the mode. */
export function searchBody(f: BulkFilters, mode: BulkMode): BulkSearchBody {
  return {
    supplier_id: f.supplier_id ? Number(f.supplier_id) : null,
    date_from: f.date_from || null,
    date_to: f.date_to || null,
    personal: f.personal,
    is_reconciled: f.is_reconciled ? true : null,
    exclude_reconciled: f.exclude_reconciled ? true : null,
    payout_id: f.payout_id ? Number(f.payout_id) : null,
    mode,
  };
}
