/**
 * Every string a request schema accepts is bounded text: a NUL (or another control character) added to
 * any field of a valid request makes it invalid at that field, so no route hands PostgreSQL a value
 * it refuses (a 500) and every route inherits the helpers' 422.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { agentInputSchema, agentListFilters } from './agents';
import { bookingGroupInputSchema } from './booking-groups';
import { subAgentLinkInputSchema } from './sub-agents';
import {
  agentClaimSchema,
  rejectClaimSchema,
  unclaimedSearchQuerySchema,
  unmatchedTransactionsQuerySchema,
} from './claims';
import {
  bookingInputSchema,
  bookingListQuerySchema,
  cancelBookingSchema,
  checkBookingReferenceSchema,
  checkReferenceSupplierSchema,
} from './bookings';
import { commissionInputSchema, commissionListQuerySchema, commissionRateQuerySchema } from './commissions';
import { settingsInputSchema, supplierInputSchema, tierInputSchema } from './reference';
import {
  accountInputSchema,
  bulkTransactionSchema,
  checkUnclaimedTransactionSchema,
  currencySummarySchema,
  transactionImportSchema,
  transactionInputSchema,
  transactionListQuerySchema,
} from './transactions';

type Sample = [name: string, schema: z.ZodType, valid: Record<string, unknown>];

const samples: Sample[] = [
  ['tier', tierInputSchema, { name: 'Gold', description: 'Top\nagents' }],
  ['supplier', supplierInputSchema, { name: 'Air', currency_id: '1', booking_number_format: 'XX-000' }],
  ['settings', settingsInputSchema, { gst_rate: '5' }],
  [
    'account',
    accountInputSchema,
    { name: 'Main', account_number: '12', accountable_type: 'supplier', accountable_id: '1', currency_id: '1' },
  ],
  [
    'agent',
    agentInputSchema('create', () => '2026-05-01'),
    {
      full_name: 'Ana Lee',
      nickname: 'Ana',
      home_address: '1 Main St\nToronto',
      phone_number: '416-555-0100',
      fareconnect_email: 'ana@x.test',
      personal_email: 'ana@home.test',
      date_of_birth: '1985-03-12',
      sin_number: '046454286',
      fareconnect_number: 'FC1',
      commission_tier_id: '1',
      tier_change_reason: 'Promoted',
      tier_start_date: '2024-01-01',
      commission_percentage: '10',
      gst_number: 'ABC1',
      password: 'long-enough',
      password_confirmation: 'long-enough',
    },
  ],
  [
    'sub-agent link',
    subAgentLinkInputSchema('create'),
    { sub_agent_id: '2', split_percentage: '50', suppliers: ['1'] },
  ],
  [
    'booking',
    bookingInputSchema,
    {
      booking_reference: 'AB-1',
      trip_number: 'T1',
      supplier_id: '1',
      booking_date: '2024-05-01',
      customer_name: 'Lee',
      booking_amount: '10.00',
      status: 'pending',
      notes: 'n',
      is_group_booking: '1',
      booking_group_id: 'Family trip',
      new_group_name: 'Family',
    },
  ],
  ['cancel booking', cancelBookingSchema, { cancellation_note: 'changed plans' }],
  ['check booking reference', checkBookingReferenceSchema, { booking_reference: 'AB-1' }],
  ['check reference supplier', checkReferenceSupplierSchema, { reference_number: 'AB-1', supplier_id: '1' }],
  ['booking group', bookingGroupInputSchema, { name: 'G', description: 'd', selectedBookings: ['1'] }],
  [
    'commission',
    commissionInputSchema,
    { commission_type: 'tier', general_id: '1', percentage: '5', suppliers: ['1'] },
  ],
  [
    'transaction',
    transactionInputSchema,
    {
      account_id: '1',
      transaction_type: 'credit',
      currency_id: '1',
      amount: '5.00',
      reference_number: 'R1',
      status: 'completed',
      description: 'd',
      cheque_reference_number: 'C1',
    },
  ],
  [
    'bulk transactions',
    bulkTransactionSchema,
    {
      account_id: '1',
      transaction_type: 'credit',
      status: 'completed',
      description_type: 'different',
      common_description: 'c',
      cheque_reference_number: 'C1',
      transactions: [{ reference_number: 'R1', amount: '1.00', description: 'd' }],
    },
  ],
  ['unclaimed check', checkUnclaimedTransactionSchema, { reference_number: 'R1', supplier_id: '1' }],
  ['currency summary', currencySummarySchema, { account_ids: ['1'], transaction_type: 'credit', status: 'completed' }],
  [
    'transaction import',
    transactionImportSchema,
    {
      account_id: '1',
      status: 'completed',
      description: 'd',
      cheque_reference_number: 'C1',
      file: true,
    },
  ],
  [
    'bookings list',
    bookingListQuerySchema,
    {
      search: 'a',
      supplier_id: '1',
      agent_id: '1',
      booking_group_id: '1',
      date_from: '2024-01-01',
      date_to: '2024-01-31',
    },
  ],
  [
    'transactions list',
    transactionListQuerySchema,
    {
      account_id: '1',
      reference: 'R',
      cheque_reference: 'C',
      date_from: '2024-01-01',
      date_to: '2024-01-02',
      amount_min: '1',
      amount_max: '2',
    },
  ],
  ['agents list', agentListFilters, { tier: '1' }],
  ['commissions list', commissionListQuerySchema, { search: 'a' }],
  ['commission rate', commissionRateQuerySchema, { agent_id: '1', supplier_id: '1', date: '2024-01-01' }],
  [
    'agent claim',
    agentClaimSchema,
    {
      reference_number: 'ab-1',
      booking_data: {
        transaction_id: '1',
        booking_reference: 'AB-1',
        customer_name: 'Lee',
        booking_date: '2024-05-01',
        notes: 'n',
      },
      booking_receipt: true,
    },
  ],
  ['claim rejection', rejectClaimSchema, { reason: 'No such trip' }],
  ['unclaimed search', unclaimedSearchQuerySchema, { reference_number: 'AB-1' }],
  [
    'unmatched transactions',
    unmatchedTransactionsQuerySchema,
    { include_suppliers: ['1', '2'], start_date: '2024-01-01', end_date: '2024-01-31', search: 'AB' },
  ],
];

/** Paths of the string values of a sample ('transactions.0.reference_number'). */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...path, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]));
  return [];
}

