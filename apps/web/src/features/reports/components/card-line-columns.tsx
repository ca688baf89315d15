import type { ReportCard, ReportLineSort } from '@app/domain';
import { Anchor, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { NO_WRAP, type ListColumn } from '../../../components/list-table';
import { TruncatedText } from '../../../components/truncated-text';
import { formatDate, formatMoney, formatPercent } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import type { CardLine, LinesPage } from '../api/reports-api';
import { PayoutPdfButton } from './pdf-button';

const RIGHT = { ta: 'right' } as const;
const RIGHT_NO_WRAP = { ...RIGHT, ...NO_WRAP } as const;

const money = (amount: number, line: CardLine) =>
  formatMoney(amount, { code: line.currency_code, symbol: line.currency_symbol });

/**
 * A card's columns, the sortable ones with a header that sorts by them (`onSort`) and says how they are
 * sorted (`aria-sort`); the Paid card adds its payout, with the payout's PDF.
 */
export function cardLineColumns(
  card: ReportCard,
  page: LinesPage,
  onSort: (sort: ReportLineSort) => void,
): ListColumn<CardLine>[] {
  const sortable = (label: string, sort: ReportLineSort, right = false) => ({
    header: (
      <SortHeader
        label={label}
        active={page.sort === sort}
        direction={page.direction}
        onSort={() => onSort(sort)}
        right={right}
      />
    ),
    th: right ? { ...RIGHT, ...ariaSort(page, sort) } : ariaSort(page, sort),
  });

  const columns: ListColumn<CardLine>[] = [
    {
      ...sortable('Reference', 'booking_reference'),
      td: NO_WRAP,
      cell: (l) => (
        <Anchor component={Link} to={paths.bookings.view(l.booking_id)} fw={500}>
          {l.booking_reference}
        </Anchor>
      ),
    },
    { ...sortable('Date', 'booking_date'), td: NO_WRAP, cell: (l) => formatDate(l.booking_date) },
    // Names of any length are cut with a tooltip: the amounts and the PDF stay in the window (issue 19 item 8).
    {
      ...sortable('Customer', 'customer_name'),
      cell: (l) => <TruncatedText maw={110}>{l.customer_name}</TruncatedText>,
    },
    { ...sortable('Supplier', 'supplier'), cell: (l) => l.supplier_name },
    { ...sortable('Agent', 'agent'), cell: (l) => <TruncatedText maw={110}>{l.agent_name}</TruncatedText> },
    { header: 'Gross', th: RIGHT, td: RIGHT_NO_WRAP, cell: (l) => money(l.gross_amount, l) },
    { ...sortable('%', 'percentage', true), td: RIGHT, cell: (l) => formatPercent(l.percentage) },
    { ...sortable('Commission', 'amount', true), td: RIGHT_NO_WRAP, cell: (l) => money(l.amount, l) },
    { header: 'GST', th: RIGHT, td: RIGHT_NO_WRAP, cell: (l) => money(l.gst_amount, l) },
    { ...sortable('Total', 'total', true), td: { ...RIGHT_NO_WRAP, fw: 600 }, cell: (l) => money(l.total, l) },
  ];
  if (card === 'paid') columns.push({ ...sortable('Payout', 'payout_date'), cell: (l) => <PayoutCell line={l} /> });
  return columns;
}

/** The line's payout: its name, its date and its PDF (nothing for a line no payout paid). */
function PayoutCell({ line: l }: { line: CardLine }) {
  if (l.payout_id === null) return null;
  return (
    <Group gap={4} wrap="nowrap">
      <div>
        <TruncatedText size="sm" maw={110}>
          {l.payout_name ?? ''}
        </TruncatedText>
        <Text size="xs" c="dimmed" style={NO_WRAP.style}>
          {formatDate(l.payout_date)}
        </Text>
      </div>
      <PayoutPdfButton payoutId={l.payout_id} name={l.payout_name ?? `payout ${l.payout_id}`} />
    </Group>
  );
}

/** `aria-sort` of a sortable column's header cell. */
function ariaSort(page: LinesPage, sort: ReportLineSort) {
  return {
    'aria-sort': page.sort === sort ? (page.direction === 'asc' ? 'ascending' : 'descending') : 'none',
  } as const;
}

interface SortHeaderProps {
  label: string;
  active: boolean;
  direction: 'asc' | 'desc';
  onSort: () => void;
  right?: boolean;
}

/** A column header that sorts by its column; again reverses the direction. */
function SortHeader({ label, active, direction, onSort, right }: SortHeaderProps): ReactNode {
  const Icon = !active ? IconSelector : direction === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <UnstyledButton onClick={onSort} aria-label={`Sort by ${label === '%' ? 'percentage' : label}`} fw={600} fz="sm">
      <Group gap={2} wrap="nowrap" justify={right ? 'flex-end' : 'flex-start'}>
        {label}
        <Icon size={14} stroke={1.5} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}
