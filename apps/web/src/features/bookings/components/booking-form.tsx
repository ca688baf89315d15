import {
  BOOKING_REFERENCE_MESSAGE,
  BOOKING_REFERENCE_PATTERN,
  BOOKING_STATUSES,
  formatBookingReference,
  generateGroupName,
  matchesBookingFormat,
  REQUIRED_FIELDS_MESSAGE,
  type BookingStatus,
  type Supplier,
} from '@app/domain';
import {
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  FileInput,
  Grid,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconInfoCircle, IconSparkles } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toFormData } from '../../../lib/api-client';
import { isAdmin } from '../../../lib/authorization';
import { toFormErrors } from '../../../lib/form-errors';
import { formatDate, formatMoney, formatPercent } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useUser } from '../../auth/components/user-context';
import { suppliersQueryOptions } from '../../suppliers/api/get-suppliers';
import {
  checkBookingReference,
  checkDuplicateBookingSupplier,
  checkUnclaimedTransaction,
  bookingSuppliersQueryOptions,
  commissionRateQueryOptions,
  useAgentsList,
  useBookingGroupOptions,
  useSaveBooking,
  type Booking,
} from '../api/bookings-api';
import { expectedCommission } from '../utils/expected-commission';

export const DEFAULT_CURRENCY_SYMBOL = '£';
export const MAX_RECEIPT_BYTES = 5_242_880;
export const RECEIPT_TOO_LARGE = 'File size should not exceed 5MB';
export const AGENT_SUPPLIER_NOTE =
  "Suppliers marked 'via Agent Name' require working with a parent agent because you have no direct tier access.";
export const PERSONAL_BOOKING_NOTE =
  'For personal bookings you must still submit the Personal Booking form on the resource site.';
export const REFUND_NOTE = 'Negative amounts create refund bookings.';

/** Spec §5: server field errors shown (first message each) for these fields. */
const FORM_FIELDS = [
  'booking_reference',
  'trip_number',
  'supplier_id',
  'booking_date',
  'customer_name',
  'booking_amount',
  'expected_commission',
  'is_personal',
  'status',
  'notes',
  'primary_agent_id',
  'booking_group_id',
  'booking_receipt',
] as const;

const STATUS_LABELS: Record<BookingStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  partial: 'Partial',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** A supplier as the form offers it (spec §3: parentAgentName, parentAgentId, splitPercentage). */
export interface SupplierOption {
  id: number;
  name: string;
  parentAgentName: string | null;
  parentAgentId: number | null;
  splitPercentage: number | null;
}

export const supplierLabel = (s: SupplierOption) =>
  s.parentAgentId !== null ? `${s.name} (via ${s.parentAgentName ?? 'parent agent'})` : s.name;

const todayLocal = () => {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
};
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

interface BookingFormValues {
  supplier_id: string | null;
  booking_reference: string;
  trip_number: string;
  booking_date: string;
  customer_name: string;
  booking_amount: string;
  status: BookingStatus;
  notes: string;
  is_personal: boolean;
  is_group_booking: boolean;
  /** Text: an existing group's name (sent as its id) or a new group's name. */
  group: string;
  primary_agent_id: string | null;
  booking_receipt: File | null;
}

function initialValues(booking: Booking | undefined): BookingFormValues {
  return {
    supplier_id: booking ? String(booking.supplier_id) : null,
    booking_reference: booking?.booking_reference ?? '',
    trip_number: booking?.trip_number ?? '',
    booking_date: booking?.booking_date ?? todayLocal(),
    customer_name: booking?.customer_name ?? '',
    booking_amount: booking ? booking.booking_amount.toFixed(2) : '',
    status: booking?.status ?? 'pending',
    notes: booking?.notes ?? '',
    is_personal: booking?.is_personal ?? false,
    is_group_booking: booking?.booking_group !== null && booking?.booking_group !== undefined,
    group: booking?.booking_group?.name ?? '',
    // The agent who booked: for a sub-agent booking the sub-agent (the server registers it under the parent again).
    primary_agent_id: booking ? String(booking.sub_agent_id ?? booking.primary_agent_id) : null,
    booking_receipt: null,
  };
}

interface BookingFormProps {
  booking?: Booking;
  /** Spec: configurable labels. */
  amountLabel?: string;
  expectedLabel?: string;
}

