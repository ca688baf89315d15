import { formatBookingReference, formatMismatchMessage } from '@app/domain';
import { Select, Text, TextInput } from '@mantine/core';
import type { BookingFormData } from '../../hooks/use-booking-form-data';
import { referenceCaseError, referenceFormatState, supplierLabel } from '../../utils/booking-form-suppliers';
import { ReferenceWarnings } from './reference-warnings';
import type { BookingFormApi } from './types';

export const AGENT_SUPPLIER_NOTE =
  "Suppliers marked 'via Agent Name' require working with a parent agent because you have no direct tier access.";

const BORDER_COLORS = { match: 'var(--mantine-color-green-6)', mismatch: 'var(--mantine-color-red-6)' } as const;

interface SupplierReferenceSectionProps {
  form: BookingFormApi;
  data: BookingFormData;
  admin: boolean;
}

/** Supplier, Booking Reference (masked by the supplier's format) with its warnings, trip, date and customer. */
export function SupplierReferenceSection({ form, data, admin }: SupplierReferenceSectionProps) {
  const { format } = data;
  const reference = form.values.booking_reference;
  const formatState = referenceFormatState(format, reference);
  const borderColor = formatState ? BORDER_COLORS[formatState] : undefined;

  return (
    <>
      <Select
        label="Supplier"
        placeholder={data.suppliersLoading ? 'Loading suppliers…' : 'Search suppliers'}
        searchable
        required
        nothingFoundMessage="No supplier found"
        data={data.supplierOptions.map((s) => ({ value: String(s.id), label: supplierLabel(s) }))}
        value={form.values.supplier_id}
        // The rest (sub-agent state, rate, currency, format, expected commission) follows from the supplier.
        onChange={(value) => form.setFieldValue('supplier_id', value)}
        error={form.errors.supplier_id}
        name="supplier_id"
      />
      {!admin && (
        <Text size="xs" c="dimmed">
          {AGENT_SUPPLIER_NOTE}
        </Text>
      )}

      <TextInput
        label="Booking Reference"
        required
        name="booking_reference"
        value={reference}
        // A supplier format is a mask: upper case and its literals inserted, never a typed character
        // replaced or dropped; what does not fit stays as typed and the field says the format.
        onChange={(e) => {
          const raw = e.currentTarget.value;
          form.setFieldValue('booking_reference', format ? formatBookingReference(format, raw) : raw);
        }}
        onBlur={() => {
          if (format && formatState === 'mismatch')
            form.setFieldValue('booking_reference', formatBookingReference(format, reference));
        }}
        description={format ? `Format: ${format}` : undefined}
        error={
          form.errors.booking_reference ??
          referenceCaseError(reference) ??
          (format && formatState === 'mismatch' ? formatMismatchMessage(format) : null)
        }
        styles={borderColor ? { input: { borderColor, borderWidth: 2 } } : undefined}
        data-format-state={formatState ?? 'none'}
        autoComplete="off"
      />
      <ReferenceWarnings checks={data.checks} currency={data.currency} />

      <TextInput label="Trip Number (Optional)" name="trip_number" {...form.getInputProps('trip_number')} />
      <TextInput
        label="Booking Date"
        type="date"
        required
        name="booking_date"
        {...form.getInputProps('booking_date')}
      />
      <TextInput label="Customer Name" required name="customer_name" {...form.getInputProps('customer_name')} />
    </>
  );
}
