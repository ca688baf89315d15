import { REPORT_CARD_TITLES, type ReportCard, type ReportCurrencyTotal, type ReportFiltersInput } from '@app/domain';
import { Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconCalendarDue,
  IconCalendarTime,
  IconCircleX,
  IconHistory,
  IconListDetails,
  type Icon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { NO_WRAP } from '../../../components/list-table';
import { QueryError } from '../../../components/query-error';
import { formatCount, formatMoney } from '../../../lib/format';
import type { CommissionSummary } from '../api/reports-api';
import { NextPayoutPdfButton } from './pdf-button';

/** What each card holds (DOMAIN.md "Report cards"), said under its title. */
export const CARD_HINTS: Record<ReportCard, string> = {
  pending: 'Booked, not yet payable',
  confirmed: 'Payable now',
  paid: 'Paid out in the range',
  cancelled: 'Lines of cancelled bookings',
};

const CARD_LOOK: Record<ReportCard, { icon: Icon; color: string }> = {
  pending: { icon: IconCalendarTime, color: 'yellow' },
  confirmed: { icon: IconCalendarDue, color: 'teal' },
  paid: { icon: IconHistory, color: 'indigo' },
  cancelled: { icon: IconCircleX, color: 'red' },
};

/** The cards a user sees: Cancelled Commissions for admins only (spec §2, §6). */
export const visibleCards = (isAdmin: boolean): ReportCard[] =>
  isAdmin ? ['pending', 'confirmed', 'paid', 'cancelled'] : ['pending', 'confirmed', 'paid'];

/** One currency of a card or a detail: the total with GST, and its commission and GST. */
export function CurrencyTotalLine({ total }: { total: ReportCurrencyTotal }) {
  const code = { code: total.currency_code, symbol: total.currency_symbol };
  return (
    <div data-testid="currency-total" data-currency={total.currency_code}>
      <Group gap={6} align="baseline" wrap="nowrap">
        <Text size="xs" c="dimmed" fw={600} w={32}>
          {total.currency_code}
        </Text>
        <Text fw={700} size="lg" data-testid="total-with-gst">
          {formatMoney(total.total_with_gst, code)}
        </Text>
      </Group>
      {/* A narrow card wraps between the two parts, never inside one. */}
      <Text size="xs" c="dimmed" pl={38} data-testid="total-parts">
        <span {...NO_WRAP}>Commission {formatMoney(total.total, code)}</span> ·{' '}
        <span {...NO_WRAP}>GST {formatMoney(total.gst_total, code)}</span>
      </Text>
    </div>
  );
}

interface SummaryCardsProps {
  summary: {
    data?: CommissionSummary;
    isPending: boolean;
    isError: boolean;
    isPlaceholderData: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  isAdmin: boolean;
  /** The dashboard filters, for the Next payout PDF. */
  query: ReportFiltersInput;
  onOpen: (card: ReportCard) => void;
}

/** The summary cards, each with its count and per-currency totals; each opens its detail. */
export function SummaryCards({ summary, isAdmin, query, onOpen }: SummaryCardsProps) {
  const cards = visibleCards(isAdmin);
  if (summary.isError && !summary.data) {
    return (
      <QueryError
        error={summary.error}
        fallback="The commission summary could not be loaded."
        onRetry={() => void summary.refetch()}
      />
    );
  }
  return (
    <SimpleGrid
      // Four cards side by side from 1408 px (xl); below that two by two, each wide enough for its amounts.
      cols={cards.length === 4 ? { base: 1, sm: 2, xl: 4 } : { base: 1, sm: 2, lg: 3 }}
      spacing="md"
      data-testid="summary-cards"
      style={{ opacity: summary.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
      aria-busy={summary.isPlaceholderData || summary.isPending}
    >
      {cards.map((card) => (
        <SummaryCard
          key={card}
          card={card}
          count={summary.data?.counts[card]}
          totals={summary.data?.totals[card]}
          onOpen={() => onOpen(card)}
          extra={card === 'confirmed' && <NextPayoutPdfButton query={query} size="xs" />}
        />
      ))}
    </SimpleGrid>
  );
}

interface SummaryCardProps {
  card: ReportCard;
  /** Undefined while loading. */
  count: number | undefined;
  totals: ReportCurrencyTotal[] | undefined;
  onOpen: () => void;
  extra?: ReactNode;
}

function SummaryCard({ card, count, totals, onOpen, extra }: SummaryCardProps) {
  const { icon: CardIcon, color } = CARD_LOOK[card];
  const title = REPORT_CARD_TITLES[card];
  const titleId = `card-${card}-title`;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid={`card-${card}`}
      aria-labelledby={titleId}
      component="section"
      style={{ borderTop: `3px solid var(--mantine-color-${color}-6)`, display: 'flex', flexDirection: 'column' }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start" mb="sm">
        <ThemeIcon variant="light" color={color} size="lg" radius="md" aria-hidden>
          <CardIcon size={20} />
        </ThemeIcon>
        <div>
          <Title order={3} size="h5" id={titleId}>
            {title}
          </Title>
          <Text size="xs" c="dimmed">
            {CARD_HINTS[card]}
          </Text>
        </div>
      </Group>
      {count !== undefined && (
        <Badge variant="light" color="gray" mb="sm" style={{ alignSelf: 'flex-start' }} data-testid="card-count">
          {formatCount(count, 'booking')}
        </Badge>
      )}
      <Stack gap="xs" style={{ flex: 1 }}>
        {totals === undefined ? (
          <Stack gap={6} role="status" aria-label={`Loading ${title}`}>
            <Skeleton h={24} w="70%" />
            <Skeleton h={12} w="90%" />
          </Stack>
        ) : totals.length === 0 ? (
          <Text c="dimmed" size="sm" data-testid="card-empty">
            Nothing in this range.
          </Text>
        ) : (
          totals.map((t) => <CurrencyTotalLine key={t.currency_code} total={t} />)
        )}
      </Stack>
      <Group gap="xs" mt="md">
        <Button
          variant="light"
          color={color}
          size="xs"
          leftSection={<IconListDetails size={14} />}
          onClick={onOpen}
          aria-label={`View ${title} details`}
        >
          Details
        </Button>
        {extra}
      </Group>
    </Paper>
  );
}
