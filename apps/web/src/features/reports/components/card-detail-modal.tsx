import {
  REPORT_CARD_TITLES,
  REPORT_PER_PAGE,
  type ReportCard,
  type ReportLineSort,
  type ReportFiltersInput,
} from '@app/domain';
import { Anchor, Badge, Group, Modal, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ListPagination } from '../../../components/list-pagination';
import { DataTable, NO_WRAP, type ListColumn } from '../../../components/list-table';
import { QueryContent } from '../../../components/query-content';
import { TruncatedText } from '../../../components/truncated-text';
import { formatCount, formatDate, formatMoney, formatPercent } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useCardLines, type CardLine, type LinesPage } from '../api/reports-api';
import { PayoutPdfButton } from './pdf-button';
import { CARD_HINTS, CurrencyTotalLine } from './summary-cards';

const FIRST_PAGE: LinesPage = { page: 1, per_page: REPORT_PER_PAGE[0], sort: 'booking_date', direction: 'desc' };
const RIGHT = { ta: 'right' } as const;
const RIGHT_NO_WRAP = { ...RIGHT, ...NO_WRAP } as const;

interface CardDetailModalProps {
  /** The open card, or null (closed). */
  card: ReportCard | null;
  query: ReportFiltersInput;
  onClose: () => void;
}

/** A card's lines: paged and sorted by the server, each linking to its booking, and the card's totals. */
export function CardDetailModal({ card, query, onClose }: CardDetailModalProps) {
  return (
    <Modal
      opened={card !== null}
      onClose={onClose}
      title={card ? REPORT_CARD_TITLES[card] : ''}
      // Every column in view at 1360 px, the Past Commissions PDF included (it was cut to 'PD').
      size="min(1480px, 96vw)"
      xOffset="2vw"
      data-testid="card-detail"
    >
      {/* Keyed by card: another card starts again at its first page. */}
      {card && <CardLines key={card} card={card} query={query} />}
    </Modal>
  );
}

function CardLines({ card, query }: { card: ReportCard; query: ReportFiltersInput }) {
  const [page, setPage] = useState<LinesPage>(FIRST_PAGE);
  const lines = useCardLines(card, query, page);
  const sortBy = (sort: ReportLineSort) =>
    setPage((p) => ({
      ...p,
      page: 1,
      sort,
      direction: p.sort === sort && p.direction === 'asc' ? 'desc' : p.sort === sort ? 'asc' : 'desc',
    }));
  const header = (label: string, sort: ReportLineSort, right = false) => (
    <SortHeader
      label={label}
      active={page.sort === sort}
      direction={page.direction}
      onSort={() => sortBy(sort)}
      right={right}
    />
  );
  const money = (amount: number, line: CardLine) =>
    formatMoney(amount, { code: line.currency_code, symbol: line.currency_symbol });

  const columns: ListColumn<CardLine>[] = [
    {
      header: header('Reference', 'booking_reference'),
      th: ariaSort(page, 'booking_reference'),
      td: NO_WRAP,
      cell: (l) => (
        <Anchor component={Link} to={paths.bookings.view(l.booking_id)} fw={500}>
          {l.booking_reference}
        </Anchor>
      ),
    },
    {
      header: header('Date', 'booking_date'),
      th: ariaSort(page, 'booking_date'),
      td: NO_WRAP,
      cell: (l) => formatDate(l.booking_date),
    },
    // Names of any length are cut with a tooltip: the amounts and the PDF stay in the window (issue 19 item 8).
    {
      header: header('Customer', 'customer_name'),
      th: ariaSort(page, 'customer_name'),
      cell: (l) => <TruncatedText maw={110}>{l.customer_name}</TruncatedText>,
    },
    { header: header('Supplier', 'supplier'), th: ariaSort(page, 'supplier'), cell: (l) => l.supplier_name },
    {
      header: header('Agent', 'agent'),
      th: ariaSort(page, 'agent'),
      cell: (l) => <TruncatedText maw={110}>{l.agent_name}</TruncatedText>,
    },
    { header: 'Gross', th: RIGHT, td: RIGHT_NO_WRAP, cell: (l) => money(l.gross_amount, l) },
    {
      header: header('%', 'percentage', true),
      th: { ...RIGHT, ...ariaSort(page, 'percentage') },
      td: RIGHT,
      cell: (l) => formatPercent(l.percentage),
    },
    {
      header: header('Commission', 'amount', true),
      th: { ...RIGHT, ...ariaSort(page, 'amount') },
      td: RIGHT_NO_WRAP,
      cell: (l) => money(l.amount, l),
    },
    { header: 'GST', th: RIGHT, td: RIGHT_NO_WRAP, cell: (l) => money(l.gst_amount, l) },
    {
      header: header('Total', 'total', true),
      th: { ...RIGHT, ...ariaSort(page, 'total') },
      td: { ...RIGHT_NO_WRAP, fw: 600 },
      cell: (l) => money(l.total, l),
    },
  ];
  if (card === 'paid') {
    columns.push({
      header: header('Payout', 'payout_date'),
      th: ariaSort(page, 'payout_date'),
      cell: (l) =>
        l.payout_id !== null && (
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
        ),
    });
  }

  return (
    <QueryContent query={lines} noun={`${REPORT_CARD_TITLES[card]} lines`}>
      {(answer) => (
        <Stack gap="md" style={{ opacity: lines.isPlaceholderData ? 0.6 : 1 }}>
          <Group justify="space-between" align="flex-start" gap="sm">
            <div>
              <Text size="sm" c="dimmed">
                {CARD_HINTS[card]}
              </Text>
              <Badge variant="light" color="gray" mt={4} data-testid="detail-count">
                {formatCount(answer.count, 'booking')}
              </Badge>
            </div>
            {answer.commission_totals.length > 0 && (
              <SimpleGrid
                cols={{ base: 1, sm: Math.min(answer.commission_totals.length, 3) }}
                data-testid="detail-totals"
              >
                {answer.commission_totals.map((t) => (
                  <Paper key={t.currency_code} withBorder radius="sm" px="sm" py={6}>
                    <CurrencyTotalLine total={t} />
                  </Paper>
                ))}
              </SimpleGrid>
            )}
          </Group>
          <Paper withBorder radius="md">
            {answer.bookings.data.length === 0 ? (
              <Text c="dimmed" ta="center" p="xl" data-testid="detail-empty">
                No commissions in this card for these filters.
              </Text>
            ) : (
              <DataTable
                columns={columns}
                rows={answer.bookings.data}
                rowKey={(l) => l.id}
                testId="detail-lines"
                minWidth={card === 'paid' ? 1180 : 980}
                maxHeight={520}
                tableProps={{ stickyHeader: true, fz: 'sm', verticalSpacing: 'xs', horizontalSpacing: 8 }}
                rowProps={(l) => ({ 'data-booking-id': String(l.booking_id) })}
              />
            )}
            <ListPagination
              page={answer.bookings}
              onPage={(n) => setPage((p) => ({ ...p, page: n }))}
              pageSize={{
                options: REPORT_PER_PAGE,
                value: page.per_page,
                onChange: (size) => setPage((p) => ({ ...p, page: 1, per_page: size })),
              }}
            />
          </Paper>
        </Stack>
      )}
    </QueryContent>
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
