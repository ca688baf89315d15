import { Alert, List, ScrollArea, Text } from '@mantine/core';
import { skippedRowMessage, type ImportSkippedRow } from '@app/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface SkippedRowsAlertProps {
  /** The rows listed (the answer may list fewer than there are). */
  rows: readonly ImportSkippedRow[];
  /** How many there are in all. */
  total: number;
  /** 'row' (the two-column import) or 'line' (a statement). */
  noun: 'row' | 'line';
  testId: string;
  children?: ReactNode;
}

/**
 * What an import will not write, each row with its reason ('Row 4: the amount is empty'), scrolling when long:
 * nobody loses a payment without a word (decision 0003). The transaction import and the statement import.
 */
export function SkippedRowsAlert({ rows, total, noun, testId, children }: SkippedRowsAlertProps) {
  const hidden = total - rows.length;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={`${total} ${noun}(s) will not be imported`}
      data-testid={testId}
    >
      <ScrollArea.Autosize mah={140} type="auto" viewportProps={{ tabIndex: 0, 'aria-label': `Skipped ${noun}s` }}>
        <List size="xs" spacing={2}>
          {rows.map((s) => (
            <List.Item key={s.row}>{skippedRowMessage(s)}</List.Item>
          ))}
        </List>
        {hidden > 0 && (
          <Text size="xs" mt={4}>
            {`... and ${hidden} more`}
          </Text>
        )}
      </ScrollArea.Autosize>
      {children}
    </Alert>
  );
}
