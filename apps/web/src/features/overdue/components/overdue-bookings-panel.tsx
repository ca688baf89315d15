import { AGING_BUCKETS, OVERDUE_PER_PAGE } from '@app/domain';
import { Box, Group, Paper, SegmentedControl, Stack, Text, useMatches } from '@mantine/core';
import { useState } from 'react';
import { ExportCsvButton, exportNotices } from '../../../components/export-csv-button';
import { RecordSelect, SearchField } from '../../../components/filter-fields';
import { ListPagination } from '../../../components/list-pagination';
import { ListTable } from '../../../components/list-table';
import { useSuppliers } from '../../suppliers';
import { useOverdueExport, type OverdueRow } from '../api/overdue-api';
import type { OverdueList } from '../hooks/use-overdue-list';
import { BUCKET_CHOICES } from '../utils/aging';
import { FollowUpModal } from './follow-up-modal';
import { overdueColumns } from './overdue-columns';

interface OverdueBookingsPanelProps {
  list: OverdueList;
  /** The day the report counts to: a next follow-up on or before it is due. */
  today: string;
}

/**
 * The overdue bookings of the filters (supplier, bucket, reference or customer), sortable and paged, with each
 * booking's follow-up notes (the CSV's button, `OverdueExportButton`, is in the section's heading).
 */
export function OverdueBookingsPanel({ list, today }: OverdueBookingsPanelProps) {
  const { params, query } = list;
  const [following, setFollowing] = useState<OverdueRow | null>(null);
  const filtered = params.supplierId !== '' || params.bucket !== '' || params.search !== '';
  return (
    <Stack gap="sm">
      <OverdueFilters list={list} />
      <Paper withBorder radius="md">
        <ListTable
          query={query}
          noun="overdue bookings"
          columns={overdueColumns({ sort: list.sort, onSort: list.sortBy, today, onFollowUp: setFollowing })}
          minWidth={1450}
          tableProps={{ verticalSpacing: 'xs', fz: 'sm' }}
          rowProps={(b) => ({ 'data-booking': b.booking_reference })}
          empty={filtered ? 'No overdue bookings match these filters.' : 'No overdue bookings.'}
        />
        <ListPagination
          page={query.data}
          onPage={list.goToPage}
          pageSize={{ options: OVERDUE_PER_PAGE, value: params.perPage, onChange: list.setPerPage }}
        />
      </Paper>
      <FollowUpModal booking={following} onClose={() => setFollowing(null)} />
    </Stack>
  );
}

/** Supplier, bucket and search: each applies at once (the search once the typing pauses). */
function OverdueFilters({ list }: { list: OverdueList }) {
  const { params } = list;
  const suppliers = useSuppliers();
  const narrow = useMatches({ base: true, sm: false });
  return (
    <Group align="flex-end" gap="sm" data-testid="overdue-filters">
      <RecordSelect
        label="Supplier"
        placeholder={suppliers.isPending ? 'Loading suppliers…' : 'All suppliers'}
        items={suppliers.data ?? []}
        nothingFoundMessage="No supplier matches"
        w={240}
        value={params.supplierId}
        onChange={list.setSupplier}
      />
      <Box w={narrow ? '100%' : undefined}>
        <Text size="sm" fw={500} mb={2} id="overdue-bucket-label">
          Days past due
        </Text>
        <SegmentedControl
          aria-labelledby="overdue-bucket-label"
          // Five choices do not fit a phone's width side by side: one under the other there.
          orientation={narrow ? 'vertical' : 'horizontal'}
          fullWidth={narrow}
          data={BUCKET_CHOICES}
          value={params.bucket}
          onChange={(value) => list.setBucket(AGING_BUCKETS.find((b) => b === value) ?? '')}
        />
      </Box>
      <SearchField
        label="Search"
        placeholder="Reference or customer"
        w={240}
        value={list.searchText}
        onChange={list.setSearchText}
      />
    </Group>
  );
}

/** 'Export CSV': the overdue bookings of the filters (every page), as the server names the file. */
export function OverdueExportButton({ list }: { list: OverdueList }) {
  const exporting = useOverdueExport();
  const { supplierId, bucket, search } = list.params;
  return (
    <ExportCsvButton
      exporting={exporting.isPending}
      disabled={!list.query.data || list.query.data.total === 0}
      onClick={() => exporting.mutate({ supplierId, bucket, search }, exportNotices)}
    >
      Export CSV
    </ExportCsvButton>
  );
}
