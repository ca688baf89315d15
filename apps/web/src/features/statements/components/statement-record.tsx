import { Badge, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { EMPTY_VALUE, formatDate, formatMoney, formatSignedMoney } from '../../../lib/format';
import type { StatementSummary } from '../api/statements-api';
import { currencyOf } from '../utils/statement-money';
import { StatementCounts, StatementJobBadge } from './statement-badges';
import { Field } from '../../../components/field';

/** A statement's record: the file and account, when, its lines, money in, out and net, the deposit and matching. */
export function StatementRecord({ statement: s }: { statement: StatementSummary }) {
  const currency = currencyOf(s);
  return (
    <Paper withBorder radius="md" p="md" data-testid="statement-record">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <Field label="File" testId="statement-file">
          <Group gap={6}>
            {s.filename}
            <StatementJobBadge status={s.job_status} />
          </Group>
        </Field>
        <Field label="Supplier / account" testId="statement-account">
          {`${s.supplier_name} · ${s.account_name} (${s.currency_code})`}
        </Field>
        <Field label="Imported" testId="statement-imported">
          {formatDate(s.created_at)}
        </Field>
        <Field label="Lines" testId="statement-lines-count">
          {`${s.line_count} imported, ${s.skipped_count} skipped`}
        </Field>
        <Field label="Money in" testId="statement-money-in">
          {formatMoney(s.credit_total, currency)}
        </Field>
        <Field label="Money out" testId="statement-money-out">
          {formatMoney(s.debit_total, currency)}
        </Field>
        <Field label="Net" testId="statement-net">
          {formatMoney(s.net_total, currency)}
        </Field>
        <Field label="Deposit received" testId="statement-deposit">
          {s.deposit_amount === null ? 'None given' : formatMoney(s.deposit_amount, currency)}
        </Field>
        <Field label="Difference (deposit − net)" testId="statement-difference">
          {s.difference === null ? (
            EMPTY_VALUE
          ) : s.difference === 0 ? (
            <Text span inherit c="green.8">
              No difference
            </Text>
          ) : (
            <Badge color="red" variant="light" tt="none">
              {formatSignedMoney(s.difference, currency)}
            </Badge>
          )}
        </Field>
        <Field label="Matching now" testId="statement-matching">
          <StatementCounts counts={s.counts} />
        </Field>
      </SimpleGrid>
    </Paper>
  );
}
