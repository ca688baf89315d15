import {
  BOOKING_REFERENCE_MESSAGE,
  BOOKING_REFERENCE_PATTERN,
  bookingInputSchema,
  moneyInputText,
  required,
  REQUIRED_FIELDS_MESSAGE,
  UPLOAD_MAX_BYTES,
  UPLOAD_TOO_LARGE,
  type BookingStatus,
} from '@app/domain';
import type { Booking, GroupOption } from '../api/bookings-api';

/** Spec §5: server field errors shown (first message each) for these fields. */
export const BOOKING_FORM_FIELDS = [
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

export interface BookingFormValues {
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

/** A date as YYYY-MM-DD in the browser's time zone (the default booking date is today, spec §4). */
export function localIsoDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** What the form reads from the booking it edits. */
export type EditedBooking = Pick<
  Booking,
  | 'supplier_id'
  | 'booking_reference'
  | 'trip_number'
  | 'booking_date'
  | 'customer_name'
  | 'booking_amount'
  | 'status'
  | 'notes'
  | 'is_personal'
  | 'booking_group'
  | 'primary_agent_id'
  | 'sub_agent_id'
>;

/** Booking → form: a new booking starts pending, today, with nothing chosen. */
export function initialBookingValues(booking: EditedBooking | undefined, today: string): BookingFormValues {
  return {
    supplier_id: booking ? String(booking.supplier_id) : null,
    booking_reference: booking?.booking_reference ?? '',
    trip_number: booking?.trip_number ?? '',
    booking_date: booking?.booking_date ?? today,
    customer_name: booking?.customer_name ?? '',
    booking_amount: booking ? moneyInputText(booking.booking_amount) : '',
    status: booking?.status ?? 'pending',
    notes: booking?.notes ?? '',
    is_personal: booking?.is_personal ?? false,
    is_group_booking: booking?.booking_group !== null && booking?.booking_group !== undefined,
    group: booking?.booking_group?.name ?? '',
    // The primary agent the booking is registered under: for a sub-agent booking the parent, as the
    // booking page and the server say (the sub-agent shows in the sub-agent panel).
    primary_agent_id: booking ? String(booking.primary_agent_id) : null,
    booking_receipt: null,
  };
}

/** The existing group whose name is typed (trimmed), if any. */
export const findExistingGroup = (groups: readonly GroupOption[], group: string): GroupOption | undefined =>
  groups.find((g) => g.name === group.trim());

/** `booking_group_id` as posted (spec §4): an existing group's id, a new group's name, or '' for no group. */
export function bookingGroupValue(
  values: Pick<BookingFormValues, 'is_group_booking' | 'group'>,
  groups: readonly GroupOption[],
): string {
  if (!values.is_group_booking) return '';
  const existing = findExistingGroup(groups, values.group);
  return existing ? String(existing.id) : values.group.trim();
}

/** Spec §5: reference, amount, date, customer name and status are required before anything is sent. */
export const REQUIRED_BOOKING_FIELDS = {
  booking_reference: 'booking reference',
  booking_amount: 'booking amount',
  booking_date: 'booking date',
  customer_name: 'customer name',
  status: 'status',
} as const;
export type RequiredBookingField = keyof typeof REQUIRED_BOOKING_FIELDS;

/** The required fields left blank (a blank is missing), in the form's order. */
export function missingRequiredFields(values: BookingFormValues, status: BookingStatus | ''): RequiredBookingField[] {
  const given: Record<RequiredBookingField, string> = {
    booking_reference: values.booking_reference,
    booking_amount: values.booking_amount,
    booking_date: values.booking_date,
    customer_name: values.customer_name,
    status,
  };
  return (Object.keys(REQUIRED_BOOKING_FIELDS) as RequiredBookingField[]).filter((f) => !given[f].trim());
}

/**
 * The alert that blocks a submit (spec §5), or null: missing required fields first, then a reference that
 * is not upper case. The form shows it after a submit for as long as it still holds.
 */
export function submitBlock(values: BookingFormValues, status: BookingStatus | ''): string | null {
  if (missingRequiredFields(values, status).length > 0) return REQUIRED_FIELDS_MESSAGE;
  if (!BOOKING_REFERENCE_PATTERN.test(values.booking_reference.trim())) return BOOKING_REFERENCE_MESSAGE;
  return null;
}

export interface BookingPayloadContext {
  admin: boolean;
  /** The status sent: an admin's choice, otherwise the booking's own (pending on create). */
  status: BookingStatus;
  /** The expected commission as shown (the server computes its own). */
  expectedCommission: string;
  groups: readonly GroupOption[];
  /**
   * A non-admin's primary agent, which the form sends as the spec's hidden field: their own agent, or the
   * parent agent for a supplier they book through a parent (the server fixes it the same way).
   */
  effectivePrimaryAgentId: number | null;
}

/** Form → the multipart fields of `POST /bookings` and `PUT /bookings/{id}`. */
export function toBookingPayload(values: BookingFormValues, ctx: BookingPayloadContext) {
  return {
    supplier_id: values.supplier_id ?? '',
    booking_reference: values.booking_reference.trim(),
    trip_number: values.trip_number,
    booking_date: values.booking_date,
    customer_name: values.customer_name,
    booking_amount: values.booking_amount.trim(),
    expected_commission: ctx.expectedCommission,
    status: ctx.status,
    notes: values.notes,
    is_personal: values.is_personal,
    is_group_booking: values.is_group_booking,
    booking_group_id: bookingGroupValue(values, ctx.groups),
    // Admins choose the primary agent; an agent's is fixed (spec §6) and sent as it is shown.
    primary_agent_id: ctx.admin
      ? (values.primary_agent_id ?? '')
      : ctx.effectivePrimaryAgentId === null
        ? undefined
        : String(ctx.effectivePrimaryAgentId),
    booking_receipt: values.booking_receipt,
  };
}
export type BookingPayload = ReturnType<typeof toBookingPayload>;

/** The form key a field error is shown on (the group picker edits `group`, posted as `booking_group_id`). */
export const formErrorKey = (field: string) => (field === 'booking_group_id' ? 'group' : field);

/** Field errors keyed for the form: the first message of each field the form shows. */
export function toFormFieldErrors(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [formErrorKey(field), message]));
}