/** The booking form (spec §2 "Booking form", §4 "Booking form behaviour", §5 "Booking form"). */
export function BookingForm({
  booking,
  amountLabel = 'Total Commission',
  expectedLabel = 'Expected Commission',
}: BookingFormProps) {
  const user = useUser();
  const admin = isAdmin(user);
  const navigate = useNavigate();
  const save = useSaveBooking(booking?.id ?? null);
  const [values, setValues] = useState<BookingFormValues>(() => initialValues(booking));
  const [blockMessage, setBlockMessage] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const set = <K extends keyof BookingFormValues>(key: K, value: BookingFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setFieldErrors((e) => {
      if (!(key in e)) return e;
      const { [key]: _removed, ...rest } = e;
      return rest;
    });
  };

  const suppliers = useQuery(suppliersQueryOptions());
  const agents = useAgentsList(admin);
  const groups = useBookingGroupOptions();

  // The server decides which suppliers an agent may book (a rate, or a parent agent's sub-agent link)
  // and names the parent for 'name (via parent agent name)'; for an admin it annotates the chosen agent.
  const ownAgentId = user.agent_id;
  const chosenAgentId = admin ? (values.primary_agent_id ? Number(values.primary_agent_id) : null) : ownAgentId;
  const bookable = useQuery(bookingSuppliersQueryOptions(admin ? chosenAgentId : null));
  const supplierOptions: SupplierOption[] = useMemo(() => {
    const list = bookable.data ?? [];
    const options = list.map((s) => ({
      id: s.id,
      name: s.name,
      parentAgentName: s.parentAgentName,
      parentAgentId: s.parentAgentId,
      splitPercentage: s.splitPercentage,
    }));
    // Editing keeps the booking's own supplier on the list even if the agent could no longer book it.
    const current = booking?.supplier_id;
    const known = suppliers.data?.find((s) => s.id === current);
    if (current !== undefined && known && !options.some((o) => o.id === current)) {
      options.push({
        id: known.id,
        name: known.name,
        parentAgentName: null,
        parentAgentId: null,
        splitPercentage: null,
      });
    }
    return options;
  }, [bookable.data, suppliers.data, booking?.supplier_id]);
  const ratesLoading = bookable.isPending;

  const supplierId = values.supplier_id ? Number(values.supplier_id) : null;
  const supplier: Supplier | undefined = suppliers.data?.find((s) => s.id === supplierId);
  const supplierOption = supplierOptions.find((s) => s.id === supplierId);
  const format = supplier?.booking_number_format ?? null;
  const currencySymbol = supplier?.currency_symbol ?? DEFAULT_CURRENCY_SYMBOL;

  // The rate: refetched when the supplier, the agent (admins) or the booking date changes.
  const rateAgentId = chosenAgentId;
  const rateDate = ISO_DATE.test(values.booking_date) ? values.booking_date : null;
  const rateQuery = useQuery({
    ...commissionRateQueryOptions(rateAgentId ?? 0, supplierId ?? 0, rateDate),
    enabled: rateAgentId !== null && supplierId !== null,
  });
  // No rate found → 0; a failed fetch clears the rate (→ 0) and the commission is recalculated.
  const rate = rateQuery.isSuccess ? rateQuery.data.commission_percentage : null;
  const subAgent = rateQuery.isSuccess && rateQuery.data.is_sub_agent ? rateQuery.data : null;
  const expected =
    supplierId === null || (rateQuery.isPending && rateQuery.fetchStatus !== 'idle')
      ? ''
      : expectedCommission(values.booking_amount, rate);

  const effectivePrimaryAgentId = subAgent?.parent_agent_id ?? (admin ? rateAgentId : ownAgentId);
  const effectiveStatus: BookingStatus = admin ? values.status : (booking?.status ?? 'pending');

  // Reference checks (debounced). A failed check gives no warning.
  const [reference] = useDebouncedValue(values.booking_reference.trim(), 400);
  const referenceOk = reference !== '' && BOOKING_REFERENCE_PATTERN.test(reference);
  const refCheck = useQuery({
    queryKey: ['check-booking-reference', reference, effectivePrimaryAgentId, booking?.id ?? null],
    queryFn: () =>
      checkBookingReference({
        booking_reference: reference,
        agent_id: effectivePrimaryAgentId,
        ...(booking ? { exclude_booking_id: booking.id } : {}),
      }),
    enabled: referenceOk,
    retry: false,
  });
  const unclaimed = useQuery({
    queryKey: ['check-unclaimed-transaction', reference, supplierId],
    queryFn: () => checkUnclaimedTransaction({ reference_number: reference, supplier_id: supplierId }),
    enabled: admin && referenceOk && supplierId !== null,
    retry: false,
  });
  const duplicate = useQuery({
    queryKey: ['check-duplicate-booking-supplier', reference, supplierId, booking?.id ?? null],
    queryFn: () =>
      checkDuplicateBookingSupplier({
        reference_number: reference,
        supplier_id: supplierId,
        ...(booking ? { exclude_booking_id: booking.id } : {}),
      }),
    enabled: admin && referenceOk && supplierId !== null,
    retry: false,
  });

  const referenceValue = values.booking_reference;
  const referenceCaseError =
    referenceValue !== '' && !BOOKING_REFERENCE_PATTERN.test(referenceValue) ? BOOKING_REFERENCE_MESSAGE : null;
  const formatState =
    format && referenceValue !== '' ? (matchesBookingFormat(format, referenceValue) ? 'match' : 'mismatch') : null;

  const onReferenceChange = (raw: string) => {
    // A supplier format is a mask: what is typed is reformatted towards it (upper case, literals inserted).
    set('booking_reference', format ? formatBookingReference(format, raw) : raw);
  };

  const onSupplierChange = (value: string | null) => {
    // The rest (sub-agent state, rate, currency, format, expected commission) follows from the supplier.
    set('supplier_id', value);
  };

  const groupOptions = groups.data ?? [];
  const existingGroup = groupOptions.find((g) => g.name === values.group.trim());

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerMessage(null);
    const missing =
      !values.booking_reference.trim() ||
      !values.booking_amount.trim() ||
      !values.booking_date.trim() ||
      !values.customer_name.trim() ||
      !effectiveStatus;
    if (missing) {
      setBlockMessage(REQUIRED_FIELDS_MESSAGE);
      return;
    }
    if (!BOOKING_REFERENCE_PATTERN.test(values.booking_reference.trim())) {
      setBlockMessage(BOOKING_REFERENCE_MESSAGE);
      return;
    }
    if (values.booking_receipt && values.booking_receipt.size > MAX_RECEIPT_BYTES) {
      setFieldErrors({ booking_receipt: RECEIPT_TOO_LARGE });
      return;
    }
    setBlockMessage(null);
    const groupValue = values.is_group_booking ? (existingGroup ? String(existingGroup.id) : values.group.trim()) : '';
    const form = toFormData({
      supplier_id: values.supplier_id ?? '',
      booking_reference: values.booking_reference.trim(),
      trip_number: values.trip_number,
      booking_date: values.booking_date,
      customer_name: values.customer_name,
      booking_amount: values.booking_amount.trim(),
      expected_commission: expected,
      status: effectiveStatus,
      notes: values.notes,
      is_personal: values.is_personal,
      is_group_booking: values.is_group_booking,
      booking_group_id: groupValue,
      // Agents never choose the primary agent: the server books them (or their parent agent).
      primary_agent_id: admin ? (values.primary_agent_id ?? '') : undefined,
      booking_receipt: values.booking_receipt,
    });
    try {
      const saved = await save.mutateAsync(form);
      void navigate(paths.bookings.list, { state: { flash: saved.message } });
    } catch (error) {
      const state = toFormErrors(error, { fields: FORM_FIELDS });
      setFieldErrors(state.fieldErrors);
      const hasFieldErrors = Object.keys(state.fieldErrors).length > 0;
      setServerMessage(hasFieldErrors ? null : (state.message ?? state.otherErrors[0] ?? null));
    }
  };

  const agentOptions = (agents.data ?? []).map((a) => ({ value: String(a.id), label: a.name }));
  const borderColor =
    formatState === 'match'
      ? 'var(--mantine-color-green-6)'
      : formatState === 'mismatch'
        ? 'var(--mantine-color-red-6)'
        : undefined;

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="booking-form" style={{ maxWidth: 820 }}>
      <Stack gap="md">
        {blockMessage && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            role="alert"
            data-testid="block-alert"
          >
            {blockMessage}
          </Alert>
        )}
        {serverMessage && (
          <Alert color="red" variant="light" role="alert" data-testid="form-error">
            {serverMessage}
          </Alert>
        )}

        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Select
              label="Supplier"
              placeholder={ratesLoading || suppliers.isPending ? 'Loading suppliers…' : 'Search suppliers'}
              searchable
              required
              nothingFoundMessage="No supplier found"
              data={supplierOptions.map((s) => ({ value: String(s.id), label: supplierLabel(s) }))}
              value={values.supplier_id}
              onChange={onSupplierChange}
              error={fieldErrors.supplier_id}
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
              value={values.booking_reference}
              onChange={(e) => onReferenceChange(e.currentTarget.value)}
              onBlur={() => {
                if (format && formatState === 'mismatch')
                  set('booking_reference', formatBookingReference(format, values.booking_reference));
              }}
              description={format ? `Format: ${format}` : undefined}
              error={fieldErrors.booking_reference ?? referenceCaseError}
              styles={borderColor ? { input: { borderColor, borderWidth: 2 } } : undefined}
              data-format-state={formatState ?? 'none'}
              autoComplete="off"
            />
            {refCheck.data?.exists && (
              <Alert
                color="yellow"
                variant="light"
                icon={<IconAlertTriangle size={18} />}
                data-testid="duplicate-reference"
              >
                {refCheck.data.message}
              </Alert>
            )}
            {admin && unclaimed.data?.has_unclaimed && (
              <Alert color="orange" variant="light" title="Unclaimed Transaction Found" data-testid="unclaimed-warning">
                {unclaimed.data.message}
                {unclaimed.data.transaction && (
                  <Text size="sm" mt={4}>
                    {unclaimed.data.transaction.supplier_name}:{' '}
                    {formatMoney(unclaimed.data.transaction.amount, unclaimed.data.transaction.currency)}
                  </Text>
                )}
              </Alert>
            )}
            {admin && duplicate.data?.has_duplicate && (
              <Alert
                color="orange"
                variant="light"
                title="Duplicate Booking with Supplier"
                data-testid="duplicate-supplier-warning"
              >
                {duplicate.data.message}
                {duplicate.data.bookings.map((b) => (
                  <Text size="sm" key={b.id}>
                    <Link to={paths.bookings.view(b.id)}>#{b.id}</Link> · {b.agent_name} ·{' '}
                    {formatMoney(b.booking_amount, currencySymbol)} · {formatDate(b.booking_date)}
                  </Text>
                ))}
              </Alert>
            )}

            <TextInput
              label="Trip Number (Optional)"
              name="trip_number"
              value={values.trip_number}
              onChange={(e) => set('trip_number', e.currentTarget.value)}
              error={fieldErrors.trip_number}
            />
            <TextInput
              label="Booking Date"
              type="date"
              required
              name="booking_date"
              value={values.booking_date}
              onChange={(e) => set('booking_date', e.currentTarget.value)}
              error={fieldErrors.booking_date}
            />
            <TextInput
              label="Customer Name"
              required
              name="customer_name"
              value={values.customer_name}
              onChange={(e) => set('customer_name', e.currentTarget.value)}
              error={fieldErrors.customer_name}
            />
            <Grid>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label={amountLabel}
                  type="number"
                  step="0.01"
                  min={admin ? undefined : 0}
                  required
                  inputMode="decimal"
                  name="booking_amount"
                  leftSection={<Text size="sm">{currencySymbol}</Text>}
                  value={values.booking_amount}
                  onChange={(e) => set('booking_amount', e.currentTarget.value)}
                  error={fieldErrors.booking_amount}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label={expectedLabel}
                  readOnly
                  name="expected_commission"
                  leftSection={<Text size="sm">{currencySymbol}</Text>}
                  value={expected}
                  error={fieldErrors.expected_commission}
                  data-testid="expected-commission"
                />
                {supplierId !== null && rateQuery.isSuccess && (
                  <Text size="xs" c="dimmed" mt={4} data-testid="rate">
                    Rate: {formatPercent(rateQuery.data.commission_percentage)}
                  </Text>
                )}
              </Grid.Col>
            </Grid>
            {admin && (
              <Text size="xs" c="dimmed" mt={-6}>
                {REFUND_NOTE}
              </Text>
            )}

            <Select
              label="Status"
              required
              data={BOOKING_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
              value={effectiveStatus}
              onChange={(v) => v && set('status', v as BookingStatus)}
              disabled={!admin}
              allowDeselect={false}
              error={fieldErrors.status}
              name={admin ? 'status' : undefined}
            />
            {!admin && <input type="hidden" name="status" value={effectiveStatus} data-testid="hidden-status" />}

            <Textarea
              label="Notes (Optional)"
              name="notes"
              autosize
              minRows={2}
              value={values.notes}
              onChange={(e) => set('notes', e.currentTarget.value)}
              error={fieldErrors.notes}
            />

            <Checkbox
              label="Personal Booking"
              name="is_personal"
              checked={values.is_personal}
              onChange={(e) => set('is_personal', e.currentTarget.checked)}
              error={fieldErrors.is_personal}
            />
            {values.is_personal && (
              <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} data-testid="personal-note">
                {PERSONAL_BOOKING_NOTE}
              </Alert>
            )}

            <Checkbox
              label="Group Booking"
              name="is_group_booking"
              checked={values.is_group_booking}
              onChange={(e) => set('is_group_booking', e.currentTarget.checked)}
            />
            {values.is_group_booking && (
              <Group align="flex-end" gap="xs" wrap="nowrap">
                <Autocomplete
                  style={{ flex: 1 }}
                  label="Booking Group"
                  description="Pick an existing group, or type (or generate) a new group name."
                  data={groupOptions.map((g) => g.name)}
                  value={values.group}
                  onChange={(v) => set('group', v)}
                  error={fieldErrors.booking_group_id}
                  name="booking_group_id"
                />
                <Button
                  variant="light"
                  leftSection={<IconSparkles size={16} />}
                  onClick={() => set('group', generateGroupName(new Date()))}
                >
                  Generate
                </Button>
              </Group>
            )}
            {values.is_group_booking && values.group.trim() !== '' && (
              <Text size="xs" c="dimmed" data-testid="group-mode">
                {existingGroup ? `Existing group #${existingGroup.id}` : 'A new group will be created.'}
              </Text>
            )}

            {admin && (
              <Select
                label="Primary Agent"
                required
                searchable
                placeholder={agents.isPending ? 'Loading agents…' : 'Select an agent'}
                data={agentOptions}
                value={values.primary_agent_id}
                onChange={(v) => set('primary_agent_id', v)}
                error={fieldErrors.primary_agent_id}
                nothingFoundMessage="No agent found"
                name="primary_agent_id"
              />
            )}

            <FileInput
              label="Booking Receipt (Optional)"
              description="An image or a PDF, at most 5 MB."
              accept="image/*,application/pdf"
              clearable
              value={values.booking_receipt}
              onChange={(f) => set('booking_receipt', f)}
              error={fieldErrors.booking_receipt}
              placeholder={booking?.booking_receipt ? `Keep ${booking.booking_receipt.filename}` : 'Choose a file'}
            />
          </Stack>
        </Paper>

        {subAgent && (
          <Paper withBorder radius="md" p="md" bg="var(--mantine-color-blue-light)" data-testid="sub-agent-panel">
            <Title order={5} mb="xs">
              Sub-agent booking
            </Title>
            <Text size="sm">Parent agent id: {subAgent.parent_agent_id}</Text>
            <Text size="sm">Split percentage: {formatPercent(subAgent.split_percentage)}</Text>
            <Text size="sm">Primary agent id: {effectivePrimaryAgentId}</Text>
            <Text size="sm" mt="xs" c="dimmed">
              Commission split for {supplierOption?.name ?? supplier?.name}: the sub-agent receives{' '}
              {formatPercent(subAgent.sub_agent_commission_percentage)} of the booking amount and the parent agent{' '}
              {formatPercent(subAgent.parent_commission_percentage)} (agent side{' '}
              {formatPercent(subAgent.commission_percentage)}).
            </Text>
          </Paper>
        )}

        <Group justify="flex-end">
          <Button
            variant="default"
            component={Link}
            to={booking ? paths.bookings.view(booking.id) : paths.bookings.list}
          >
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {booking ? 'Update Booking' : 'Create Booking'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
