import { CLAIM_PER_PAGE, CLAIM_STATUS_FILTERS, type ClaimStatusFilter } from '@app/domain';
import { useSearchParams } from 'react-router';

export type Scope = 'review' | 'mine';

/** The filter each list opens with: the review what waits for a decision, an agent every claim. */
const DEFAULT_STATUS: Record<Scope, ClaimStatusFilter> = { review: 'pending', mine: 'all' };

/** The list's state in the URL: `?status=approved&page=2&per_page=25` (defaults left out). */
export function useClaimsListParams(scope: Scope) {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('status');
  const status = CLAIM_STATUS_FILTERS.find((s) => s === wanted) ?? DEFAULT_STATUS[scope];
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '', 10) || 1);
  const size = Number(params.get('per_page'));
  const perPage = CLAIM_PER_PAGE.find((n) => n === size) ?? CLAIM_PER_PAGE[0];
  const set = (changes: Record<string, string | number | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, String(value));
      }
      return next;
    });
  return {
    status,
    page,
    perPage,
    setStatus: (s: ClaimStatusFilter) => set({ status: s === DEFAULT_STATUS[scope] ? null : s, page: null }),
    setPage: (p: number) => set({ page: p <= 1 ? null : p }),
    setPerPage: (n: number) => set({ per_page: n === CLAIM_PER_PAGE[0] ? null : n, page: null }),
  };
}