function withValue(sample: unknown, path: (string | number)[], f: (s: string) => unknown): unknown {
  const copy = structuredClone(sample) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  node[last] = f(node[last] as string);
  return copy;
}

describe('request schemas', () => {
  it.each(samples)('%s: the sample is valid', (_name, schema, valid) => {
    const r = schema.safeParse(valid);
    expect(r.success ? 'valid' : r.error.issues).toBe('valid');
  });

  it.each(samples)('%s: a NUL, ESC or DEL in any field is refused at that field', (_name, schema, valid) => {
    // Passwords are hashed, never stored or shown as text: any character is theirs to choose.
    for (const path of stringPaths(valid).filter((p) => !/password/.test(String(p[0])))) {
      for (const bad of ['\u0000', '\u001b', '\u007f']) {
        const r = schema.safeParse(withValue(valid, path, (s) => `${s}${bad}x`));
        // Some fields are lists of ids posted as one value (`suppliers[]`): the error sits on the list.
        const at = r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
        expect(
          at.some((p) => path.join('.').startsWith(p)),
          `${path.join('.')} with ${JSON.stringify(bad)}`,
        ).toBe(true);
      }
    }
  });

  it.each(samples)('%s: a date of year 0000 or an id of 2^31 is refused at that field', (_name, schema, valid) => {
    for (const path of stringPaths(valid)) {
      const value = String(path.reduce<unknown>((n, k) => (n as Record<string | number, unknown>)[k], valid));
      const hostile = /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? '0000-01-01'
        : /^\d+$/.test(value) && /_id$|^suppliers$|_ids$|^selectedBookings$|^tier$/.test(String(path[0]))
          ? '2147483648'
          : null;
      if (hostile === null) continue;
      const r = schema.safeParse(withValue(valid, path, () => hostile));
      const at = r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
      expect(
        at.some((p) => path.join('.').startsWith(p)),
        `${path.join('.')} = ${hostile}`,
      ).toBe(true);
    }
  });
});
