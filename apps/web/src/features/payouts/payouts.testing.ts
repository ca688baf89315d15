/**
 * Server answers for the payouts tests, checked against the contract's response schemas when built
 * (a fixture the server could not send fails here, not somewhere in a screen).
 */
import {
  bulkPayoutResponseSchema,
  bulkPayoutSearchResponseSchema,
  payoutDetailResponseSchema,
  payoutInfoResponseSchema,
  payoutListResponseSchema,
  processPayoutResponseSchema,
  settingsResponse,
  supplierListResponse,
} from '@app/domain';
import type { z } from 'zod';
import { checked } from '../../testing/checked';

export const settingsAnswer = checked(settingsResponse, { status: 'success', data: { gst_rate: '5.00' } });

export const suppliersAnswer = checked(supplierListResponse, {
  status: 'success',
  data: [
    {
      id: 1,
      name: 'Sunwing',
      currency_id: 2,
      currency: { id: 2, name: 'Canadian Dollar', code: 'CAD', symbol: '$' },
      currency_symbol: '$',
      booking_number_format: 'SW0000000',
      commission_due_days: 60,
      match_tolerance_percent: 2,
    },
    {
      id: 2,
      name: 'Jet2',
      currency_id: 1,
      currency: { id: 1, name: 'Pound Sterling', code: 'GBP', symbol: '£' },
      currency_symbol: '£',
      booking_number_format: null,
      commission_due_days: 60,
      match_tolerance_percent: 2,
    },
  ],
});

type Info = z.input<typeof payoutInfoResponseSchema>;

/**
 * Booking SW0000001 (CAD, gross 1,000.00, nothing paid): Olivia (GST registered) 42% = 420.00 and her
 * sub-agent Noah 28% = 280.00.
 */
export function payoutInfo(change: { booking?: Partial<Info['booking']>; payout?: Partial<Info['payout']> } = {}) {
  return checked(payoutInfoResponseSchema, {
    status: 'success',
    message: 'Payout information retrieved',
    booking: {
      id: 5,
      reference: 'SW0000001',
      supplier: 'Sunwing',
      currency: { code: 'CAD', symbol: '$' },
      status: 'confirmed',
      booking_amount: 1000,
      expected_commission: 700,
      paid_amount: 0,
      remaining_amount: 1000,
      is_reconciled: false,
      ...change.booking,
    },
    payout: {
      available_amount: 1000,
      commission_breakdown: [
        { agent_id: 11, agent_name: 'Olivia Parent', percentage: 42, amount: 420, gst_amount: 21, total: 441 },
        { agent_id: 12, agent_name: 'Noah Sub', percentage: 28, amount: 280, gst_amount: 0, total: 280 },
      ],
      agents_without_accounts: [],
      lines: [
        {
          id: 101,
          agent_id: 11,
          agent_name: 'Olivia Parent',
          percentage: 42,
          amount: 420,
          paid_amount: 0,
          has_gst: true,
        },
        { id: 102, agent_id: 12, agent_name: 'Noah Sub', percentage: 28, amount: 280, paid_amount: 0, has_gst: false },
      ],
      can_payout: true,
      reason: null,
      default_description: 'Payout SW0000001 · Noah Sub · 2026-11-26',
      ...change.payout,
    },
  });
}

/** A refund booking: gross −200.00, Olivia 42% = −84.00. */
export const refundInfo = () =>
  payoutInfo({
    booking: { booking_amount: -200, expected_commission: -84, remaining_amount: -200 },
    payout: {
      available_amount: -200,
      commission_breakdown: [
        { agent_id: 11, agent_name: 'Olivia Parent', percentage: 42, amount: -84, gst_amount: -4.2, total: -88.2 },
      ],
      lines: [
        {
          id: 101,
          agent_id: 11,
          agent_name: 'Olivia Parent',
          percentage: 42,
          amount: -84,
          paid_amount: 0,
          has_gst: true,
        },
      ],
    },
  });

export const processedAnswer = checked(processPayoutResponseSchema, {
  status: 'success',
  message: 'Payout processed successfully',
  is_partial: true,
  paid_amount: 333.33,
  remaining_amount: 666.67,
  payout_id: 9,
});

/* ------------------------------------------------------------------ bulk */

type SearchBooking = z.input<typeof bulkPayoutSearchResponseSchema>['bookings'][number];
type Line = SearchBooking['actual_commissions'][number];

export const line = (id: number, agentId: number, agentName: string, percentage: number, amount: number): Line => ({
  id,
  agent_id: agentId,
  agent: { user: { name: agentName } },
  percentage,
  amount,
  paid_amount: 0,
  has_gst: false,
  has_account: true,
});

type LineAfterReconcile = NonNullable<SearchBooking['lines_after_reconcile']>[number];

/** A line as the search says a reconcile would leave it (the commission engine's, at gross := received). */
export const lineAfter = (
  id: number | null,
  agentId: number,
  percentage: number,
  amount: number,
  change: Partial<LineAfterReconcile> = {},
): LineAfterReconcile => ({ id, agent_id: agentId, percentage, amount, paid_amount: 0, has_gst: false, ...change });

