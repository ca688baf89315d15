import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { suppliersQueryOptions } from '../../suppliers';
import { payoutOptionsQueryOptions } from '../../../api/payout-options';
import { settingsQueryOptions } from '../../../api/settings';
import { BulkFiltersForm } from '../components/bulk-filters';
import { BulkResultsPanel } from '../components/bulk-results-panel';
import { BulkSubmitPanel } from '../components/bulk-submit-panel';
import { ReconcileConfirmModal } from '../components/reconcile-confirm-modal';
import { ResultsModal } from '../components/results-modal';
import { useBulkSearch, useTextFilteredGroups } from '../hooks/use-bulk-search';
import { useBulkSubmit, useSubmitAttempt } from '../hooks/use-bulk-submit';
import { filtersToSearch, readFilters, searchBody, type BulkMode } from '../utils/bulk-filters';
import { selectedRows } from '../utils/bulk-state';
import { selectionSummary } from '../utils/bulk-summary';
import { percentOf } from '../utils/money';

const TITLES: Record<BulkMode, { title: string; description: string; submit: string }> = {
  payout: {
    title: 'Bulk payouts',
    description: 'Pay agents their commission for many bookings at once.',
    submit: 'Process Payouts',
  },
  reconcile: {
    title: 'Bulk reconcile',
    description: 'Set the gross of bookings to what the supplier actually paid.',
    submit: 'Reconcile Bookings',
  },
};

/** /bulk-payouts and /bulk-reconcile (agents-transactions-payouts §2.8, §4, §5, §7, §8). */
export function BulkPayoutsRoute({ mode }: { mode: BulkMode }) {
  const texts = TITLES[mode];
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState(() => readFilters(params));
  const suppliers = useQuery(suppliersQueryOptions());
  const payoutOptions = useQuery(payoutOptionsQueryOptions());
  const gst = useQuery(settingsQueryOptions());
  const gstRate = gst.data ? percentOf(gst.data.gst_rate) : null;

  const attempt = useSubmitAttempt();
  const found = useBulkSearch(attempt.clear);
  const view = useTextFilteredGroups(found.state, found.page, found.setPage);
  const selection = selectedRows(found.state);
  const form = useBulkSubmit(mode, selection, attempt, found.rerun);

  return (
    <>
      <PageHeader title={texts.title} description={texts.description} />
      <BulkFiltersForm
        filters={filters}
        onChange={setFilters}
        searching={found.search.isPending}
        suppliers={suppliers.data ?? []}
        payouts={payoutOptions.data ?? []}
        onSearch={() => {
          setParams(filtersToSearch(filters), { replace: true });
          found.runSearch(searchBody(filters, mode));
        }}
      />
      <BulkResultsPanel mode={mode} found={found} view={view} />
      {found.state.bookings.size > 0 && (
        <BulkSubmitPanel
          mode={mode}
          summary={selectionSummary(selection, mode, gstRate)}
          form={form}
          submitLabel={texts.submit}
        />
      )}
      <ReconcileConfirmModal drops={form.toConfirm} onCancel={form.cancelConfirm} onConfirm={form.send} />
      <ResultsModal results={form.results} onClose={form.closeResults} />
    </>
  );
}
