import type { OverdueSort } from '@app/domain';
import { Anchor, Badge, Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconAlarm, IconMessagePlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { actionsColumn, NO_WRAP, type ListColumn } from '../../../components/list-table';
import { sortableColumns, type SortState } from '../../../components/sort-header';
import { TruncatedText } from '../../../components/truncated-text';
import { EMPTY_VALUE, formatCount, formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import type { OverdueRow } from '../api/overdue-api';
import { BUCKET_COLORS, moneyOf } from '../utils/aging';

const AMOUNT = { ...NO_WRAP, ta: 'right' } as const;

/**
 * The table is wider than a laptop's screen and scrolls sideways: its Follow up buttons stay in view at the
 * right edge, over the columns scrolling under them.
 */
const STICKY_END = {
  style: {
    position: 'sticky',
    right: 0,
    background: 'var(--mantine-color-body)',
    boxShadow: 'inset 1px 0 0 var(--mantine-color-gray-3)',
  },
} as const;

interface OverdueColumnsOptions {
  sort: SortState<OverdueSort>;
  onSort: (column: OverdueSort) => void;
  /** The day the report counts to (its `as_of`): a next follow-up on or before it is due. */
  today: string;
  onFollowUp: (row: OverdueRow) => void;
}

/** The overdue bookings table's columns; the reference opens the booking, Follow up its notes. */
export function overdueColumns({ sort, onSort, today, onFollowUp }: OverdueColumnsOptions): ListColumn<OverdueRow>[] {
  const sortable = sortableColumns(sort, onSort);
  return [
    {
      ...sortable('Reference', 'booking_reference'),
      td: { fw: 500, ...NO_WRAP },
      cell: (b) => (
        <Anchor component={Link} to={paths.bookings.view(b.booking_id)} inherit>
          {b.booking_reference}
        </Anchor>
      ),
    },
    {
      ...sortable('Customer', 'customer_name'),
      cell: (b) => <TruncatedText maw={130}>{b.customer_name}</TruncatedText>,
    },
    { ...sortable('Supplier', 'supplier'), cell: (b) => <TruncatedText maw={150}>{b.supplier_name}</TruncatedText> },
    { header: 'Agent', cell: (b) => <TruncatedText maw={120}>{b.agent_name}</TruncatedText> },
    { ...sortable('Booking date', 'booking_date'), td: NO_WRAP, cell: (b) => formatDate(b.booking_date) },
    { header: 'Due date', td: NO_WRAP, cell: (b) => formatDate(b.due_date) },
    {
      ...sortable('Days past due', 'days_past_due', 'right'),
      td: { ta: 'right' },
      cell: (b) => (
        <Badge variant="light" color={BUCKET_COLORS[b.bucket]} data-bucket={b.bucket}>
          {formatCount(b.days_past_due, 'day')}
        </Badge>
      ),
    },
    { header: 'Gross', th: { ta: 'right' }, td: AMOUNT, cell: (b) => moneyOf(b, b.gross) },
    { header: 'Received', th: { ta: 'right' }, td: AMOUNT, cell: (b) => moneyOf(b, b.received) },
    {
      ...sortable('Outstanding', 'outstanding', 'right'),
      td: { ...AMOUNT, fw: 600 },
      cell: (b) => moneyOf(b, b.outstanding),
    },
    {
      ...sortable('Next follow-up', 'next_follow_up_date'),
      td: NO_WRAP,
      cell: (b) => <NextFollowUp date={b.next_follow_up_date} today={today} />,
    },
    {
      header: 'Last note',
      cell: (b) =>
        b.last_follow_up ? (
          <TruncatedText maw={140}>{b.last_follow_up.note}</TruncatedText>
        ) : (
          <Text span c="dimmed" inherit>
            {EMPTY_VALUE}
          </Text>
        ),
    },
    followUpColumn(onFollowUp),
  ];
}

function followUpColumn(onFollowUp: (row: OverdueRow) => void): ListColumn<OverdueRow> {
  const column = actionsColumn<OverdueRow>((b) => (
    <Button
      variant="light"
      size="xs"
      leftSection={<IconMessagePlus size={14} />}
      aria-label={`Follow up ${b.booking_reference}`}
      onClick={() => onFollowUp(b)}
    >
      Follow up
    </Button>
  ));
  return { ...column, th: { ...column.th, ...STICKY_END }, td: STICKY_END };
}

/** The day to chase again; in red with an alarm once it has come (today or before). */
function NextFollowUp({ date, today }: { date: string | null; today: string }) {
  if (!date) {
    return (
      <Text span c="dimmed" inherit>
        {EMPTY_VALUE}
      </Text>
    );
  }
  if (date > today) return formatDate(date);
  return (
    <Group gap={4} wrap="nowrap" c="red" fw={600} data-due>
      <IconAlarm size={14} aria-hidden />
      {formatDate(date)}
      <VisuallyHidden>(due)</VisuallyHidden>
    </Group>
  );
}
