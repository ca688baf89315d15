import { supplierInputSchema, type Supplier } from '@app/domain';
import { Button, Code, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { currencyLabel, useCurrencies } from '../../../api/currencies';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { applyFormErrors, type FormErrorState } from '../../../lib/form-errors';
import { useSaveSupplier } from '../api/save-supplier';
import { BOOKING_FORMAT_HINT, exampleBookingNumber } from '../utils/booking-number-format';

const FIELDS = ['name', 'currency_id', 'booking_number_format'] as const;

interface SupplierFormValues {
  name: string;
  /** The Select's value: a currency id as a string. */
  currency_id: string | null;
  booking_number_format: string;
}

interface SupplierFormProps {
  /** The supplier to edit; a new supplier when absent. */
  supplier?: Supplier;
  onSaved: () => void;
  onCancel: () => void;
}

export function SupplierForm({ supplier, onSaved, onCancel }: SupplierFormProps) {
  const currencies = useCurrencies();
  const save = useSaveSupplier();
  const [formError, setFormError] = useState<FormErrorState | null>(null);
  const form = useForm<SupplierFormValues>({
    initialValues: {
      name: supplier?.name ?? '',
      currency_id: supplier ? String(supplier.currency_id) : null,
      booking_number_format: supplier?.booking_number_format ?? '',
    },
    validate: schemaResolver(supplierInputSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    save.mutate(
      { id: supplier?.id, input: supplierInputSchema.parse(values) },
      {
        onSuccess: ({ message }) => {
          notifications.show({ color: 'green', message });
          onSaved();
        },
        onError: (error) =>
          setFormError(applyFormErrors(form, error, { fields: FIELDS, fallback: 'The supplier could not be saved.' })),
      },
    );
  });

  const example = exampleBookingNumber(form.values.booking_number_format);
  const currencyOptions = (currencies.data ?? []).map((currency) => ({
    value: String(currency.id),
    label: currencyLabel(currency),
  }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormErrorAlert state={formError} />
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
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} disabled={save.isPending}>
            {supplier ? 'Save changes' : 'Create supplier'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
