import { BULK_ROWS_PER_ADD_MAX, formatBookingReference } from '@app/domain';
import { Button, Checkbox, Group, NumberInput, Paper, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { BulkErrors, useBulkTransactionForm } from '../hooks/use-bulk-transaction-form';
import type { BulkRow } from '../utils/bulk-rows';

type BulkForm = ReturnType<typeof useBulkTransactionForm>;

interface BulkRowsTableProps {
  form: BulkForm;
  /** The chosen account's reference format: references are formatted as typed. */
  format: string | null;
}

/** One line per transaction (reference, amount, description when different, partial) and "Add rows". */
export function BulkRowsTable({ form, format }: BulkRowsTableProps) {
  const hasDescription = form.shared.description_type === 'different';
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={720}>
        <Table data-testid="bulk-rows" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>#</Table.Th>
              <Table.Th>Reference number</Table.Th>
              <Table.Th w={160}>Amount</Table.Th>
              {hasDescription && <Table.Th>Description</Table.Th>}
              <Table.Th w={80}>Partial</Table.Th>
              <Table.Th w={1} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {form.rows.map((row, i) => (
              <BulkRowLine
                key={row.key}
                index={i}
                row={row}
                format={format}
                hasDescription={hasDescription}
                errors={form.errors}
                onChange={(patch) => form.setRow(i, patch)}
                onRemove={form.rows.length <= 1 ? undefined : () => form.removeRow(i)}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group p="md" justify="space-between">
        <Group gap="xs" align="flex-end">
          <NumberInput
            aria-label="Rows to add"
            w={90}
            min={1}
            max={BULK_ROWS_PER_ADD_MAX}
            clampBehavior="strict"
            allowDecimal={false}
            value={form.addCount}
            onChange={(v) => form.setAddCount(typeof v === 'number' ? v : 1)}
          />
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={form.addRows}>
            Add rows
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {form.rows.length} row(s)
        </Text>
      </Group>
    </Paper>
  );
}

interface BulkRowLineProps {
  index: number;
  row: BulkRow;
  format: string | null;
  hasDescription: boolean;
  errors: BulkErrors;
  onChange: (patch: Partial<BulkRow>) => void;
  /** Undefined for the last remaining row, which cannot be removed. */
  onRemove: (() => void) | undefined;
}

function BulkRowLine({ index: i, row, format, hasDescription, errors, onChange, onRemove }: BulkRowLineProps) {
  return (
    <Table.Tr data-testid={`bulk-row-${i}`}>
      <Table.Td c="dimmed">{i + 1}</Table.Td>
      <Table.Td>
        <TextInput
          aria-label={`Reference number ${i + 1}`}
          maxLength={64}
          value={row.reference_number}
          onChange={(e) => onChange({ reference_number: formatBookingReference(format, e.currentTarget.value) })}
          error={errors[`transactions.${i}.reference_number`]}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label={`Amount ${i + 1}`}
          type="number"
          min={0.01}
          step={0.01}
          value={row.amount}
          onChange={(e) => onChange({ amount: e.currentTarget.value })}
          error={errors[`transactions.${i}.amount`]}
        />
      </Table.Td>
      {hasDescription && (
        <Table.Td>
          <TextInput
            aria-label={`Description ${i + 1}`}
            value={row.description}
            onChange={(e) => onChange({ description: e.currentTarget.value })}
            error={errors[`transactions.${i}.description`]}
          />
        </Table.Td>
      )}
      <Table.Td>
        <Checkbox
          aria-label={`Partial ${i + 1}`}
          checked={row.is_partial}
          onChange={(e) => onChange({ is_partial: e.currentTarget.checked })}
        />
      </Table.Td>
      <Table.Td>
        <Button
          variant="subtle"
          color="red"
          size="xs"
          leftSection={<IconTrash size={14} />}
          disabled={!onRemove}
          onClick={onRemove}
        >
          Remove
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
