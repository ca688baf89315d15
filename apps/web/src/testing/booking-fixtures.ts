import type {
  agentOptionSchema,
  bookingCommissionLineSchema,
  bookingListItemSchema,
  bookingSchema,
  bookingTransactionStatusSchema,
} from '@app/domain';
import type { z } from 'zod';

/**
 * Bookings as the server answers them, typed by the response schemas (a fixture that drifts from the
 * contract does not compile; the client would refuse it anyway).
 */

type ListItem = z.input<typeof bookingListItemSchema>;
type Detail = z.input<typeof bookingSchema>;

export const allBookingActions: ListItem['actions'] = {
  view: true,
  edit: true,
  delete: true,
  cancel: true,
  payout: false,
  transactions_link: true,
};

/** A pending 333.33 CAD Sunwing booking of Alex Agent (42), 12.5% → 41.67. */
export const bookingRow = (id: number, over: Partial<ListItem> = {}): ListItem => ({
  id,
  booking_reference: `REF-${id}`,
  booking_date: '2026-03-01',
  customer_name: `Customer ${id}`,
  booking_amount: 333.33,
  expected_commission: 41.67,
  my_commission: 41.67,
  paid_amount: 0,
  remaining_amount: 333.33,
  status: 'pending',
  is_personal: false,
  is_reconciled: false,
  is_sub_agent: false,
  is_claimed_booking: false,
  booking_group_id: null,
  primary_agent_id: 42,
  primary_agent: { id: 42, user: { name: 'Alex Agent' } },
  sub_agent_id: null,
  sub_agent: null,
  supplier_id: 1,
  supplier: { id: 1, name: 'Sunwing', currency_symbol: 'C$', currency: { code: 'CAD', symbol: 'C$' } },
  actions: allBookingActions,
  ...over,
});

/** No completed transaction carries the booking's reference. */
export const noTransactionStatus: z.input<typeof bookingTransactionStatusSchema> = {
  status: 'no_transaction',
  transaction_count: 0,
  can_payout: false,
  payout_block_reason: 'The booking cannot be paid out while its transaction status is no transaction.',
  needs_reconciliation: false,
  has_completed_credit: false,
  net_amount: 0,
  transactions: [],
};

/** A stored commission line (pending, nothing paid); `total` is amount + GST as the server stored it. */
export const commissionLine = (
  id: number,
  agent: { id: number; name: string },
  role: string,
  percentage: number,
  [amount, gst, total]: [number, number, number],
): z.input<typeof bookingCommissionLineSchema> => ({
  id,
  agent_id: agent.id,
  agent: { id: agent.id, user: { name: agent.name } },
  role,
  status: 'pending',
  percentage,
  amount,
  gst_amount: gst,
  total_with_gst: total,
  paid_amount: 0,
  payment_date: null,
  paid_percentages: [],
  custom_split: false,
});

/** One booking as `GET /bookings/{id}` reads it: the list row plus rate, lines, match and history. */
export const bookingDetail = (id: number, over: Partial<Detail> = {}): Detail => ({
  ...bookingRow(id),
  trip_number: null,
  notes: null,
  commission_percentage: 12.5,
  rate_source: 'tier_rule',
  parent_agent_id: null,
  split_percentage: null,
  booking_group: null,
  booking_receipt: null,
  cancellation_note: null,
  created_at: '2026-03-01T10:00:00.000Z',
  actual_commissions: [commissionLine(1, { id: 42, name: 'Alex Agent' }, 'primary', 12.5, [41.67, 0, 41.67])],
  transaction_status: noTransactionStatus,
  history: [
    {
      id: '1',
      occurred_at: '2026-03-01T10:00:00.000Z',
      action: 'create',
      user_name: 'Alex Agent',
      before: null,
      after: { status: 'pending' },
      meta: null,
      changes: [{ field: 'status', before: null, after: 'pending' }],
    },
  ],
  ...over,
});

/**
 * TR-1: 100.00 CAD with Transat booked by Alex Agent (42) as a sub-agent of Pat Parent (9): Pat's 70%,
 * split 60% → Alex 42.00, Pat 28.00 (as the admin reads it: both lines).
 */
export const subAgentBookingDetail = (id: number, over: Partial<Detail> = {}): Detail =>
  bookingDetail(id, {
    booking_reference: 'TR-1',
    customer_name: 'Jean Client',
    booking_amount: 100,
    expected_commission: 70,
    my_commission: 70,
    remaining_amount: 100,
    is_sub_agent: true,
    primary_agent_id: 9,
    primary_agent: { id: 9, user: { name: 'Pat Parent' } },
    sub_agent_id: 42,
    sub_agent: { id: 42, user: { name: 'Alex Agent' } },
    supplier_id: 3,
    supplier: { id: 3, name: 'Transat', currency_symbol: 'C$', currency: { code: 'CAD', symbol: 'C$' } },
    commission_percentage: 70,
    rate_source: 'agent_default',
    parent_agent_id: 9,
    split_percentage: 60,
    actual_commissions: [
      commissionLine(1, { id: 42, name: 'Alex Agent' }, 'sub_agent', 42, [42, 0, 42]),
      commissionLine(2, { id: 9, name: 'Pat Parent' }, 'parent', 28, [28, 0, 28]),
    ],
    ...over,
  });

/** An agent as `GET /agents-list` offers it. */
export const agentOption = (id: number, name: string, email: string | null): z.input<typeof agentOptionSchema> => ({
  id,
  name,
  email,
  user: { name },
  fareconnect_number: `FC${100000 + id}`,
});
