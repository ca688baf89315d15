import type { UnmatchedTransaction } from '@app/domain';
import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { EMPTY_VALUE, formatDate, formatMoney } from '../../../lib/format';

/** A transaction's amount in its own currency ('CA$1,120.00'). */
export const transactionAmount = (t: Pick<UnmatchedTransaction, 'amount' | 'currency_code' | 'currency_symbol'>) =>
  formatMoney(t.amount, { code: t.currency_code, symbol: t.currency_symbol });

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

interface TransactionFactsProps {
  transaction: UnmatchedTransaction;
  /** Columns at the widest (default 3). */
  cols?: number;
}

/** What a supplier credit is: reference, date, supplier, account, amount and its description. */
export function TransactionFacts({ transaction: t, cols = 3 }: TransactionFactsProps) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, sm: cols }} spacing="md" verticalSpacing="sm" data-testid="transaction-facts">
      <Fact label="Reference">
        <Text span fw={600} size="sm">
          {t.reference_number}
        </Text>
      </Fact>
      <Fact label="Date">{formatDate(t.transaction_date)}</Fact>
      <Fact label="Amount">{transactionAmount(t)}</Fact>
      <Fact label="Supplier">{t.supplier_name}</Fact>
      <Fact label="Account">{t.account_name}</Fact>
      <Fact label="Description">{t.description || EMPTY_VALUE}</Fact>
    </SimpleGrid>
  );
}