export type SubmitCheck =
  | { ok: true }
  | { ok: false; block: string; fieldErrors: Record<string, string> }
  | { ok: false; fieldErrors: Record<string, string> };

/**
 * What stops a submit before it is sent, in order: the alert for missing required fields (each missing
 * field marked with its message), the alert for a reference that is not upper case (spec §5), a receipt
 * over 5 MB, then the server's own rules (the shared `bookingInputSchema`, same messages as the server)
 * on the fields the form shows.
 */
export function checkBeforeSubmit(values: BookingFormValues, payload: BookingPayload): SubmitCheck {
  const block = submitBlock(values, payload.status);
  if (block) {
    const missing = missingRequiredFields(values, payload.status);
    const fieldErrors = Object.fromEntries(missing.map((f) => [f, required(REQUIRED_BOOKING_FIELDS[f])]));
    return { ok: false, block, fieldErrors };
  }
  if (values.booking_receipt && values.booking_receipt.size > UPLOAD_MAX_BYTES) {
    return { ok: false, fieldErrors: { booking_receipt: UPLOAD_TOO_LARGE } };
  }
  const { booking_receipt: _file, ...fields } = payload;
  const parsed = bookingInputSchema.safeParse(fields);
  if (parsed.success) return { ok: true };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if ((BOOKING_FORM_FIELDS as readonly string[]).includes(field) && errors[field] === undefined) {
      errors[field] = issue.message;
    }
  }
  // A rule on a field the form does not show is left to the server, which says it in the alert.
  return Object.keys(errors).length > 0 ? { ok: false, fieldErrors: toFormFieldErrors(errors) } : { ok: true };
}
