import { TRANSACTION_PAGE_SIZES } from '@app/domain';
import { Alert, Button, Group, Select, Text } from '@mantine/core';
import { PageSizeSelect } from '../../../components/list-pagination';
import type { useBulkStatus } from '../hooks/use-bulk-status';
import { ACTIONS } from '../utils/list-query';

type BulkStatus = ReturnType<typeof useBulkStatus>;

/** The outcome of the last bulk status change, until it is closed or the list reloads. */
export function BulkStatusResult({ bulk }: { bulk: BulkStatus }) {
  if (!bulk.result) return null;
  return (
    <Alert
      mb="md"
      color={bulk.result.ok ? 'green' : 'red'}
      title={bulk.result.ok ? 'Success!' : 'Error!'}
      withCloseButton
      onClose={bulk.clearResult}
      data-testid="bulk-result"
    >
      {bulk.result.message}
    </Alert>
  );
}

/** Above the table: how many rows are selected, the bulk action and Apply; the page size on the right. */
export function BulkStatusBar({
  bulk,
  pageSize,
  onPageSize,
}: {
  bulk: BulkStatus;
  pageSize: number;
  onPageSize: (size: number) => void;
}) {
  return (
    <Group p="sm" justify="space-between" data-testid="bulk-bar">
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {bulk.selected.length} selected
        </Text>
        <Select
          aria-label="Bulk action"
          placeholder="Bulk action"
          w={200}
          data={ACTIONS.map((a) => ({ value: a.value, label: a.label }))}
          value={bulk.action}
          onChange={bulk.setAction}
          clearable
        />
        <Button onClick={bulk.apply} disabled={bulk.selected.length === 0 || !bulk.action}>
          Apply
        </Button>
      </Group>
      <PageSizeSelect options={TRANSACTION_PAGE_SIZES} value={pageSize} onChange={onPageSize} />
    </Group>
  );
}
