import { AGING_BUCKET_LABELS, AGING_BUCKETS, type AgingBucket } from '@app/domain';
import { Button, Stack, Text } from '@mantine/core';
import { DataTable, NO_WRAP, type ListColumn } from '../../../components/list-table';
import { EMPTY_VALUE, formatCount } from '../../../lib/format';
import type { OverdueSupplierRow } from '../api/overdue-api';
import { moneyOf } from '../utils/aging';

interface SupplierAgingTableProps {
  suppliers: readonly OverdueSupplierRow[];
  /** The bookings list's supplier and bucket ('' = all), to mark the amount it shows. */
  shown: { supplierId: string; bucket: AgingBucket | '' };
  /** Lists that supplier's bookings in that bucket ('' = every bucket). */
  onShow: (supplierId: number, bucket: AgingBucket | '') => void;
}

/**
 * Per supplier (largest outstanding first, as the server sends them): its currency, its due days, what is
 * outstanding in each bucket and in all. Each amount is a button that lists those bookings below.
 */
export function SupplierAgingTable({ suppliers, shown, onShow }: SupplierAgingTableProps) {
  const amount = (bucket: AgingBucket | '', label: string): ListColumn<OverdueSupplierRow> => ({
    header: label,
    th: { ta: 'right' },
    td: { ta: 'right' },
    cell: (row) => (
      <BucketAmount
        row={row}
        bucket={bucket}
        active={shown.supplierId === String(row.supplier_id) && shown.bucket === bucket}
        onShow={onShow}
      />
    ),
  });
  const columns: ListColumn<OverdueSupplierRow>[] = [
    { header: 'Supplier', td: { fw: 500 }, cell: (row) => row.supplier_name },
    { header: 'Currency', cell: (row) => row.currency_code },
    { header: 'Due', td: NO_WRAP, cell: (row) => `after ${formatCount(row.due_days, 'day')}` },
    ...AGING_BUCKETS.map((bucket) => amount(bucket, AGING_BUCKET_LABELS[bucket])),
    amount('', 'Total'),
  ];
  return (
    <DataTable
      testId="overdue-suppliers-table"
      columns={columns}
      rows={suppliers}
      rowKey={(row) => row.supplier_id}
      minWidth={860}
      tableProps={{ verticalSpacing: 'xs' }}
      rowProps={(row) => ({ 'data-supplier': row.supplier_name })}
    />
  );
}

interface BucketAmountProps {
  row: OverdueSupplierRow;
  bucket: AgingBucket | '';
  active: boolean;
  onShow: SupplierAgingTableProps['onShow'];
}

/** A bucket's (or the total's) amount and count; a button when there is something to list. */
function BucketAmount({ row, bucket, active, onShow }: BucketAmountProps) {
  const { count, outstanding } = bucket === '' ? row : row.buckets[bucket];
  if (count === 0) {
    return (
      // In line with the amounts' text (a compact button's padding).
      <Text span c="dimmed" size="sm" pr={8}>
        {EMPTY_VALUE}
      </Text>
    );
  }
  const amount = moneyOf(row, outstanding);
  // The amount shown is in the name too (WCAG 2.5.3): 'Show Transat 61–90 days: CA$100.00'.
  const what = bucket === '' ? `all of ${row.supplier_name}` : `${row.supplier_name} ${AGING_BUCKET_LABELS[bucket]}`;
  return (
    <Stack gap={0} align="flex-end">
      <Button
        variant={active ? 'light' : 'subtle'}
        size="compact-sm"
        fw={bucket === '' ? 700 : 600}
        aria-label={`Show ${what}: ${amount}`}
        aria-pressed={active}
        onClick={() => onShow(row.supplier_id, bucket)}
        style={NO_WRAP.style}
      >
        {amount}
      </Button>
      <Text size="xs" c="dimmed" pr={8}>
        {formatCount(count, 'booking')}
      </Text>
    </Stack>
  );
}
