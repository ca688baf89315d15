import {
  DEFAULT_COMMISSION_DUE_DAYS,
  DEFAULT_MATCH_TOLERANCE_PERCENT,
  MAX_COMMISSION_DUE_DAYS,
  MAX_MATCH_TOLERANCE_PERCENT,
  MIN_COMMISSION_DUE_DAYS,
  supplierInputSchema,
  type Supplier,
} from '@app/domain';
import { Code, NumberInput, Select, Text, TextInput } from '@mantine/core';
import { currencyLabel, useCurrencies } from '../../../api/currencies';
import { EditForm, useEditForm, type EditFormCallbacks } from '../../../components/edit-form';
import { useSaveSupplier } from '../api/save-supplier';
import { BOOKING_FORMAT_HINT, exampleBookingNumber } from '../utils/booking-number-format';

interface SupplierFormValues {
  name: string;
  /** The Select's value: a currency id as a string. */
  currency_id: string | null;
  booking_number_format: string;
  /** Days after the booking date the supplier's commission is due ('' while the field is empty). */
  commission_due_days: number | string;
  /** How far a credit's amount may be from a booking's gross, in percent ('' while the field is empty). */
  match_tolerance_percent: number | string;
}

interface SupplierFormProps extends EditFormCallbacks {
  /** The supplier to edit; a new supplier when absent. */
  supplier?: Supplier;
}

export function SupplierForm({ supplier, ...done }: SupplierFormProps) {
  const currencies = useCurrencies();
  const initialValues: SupplierFormValues = {
    name: supplier?.name ?? '',
    currency_id: supplier ? String(supplier.currency_id) : null,
    booking_number_format: supplier?.booking_number_format ?? '',
    commission_due_days: supplier?.commission_due_days ?? DEFAULT_COMMISSION_DUE_DAYS,
    match_tolerance_percent: supplier?.match_tolerance_percent ?? DEFAULT_MATCH_TOLERANCE_PERCENT,
  };
  const { form, formProps } = useEditForm(useSaveSupplier(), supplier?.id, done, {
    schema: supplierInputSchema,
    initialValues,
    fallback: 'The supplier could not be saved.',
  });

  const example = exampleBookingNumber(form.values.booking_number_format);
  const currencyOptions = (currencies.data ?? []).map((currency) => ({
    value: String(currency.id),
    label: currencyLabel(currency),
  }));

  return (
    <EditForm {...formProps} createLabel="Create supplier">
      <TextInput label="Name" required data-autofocus maxLength={150} {...form.getInputProps('name')} />
      <Select
        label="Currency"
        required
        searchable
        nothingFoundMessage="No currency matches"
        placeholder={currencies.isPending ? 'Loading currencies…' : 'Choose a currency'}
        data={currencyOptions}
        disabled={currencies.isPending}
        {...form.getInputProps('currency_id')}
        error={form.errors.currency_id ?? (currencies.isError ? 'The currencies could not be loaded.' : undefined)}
      />
      <TextInput
        label="Booking number format"
        maxLength={50}
        placeholder="e.g. AA-0000"
        ff="monospace"
        description={BOOKING_FORMAT_HINT}
        {...form.getInputProps('booking_number_format')}
      />
      {example && (
        <Text size="sm" c="dimmed" mt={-8} data-testid="format-example">
          Example: <Code>{example}</Code>
        </Text>
      )}
      {/* Not clamped as it is typed: a number out of range gets the domain's message, as the server gives it. */}
      <NumberInput
        label="Commission due after (days)"
        description="Overdue commissions count from this many days after the booking date."
        min={MIN_COMMISSION_DUE_DAYS}
        max={MAX_COMMISSION_DUE_DAYS}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        styles={{ wrapper: { maxWidth: 220 } }}
        {...form.getInputProps('commission_due_days')}
      />
      <NumberInput
        label="Match tolerance (%)"
        description="How far a supplier credit's amount may be from a booking's gross and still count as its amount in match suggestions (a bank fee, a currency conversion)."
        min={0}
        max={MAX_MATCH_TOLERANCE_PERCENT}
        step={0.5}
        decimalScale={2}
        allowNegative={false}
        clampBehavior="none"
        styles={{ wrapper: { maxWidth: 220 } }}
        {...form.getInputProps('match_tolerance_percent')}
      />
    </EditForm>
  );
}