/*
 * The three rows of the money-integrity issue (CAD, GST 5%, Olivia GST registered), as the server lists them:
 * - 7: gross 500.00, the supplier paid 450.00 and marked nothing partial: marked for reconciliation. Her
 *   line is 60% = 300.00 now; reconciled, her rate resolves to 55% of 450.00 = 247.50 (what the engine says).
 * - 8: gross 1,455.00 of which 700.00 came as a partial credit: not marked, 700.00 available. Noah (sub-agent)
 *   30% = 436.50, Olivia 45% = 654.75.
 * - 9: gross 1,120.00 received in full, Noah 30% = 336.00, Olivia 45% = 504.00: to pay at a custom split.
 */
export const reconcileRow = () =>
  searchBooking(7, {
    booking_amount: 500,
    available_amount: 450,
    transaction_amount: 450,
    needs_reconciliation: true,
    // A mismatch: not payable as it is, payable once reconciled in the same step.
    payout_block_reason: 'The booking cannot be paid out while its transaction status is mismatch.',
    payout_block_reason_after_reconcile: null,
    actual_commissions: [{ ...line(70, 11, 'Olivia Parent', 60, 300), has_gst: true }],
    lines_after_reconcile: [lineAfter(70, 11, 55, 247.5, { has_gst: true })],
  });
/** Noah (sub-agent, 30%) and Olivia (parent, 45%, GST): their lines now and the engine's once reconciled. */
const splitLines = (id: number, now: [number, number], after: [number, number]) => ({
  actual_commissions: [
    line(id * 10, 12, 'Noah Sub', 30, now[0]),
    { ...line(id * 10 + 1, 11, 'Olivia Parent', 45, now[1]), has_gst: true },
  ],
  lines_after_reconcile: [
    lineAfter(id * 10, 12, 30, after[0]),
    lineAfter(id * 10 + 1, 11, 45, after[1], { has_gst: true }),
  ],
});
export const partialRow = () =>
  searchBooking(8, {
    booking_amount: 1455,
    available_amount: 700,
    transaction_amount: 700,
    ...splitLines(8, [436.5, 654.75], [210, 315]),
  });
export const splitRow = () =>
  searchBooking(9, {
    booking_amount: 1120,
    available_amount: 1120,
    transaction_amount: 1120,
    ...splitLines(9, [336, 504], [336, 504]),
  });

/** A booking as the bulk search lists it; by default Sunwing (CAD), gross 100.00 all received, Olivia 60%. */
export function searchBooking(id: number, change: Partial<SearchBooking> = {}): SearchBooking {
  return {
    id,
    booking_reference: `SW${String(id).padStart(7, '0')}`,
    customer_name: `Customer ${id}`,
    booking_date: '2026-04-01',
    status: 'confirmed',
    booking_amount: 100,
    paid_amount: 0,
    available_amount: 100,
    transaction_amount: 100,
    is_reconciled: false,
    needs_reconciliation: false,
    is_personal: false,
    primary_agent_id: 11,
    primary_agent: { user: { name: 'Olivia Parent' } },
    supplier: { id: 1, name: 'Sunwing', currency_symbol: '$', currency_code: 'CAD' },
    actual_commissions: [line(id * 10, 11, 'Olivia Parent', 60, 60)],
    lines_after_reconcile: null,
    ...change,
  };
}

export const searchAnswer = (bookings: SearchBooking[], limit = 5000) =>
  checked(bulkPayoutSearchResponseSchema, { status: 'success', bookings, limit });

export const bulkAnswer = (
  results: { booking_id: number; booking_reference: string; status: 'success' | 'error'; message: string }[],
  status: 'success' | 'error' = 'success',
) =>
  checked(bulkPayoutResponseSchema, {
    status,
    message: `${results.filter((r) => r.status === 'success').length} of ${results.length} bookings processed.`,
    results,
    payout_ids: [3],
  });

/* ------------------------------------------------------------------ payout records */

type PayoutRecord = z.input<typeof payoutListResponseSchema>['payouts'][number];

export const payoutRecord = (id: number, change: Partial<PayoutRecord> = {}): PayoutRecord => ({
  id,
  name: `Bookings bulk payout ${id}`,
  total_amount: 441,
  payout_date: '2026-05-01',
  currency_code: 'CAD',
  currency_symbol: '$',
  kind: 'bulk',
  booking_count: 1,
  item_count: 2,
  created_by: 'Ada Admin',
  created_at: '2026-05-01T10:00:00.000Z',
  ...change,
});

export const payoutListAnswer = (payouts: PayoutRecord[], page = { current_page: 1, last_page: 1, per_page: 25 }) =>
  checked(payoutListResponseSchema, {
    status: 'success',
    payouts,
    ...page,
    from: payouts.length ? (page.current_page - 1) * page.per_page + 1 : null,
    to: payouts.length ? (page.current_page - 1) * page.per_page + payouts.length : null,
    total: payouts.length,
  });

type Detail = z.input<typeof payoutDetailResponseSchema>;

export const payoutDetailAnswer = (record: PayoutRecord, items: Detail['items']) =>
  checked(payoutDetailResponseSchema, { status: 'success', payout: record, items });
