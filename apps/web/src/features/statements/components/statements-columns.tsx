import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { NO_WRAP, type ListColumn } from '../../../components/list-table';
import { formatDate, formatMoney, formatSignedMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import type { StatementSummary } from '../api/statements-api';
import { currencyOf } from '../utils/statement-money';
import { StatementCounts, StatementJobBadge } from './statement-badges';

/** The deposit, and its difference with the net: highlighted unless it is none. */
export function DepositDifference({ statement: s }: { statement: StatementSummary }) {
  const currency = currencyOf(s);
  if (s.deposit_amount === null || s.difference === null)
    return (
      <Text size="sm" c="dimmed">
        No deposit given
      </Text>
    );
  return (
    <Stack gap={2} align="flex-start">
      <Text size="sm" style={NO_WRAP.style}>
        {formatMoney(s.deposit_amount, currency)}
      </Text>
      {s.difference === 0 ? (
        <Text size="xs" c="green.8">
          No difference
        </Text>
      ) : (
        <Badge color="red" variant="light" tt="none" data-testid="statement-difference">
          {`Difference ${formatSignedMoney(s.difference, currency)}`}
        </Badge>
      )}
    </Stack>
  );
}

/** The statements list: when, whose, which file (the link to its page), its lines, net, deposit and matching. */
export function statementColumns(): ListColumn<StatementSummary>[] {
  return [
    { header: 'Imported', td: NO_WRAP, cell: (s) => formatDate(s.created_at) },
    {
      header: 'Supplier / account',
      cell: (s) => (
        <div>
          <Text size="sm" fw={500}>
            {s.supplier_name}
          </Text>
          <Text size="xs" c="dimmed">
            {`${s.account_name} · ${s.currency_code}`}
          </Text>
        </div>
      ),
    },
    {
      header: 'File',
      td: { miw: 180 },
      cell: (s) => (
        <Group gap={6} wrap="nowrap">
          <Anchor component={Link} to={paths.statements.view(s.id)} size="sm" style={{ overflowWrap: 'break-word' }}>
            {s.filename}
          </Anchor>
          <StatementJobBadge status={s.job_status} />
        </Group>
      ),
    },
    {
      header: 'Lines',
      th: { ta: 'right' },
      td: { ta: 'right', ...NO_WRAP },
      cell: (s) => (
        <div>
          <Text size="sm">{s.line_count}</Text>
          {s.skipped_count > 0 && (
            <Text size="xs" c="dimmed">
              {`${s.skipped_count} skipped`}
            </Text>
          )}
        </div>
      ),
    },
    {
      header: 'Net',
      th: { ta: 'right' },
      td: { ta: 'right', ...NO_WRAP },
      cell: (s) => formatMoney(s.net_total, currencyOf(s)),
    },
    { header: 'Deposit', cell: (s) => <DepositDifference statement={s} /> },
    { header: 'Matching', cell: (s) => <StatementCounts counts={s.counts} /> },
  ];
}
