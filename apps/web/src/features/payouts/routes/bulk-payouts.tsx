import { PAYOUT_MESSAGES } from '@app/domain';
import { Alert, Button, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListPagination } from '../../../components/list-pagination';
import { PageHeader } from '../../../components/page-header';
import { getErrorMessage } from '../../../lib/api-client';
import { todayUtc } from '../../../lib/dates';
import { formatCount } from '../../../lib/format';
import { suppliersQueryOptions } from '../../suppliers';
import {
  gstRateQueryOptions,
  searchBulkPayouts,
  useProcessBulk,
  usePayoutOptions,
  type BulkResponse,
  type BulkSearchBody,
} from '../api/payouts-api';
import { ErrorAlert } from '../components/amounts-table';
import { BulkFiltersForm } from '../components/bulk-filters';
import { BulkGroupsTable } from '../components/bulk-groups-table';
import { CommissionSummary } from '../components/commission-summary';
import { ReconcileConfirmModal } from '../components/reconcile-confirm-modal';
import { ResultsModal } from '../components/results-modal';
import { filtersToSearch, readFilters, searchBody, type BulkMode } from '../utils/bulk-filters';
import { groupByAgent, matchesText, pageOfGroups, ROWS_PER_PAGE } from '../utils/bulk-groups';
import { bulkReducer, EMPTY_STATE, selectedRows } from '../utils/bulk-state';
import { payoutDateFieldProblem, processBody, reconcileBody, submitProblem } from '../utils/bulk-submit';
import { grossDrops, selectionSummary, type GrossDrop } from '../utils/bulk-summary';
import { percentOf } from '../utils/money';

