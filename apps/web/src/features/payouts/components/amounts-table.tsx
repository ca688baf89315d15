import { Alert, Table } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface AmountsTableProps {
  testId: string;
  /** Column headers: the first `textColumns` hold text, the others amounts and percentages (right-aligned). */
  head: readonly string[];
  rows: readonly { key: number | string; cells: readonly ReactNode[] }[];
  /** A totals row: its label spans `span` columns, then the amounts. */
  foot?: { label: string; span: number; cells: readonly ReactNode[] };
  textColumns?: number;
}

/** Who gets what: an agent (or booking) per row, then percentages and amounts. */
export function AmountsTable({ testId, head, rows, foot, textColumns = 1 }: AmountsTableProps) {
  const align = (i: number) => (i < textColumns ? undefined : 'right');
  return (
    <Table.ScrollContainer minWidth={120 * head.length}>
      <Table withTableBorder fz="sm" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {head.map((h, i) => (
              <Table.Th key={h} ta={align(i)}>
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              {row.cells.map((cell, i) => (
                <Table.Td key={i} ta={align(i)}>
                  {cell}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {foot && (
          <Table.Tfoot>
            <Table.Tr fw={600}>
              <Table.Td colSpan={foot.span}>{foot.label}</Table.Td>
              {foot.cells.map((cell, i) => (
                <Table.Td key={i} ta="right">
                  {cell}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}

/** A red message the person must act on (a refused amount, a failed request). */
export function ErrorAlert({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" data-testid={testId}>
      {children}
    </Alert>
  );
}
