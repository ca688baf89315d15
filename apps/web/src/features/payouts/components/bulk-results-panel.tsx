import { Alert, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ListPagination } from '../../../components/list-pagination';
import { getErrorMessage } from '../../../lib/api-client';
import { formatCount } from '../../../lib/format';
import type { useBulkSearch, useTextFilteredGroups } from '../hooks/use-bulk-search';
import type { BulkMode } from '../utils/bulk-filters';
import { ROWS_PER_PAGE } from '../utils/bulk-groups';
import { BulkGroupsTable } from './bulk-groups-table';

const SEARCH_FAILED = 'An error occurred while fetching bookings.';
const EMPTY_RESULTS = 'No bookings found. Use the filters above to search for eligible bookings.';

interface BulkResultsPanelProps {
  mode: BulkMode;
  found: ReturnType<typeof useBulkSearch>;
  view: ReturnType<typeof useTextFilteredGroups>;
}

/** The search's failure, or its bookings grouped by agent with a text filter and pages. */
export function BulkResultsPanel({ mode, found, view }: BulkResultsPanelProps) {
  const { search, state } = found;
  return (
    <>
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
            <BulkTextFilter view={view} />
            {found.limit !== null && (
              <Alert color="yellow" variant="light" mx="sm" mb="sm" data-testid="search-limit">
                The search stops at {found.limit} bookings: narrow the filters to see the others.
              </Alert>
            )}
            <BulkGroupsTable
              groups={view.pageGroups}
              state={state}
              mode={mode}
              text={view.deferredText}
              dispatch={found.dispatch}
            />
            <BulkPages view={view} onPage={found.setPage} />
          </Stack>
        )}
      </Paper>
    </>
  );
}

function BulkTextFilter({ view }: { view: BulkResultsPanelProps['view'] }) {
  return (
    <Group p="sm" justify="space-between" wrap="wrap">
      <TextInput
        type="search"
        aria-label="Search bookings"
        placeholder="Reference, customer, agent, supplier or amount"
        w={{ base: '100%', sm: 420 }}
        value={view.text}
        onChange={(e) => view.changeText(e.currentTarget.value)}
      />
      {view.text.trim() !== '' && (
        <Text size="sm" data-testid="found-count">
          Found {formatCount(view.filtered.length, 'booking')}
        </Text>
      )}
    </Group>
  );
}

/** Pages of ROWS_PER_PAGE bookings, when there are more. */
function BulkPages({ view, onPage }: { view: BulkResultsPanelProps['view']; onPage: (page: number) => void }) {
  const { filtered, currentPage, lastPage } = view;
  if (filtered.length <= ROWS_PER_PAGE) return null;
  return (
    <ListPagination
      page={{
        current_page: currentPage,
        last_page: lastPage,
        per_page: ROWS_PER_PAGE,
        from: (currentPage - 1) * ROWS_PER_PAGE + 1,
        to: Math.min(currentPage * ROWS_PER_PAGE, filtered.length),
        total: filtered.length,
      }}
      onPage={onPage}
    />
  );
}
