import { STATEMENT_MAX_SKIP_ROWS, type StatementDateFormat } from '@app/domain';
import { Alert, NumberInput, Paper, Radio, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import {
  columnFromValue,
  columnValue,
  DATE_FORMAT_OPTIONS,
  MAPPING_FIELDS,
  MAPPING_SOURCE_NOTES,
  NO_COLUMN,
  type ColumnField,
  type MappingDraft,
  type MappingSource,
} from '../utils/mapping-form';

interface MappingFormProps {
  mapping: MappingDraft;
  /** Where the mapping the form started from came from. */
  origin: MappingSource;
  /** A choice per column of the file ('B · Booking Ref'). */
  columns: { value: string; label: string }[];
  /** Messages by mapping field. */
  errors: Record<string, string>;
  onChange: (patch: Partial<MappingDraft>) => void;
}

/** Which column of the statement holds what: set once per supplier account, saved with its import. */
export function MappingForm({ mapping, origin, columns, errors, onChange }: MappingFormProps) {
  const column = (field: ColumnField, label: string, options: { optional?: boolean; description?: string } = {}) => (
    <Select
      label={label}
      description={options.description}
      required={!options.optional}
      placeholder={options.optional ? undefined : 'Choose a column'}
      data={options.optional ? [{ value: NO_COLUMN, label: 'None' }, ...columns] : columns}
      value={columnValue(mapping[field], options.optional)}
      allowDeselect={false}
      onChange={(v) => onChange({ [field]: columnFromValue(v) })}
      error={errors[field]}
    />
  );
  const others = Object.entries(errors).filter(([field]) => !MAPPING_FIELDS.includes(field));
  const noDates = mapping.date_column === null && mapping.booking_date_column === null;

  return (
    <Paper withBorder radius="md" p="lg" data-testid="statement-mapping">
      <Stack gap="md">
        <div>
          <Title order={4}>Columns</Title>
          <Text size="sm" c="dimmed">
            Which column holds what. The mapping is saved for the account with the import and offered next time.
          </Text>
        </div>
        <Alert
          variant="light"
          color={origin === 'guessed' ? 'yellow' : 'blue'}
          icon={<IconInfoCircle size={18} />}
          p="xs"
          data-testid="mapping-source"
        >
          {MAPPING_SOURCE_NOTES[origin]}
        </Alert>
        {others.length > 0 && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} p="xs" data-testid="mapping-errors">
            {others.map(([, message]) => message).join(' ')}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" verticalSpacing="sm">
          <NumberInput
            label="Header rows to skip"
            description="Title and header rows above the first line"
            min={0}
            max={STATEMENT_MAX_SKIP_ROWS}
            allowDecimal={false}
            allowNegative={false}
            value={mapping.skip_rows}
            onChange={(v) => onChange({ skip_rows: v })}
            error={errors.skip_rows}
          />
          {column('reference_column', 'Reference')}
          <Radio.Group
            label="Amounts are"
            value={mapping.amount_mode}
            onChange={(v) => onChange({ amount_mode: v === 'debit_credit' ? 'debit_credit' : 'amount' })}
            error={errors.amount_mode}
          >
            <Stack gap={6} mt={6}>
              <Radio value="amount" label="One signed column" />
              <Radio value="debit_credit" label="Debit and credit columns" />
            </Stack>
          </Radio.Group>
          {mapping.amount_mode === 'amount' ? (
            column('amount_column', 'Amount', { description: 'Money in positive, money out negative' })
          ) : (
            <>
              {column('credit_column', 'Money in (credit)', { description: 'Paid by the supplier' })}
              {column('debit_column', 'Money out (debit)', { description: 'Taken back by the supplier' })}
            </>
          )}
          {column('date_column', 'Date', { optional: true, description: "None: the import's date" })}
          <Select
            label="Date format"
            description={noDates ? 'No date column chosen' : 'Of the date and booking date columns'}
            data={DATE_FORMAT_OPTIONS}
            value={mapping.date_format}
            allowDeselect={false}
            onChange={(v) => v && onChange({ date_format: v as StatementDateFormat })}
            error={errors.date_format}
          />
          {column('customer_name_column', 'Customer name', { optional: true })}
          {column('booking_date_column', 'Booking date', { optional: true })}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