export const SEARCH_FAILED = 'An error occurred while fetching bookings.';
export const PROCESS_FAILED = 'An error occurred while processing the request.';
export const EMPTY_RESULTS = 'No bookings found. Use the filters above to search for eligible bookings.';
/** agents-transactions-payouts §9: the search re-runs 1 s after a successful process. */
export const RESEARCH_DELAY_MS = 1000;

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
  const payoutOptions = usePayoutOptions();
  const gst = useQuery(gstRateQueryOptions());
  const gstRate = gst.data ? percentOf(gst.data.gst_rate) : null;

  const [state, dispatch] = useReducer(bulkReducer, EMPTY_STATE);
  const [limit, setLimit] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  /** A submit was tried: from then on the selection's problem shows, and goes as soon as it is fixed. */
  const [tried, setTried] = useState(false);
  /** The server's answer when processing failed (until the next try). */
  const [alert, setAlert] = useState<string | null>(null);
  const search = useMutation({
    mutationFn: searchBulkPayouts,
    // Searching clears the selections (and what was typed in the rows), and so the errors about them.
    onMutate: () => {
      dispatch({ type: 'reset', bookings: [] });
      setTried(false);
      setAlert(null);
    },
    onSuccess: (answer) => {
      dispatch({ type: 'reset', bookings: answer.bookings });
      setLimit(answer.bookings.length >= answer.limit ? answer.limit : null);
      setPage(1);
    },
  });
  const lastSearch = useRef<BulkSearchBody | null>(null);
  const runSearch = (body: BulkSearchBody) => {
    lastSearch.current = body;
    search.mutate(body);
  };

  const [text, setText] = useState('');
  const deferredText = useDeferredValue(text);
  const bookings = useMemo(() => [...state.bookings.values()], [state.bookings]);
  const filtered = useMemo(() => bookings.filter((b) => matchesText(b, deferredText)), [bookings, deferredText]);
  const groups = useMemo(() => groupByAgent(filtered), [filtered]);
  const lastPage = Math.max(1, Math.ceil(filtered.length / ROWS_PER_PAGE));
  const currentPage = Math.min(page, lastPage);
  const pageGroups = useMemo(() => pageOfGroups(groups, currentPage), [groups, currentPage]);

  const selection = selectedRows(state);
  const summary = selectionSummary(selection, mode, gstRate);

  const [description, setDescription] = useState<string>(
    mode === 'payout' ? PAYOUT_MESSAGES.defaultBulkDescription : PAYOUT_MESSAGES.defaultReconcileDescription,
  );
  const [payoutDate, setPayoutDate] = useState('');
  // The server's calendar is UTC (DOMAIN.md rule 6: a payout is dated on or before today).
  const today = todayUtc();
  const dateProblem = mode === 'payout' ? payoutDateFieldProblem(payoutDate, today) : null;
  const problem = tried ? submitProblem(selection, mode, { date: payoutDate, today }) : null;
  const [results, setResults] = useState<BulkResponse | null>(null);
  const [toConfirm, setToConfirm] = useState<GrossDrop[] | null>(null);
  const process = useProcessBulk();
  const researchTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(researchTimer.current), []);

  const submit = () => {
    setTried(true);
    setAlert(null);
    if (submitProblem(selection, mode, { date: payoutDate, today })) return;
    // A reconcile that lowers a gross gives up money for good: never without the person's say-so.
    const drops = grossDrops(selection, mode);
    if (drops.length > 0) setToConfirm(drops);
    else send();
  };

  const send = () => {
    setToConfirm(null);
    const request =
      mode === 'payout'
        ? ({ mode, body: processBody(selection, description, payoutDate) } as const)
        : ({ mode, body: reconcileBody(selection, description) } as const);
    process.mutate(request, {
      onSuccess: (answer) => {
        setTried(false);
        setResults(answer);
        window.clearTimeout(researchTimer.current);
        researchTimer.current = window.setTimeout(() => {
          if (lastSearch.current) runSearch(lastSearch.current);
        }, RESEARCH_DELAY_MS);
      },
      onError: (error) => setAlert(getErrorMessage(error, PROCESS_FAILED)),
    });
  };

  return (
    <>
      <PageHeader title={texts.title} description={texts.description} />
      <BulkFiltersForm
        filters={filters}
        onChange={setFilters}
        searching={search.isPending}
        suppliers={suppliers.data ?? []}
        payouts={payoutOptions.data ?? []}
        onSearch={() => {
          setParams(filtersToSearch(filters), { replace: true });
          runSearch(searchBody(filters, mode));
        }}
      />

      {search.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} mb="md" data-testid="search-error">
          {getErrorMessage(search.error, SEARCH_FAILED)}
        </Alert>
      )}

      <Paper withBorder radius="md" mb="md">
        {search.isPending ? (
          <Group p="xl" justify="center" role="status" aria-label="Searching bookings">
            <Loader size="sm" />
          </Group>
        ) : state.bookings.size === 0 ? (
          <Text c="dimmed" ta="center" p="xl" data-testid="empty-state">
            {EMPTY_RESULTS}
          </Text>
        ) : (
          <Stack gap={0}>
            <Group p="sm" justify="space-between" wrap="wrap">
              <TextInput
                type="search"
                aria-label="Search bookings"
                placeholder="Reference, customer, agent, supplier or amount"
                w={{ base: '100%', sm: 420 }}
                value={text}
                onChange={(e) => {
                  setText(e.currentTarget.value);
                  setPage(1);
                }}
              />
              {text.trim() !== '' && (
                <Text size="sm" data-testid="found-count">
                  Found {formatCount(filtered.length, 'booking')}
                </Text>
              )}
            </Group>
            {limit !== null && (
              <Alert color="yellow" variant="light" mx="sm" mb="sm" data-testid="search-limit">
                The search stops at {limit} bookings: narrow the filters to see the others.
              </Alert>
            )}
            <BulkGroupsTable groups={pageGroups} state={state} mode={mode} text={deferredText} dispatch={dispatch} />
            {filtered.length > ROWS_PER_PAGE && (
              <ListPagination
                page={{
                  current_page: currentPage,
                  last_page: lastPage,
                  per_page: ROWS_PER_PAGE,
                  from: (currentPage - 1) * ROWS_PER_PAGE + 1,
                  to: Math.min(currentPage * ROWS_PER_PAGE, filtered.length),
                  total: filtered.length,
                }}
                onPage={setPage}
              />
            )}
          </Stack>
        )}
      </Paper>

      {state.bookings.size > 0 && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <CommissionSummary summary={summary} mode={mode} />
            <TextInput
              label="Description"
              maxLength={255}
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
            />
            {mode === 'payout' && (
              <TextInput
                label="Payout date"
                type="date"
                w={{ base: '100%', sm: 240 }}
                description="If not selected, current date will be used"
                max={today}
                value={payoutDate}
                error={dateProblem}
                onChange={(e) => setPayoutDate(e.currentTarget.value)}
              />
            )}
            {(problem ?? alert) && <ErrorAlert testId="bulk-alert">{problem ?? alert}</ErrorAlert>}
            <Group>
              <Button onClick={submit} loading={process.isPending} color="green">
                {texts.submit}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}

      <ReconcileConfirmModal drops={toConfirm} onCancel={() => setToConfirm(null)} onConfirm={send} />
      <ResultsModal results={results} onClose={() => setResults(null)} />
    </>
  );
}
