import {
  REPORT_CARD_TITLES,
  REPORT_PER_PAGE,
  type ReportCard,
  type ReportLineSort,
  type ReportFiltersInput,
  type ReportLinesResponse,
} from '@app/domain';
import { Badge, Group, Modal, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ListPagination } from '../../../components/list-pagination';
import { DataTable } from '../../../components/list-table';
import { QueryContent } from '../../../components/query-content';
import { formatCount } from '../../../lib/format';
import { useCardLines, type LinesPage } from '../api/reports-api';
import { cardLineColumns } from './card-line-columns';
import { CARD_HINTS, CurrencyTotalLine } from './summary-cards';

const FIRST_PAGE: LinesPage = { page: 1, per_page: REPORT_PER_PAGE[0], sort: 'booking_date', direction: 'desc' };

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

/** The same column again reverses the direction; another column starts descending; either goes to page 1. */
function sortedBy(page: LinesPage, sort: ReportLineSort): LinesPage {
  const direction = page.sort === sort && page.direction === 'asc' ? 'desc' : page.sort === sort ? 'asc' : 'desc';
  return { ...page, page: 1, sort, direction };
}

function CardLines({ card, query }: { card: ReportCard; query: ReportFiltersInput }) {
  const [page, setPage] = useState<LinesPage>(FIRST_PAGE);
  const lines = useCardLines(card, query, page);
  const columns = cardLineColumns(card, page, (sort) => setPage((p) => sortedBy(p, sort)));

  return (
    <QueryContent query={lines} noun={`${REPORT_CARD_TITLES[card]} lines`}>
      {(answer) => (
        <Stack gap="md" style={{ opacity: lines.isPlaceholderData ? 0.6 : 1 }}>
          <CardLinesSummary card={card} answer={answer} />
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

/** What the card counts, how many bookings, and its commission totals per currency. */
function CardLinesSummary({ card, answer }: { card: ReportCard; answer: ReportLinesResponse }) {
  return (
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
        <SimpleGrid cols={{ base: 1, sm: Math.min(answer.commission_totals.length, 3) }} data-testid="detail-totals">
          {answer.commission_totals.map((t) => (
            <Paper key={t.currency_code} withBorder radius="sm" px="sm" py={6}>
              <CurrencyTotalLine total={t} />
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Group>
  );
}
