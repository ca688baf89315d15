/**
 * The rows the hostile-input and fuzz tests aim at: an admin signed in, one of each record seeded through
 * the API, a valid body per write route (so a hostile value in one field reaches the handler when it
 * passes) and each route's address with the seeded ids in it.
 */
import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { RouteModule } from '../http/app';
import type { Jobs } from '../jobs/job-runner';
import type { Json } from './hostile';
import { createTestApp, type TestApp, type TestClient } from './test-app';

/** Jobs are only queued (the request's own transaction is what these tests look at). */
export const queuedOnly: Jobs = { send: async () => {}, wake: () => {} };

export type WorldIds = Record<
  | 'currency'
  | 'tier'
  | 'supplier'
  | 'agent'
  | 'subAgent'
  | 'subLink'
  | 'commission'
  | 'booking'
  | 'group'
  | 'account'
  | 'transaction',
  number
> & { job: string };

export interface HostileWorld {
  t: TestApp;
  admin: TestClient;
  ids: WorldIds;
}

export const idFromAnswer = (res: LightMyRequestResponse): number => {
  const body = res.json() as { data?: { id?: number }; id?: number };
  const id = body.data?.id ?? body.id;
  if (typeof id !== 'number') throw new Error(`no id in ${res.statusCode} ${res.body.slice(0, 300)}`);
  return id;
};

/**
 * A test app (with `extraModules` beside the product's routes) with an admin and one tier, supplier,
 * agent, sub-agent link, rule, booking, group, account and transaction.
 */
export async function seedHostileWorld(extraModules: RouteModule[] = []): Promise<HostileWorld> {
  const t = await createTestApp(extraModules, { jobs: queuedOnly });
  const admin = await t.signedIn('admin');
  await admin.session();
  const ids = {} as WorldIds;
  const currencies = (await admin.get('/api/currencies')).json() as { data: { id: number }[] };
  ids.currency = currencies.data[0]!.id;
  ids.tier = idFromAnswer(await admin.post('/commission-tiers', { json: { name: 'Hostile base tier' } }));
  ids.supplier = idFromAnswer(
    await admin.post('/suppliers', { json: { name: 'Hostile Air', currency_id: ids.currency } }),
  );
  const agentForm = (email: string) => ({
    full_name: 'Base Agent',
    home_address: '1 Main St',
    phone_number: '416-555-0100',
    fareconnect_email: email,
    date_of_birth: '1980-01-01',
    sin_number: '046454286',
    fareconnect_number: `FC-${email.split('@')[0]!.toUpperCase()}`,
    commission_tier_id: String(ids.tier),
    password: 'long-enough-pw',
    password_confirmation: 'long-enough-pw',
  });
  ids.agent = idFromAnswer(await admin.post('/agents', { multipart: agentForm('base-agent@example.test') }));
  ids.subAgent = idFromAnswer(await admin.post('/agents', { multipart: agentForm('base-sub@example.test') }));
  ids.subLink = ids.subAgent;
  const linked = await admin.post(`/agents/${ids.agent}/sub-agents`, {
    multipart: { sub_agent_id: String(ids.subAgent), split_percentage: '50' },
  });
  expect(linked.statusCode, linked.body).toBe(200);
  ids.commission = idFromAnswer(
    await admin.post('/commissions', {
      json: { commission_type: 'tier', general_id: ids.tier, percentage: '10', suppliers: [ids.supplier] },
    }),
  );
  ids.booking = idFromAnswer(
    await admin.post('/bookings', {
      multipart: {
        booking_reference: 'HOST-1',
        supplier_id: String(ids.supplier),
        booking_date: '2024-05-01',
        customer_name: 'Base Customer',
        booking_amount: '100.00',
        primary_agent_id: String(ids.agent),
      },
    }),
  );
  ids.group = idFromAnswer(
    await admin.post('/booking-groups', { json: { name: 'Base group', selectedBookings: [ids.booking] } }),
  );
  ids.account = idFromAnswer(
    await admin.post('/accounts', {
      json: {
        name: 'Base account',
        accountable_type: 'supplier',
        accountable_id: ids.supplier,
        currency_id: ids.currency,
      },
    }),
  );
  ids.transaction = idFromAnswer(
    await admin.post('/transactions', {
      multipart: {
        account_id: String(ids.account),
        transaction_type: 'credit',
        currency_id: String(ids.currency),
        amount: '5.00',
        reference_number: 'HOST-1',
      },
    }),
  );
  ids.job = crypto.randomUUID();
  return { t, admin, ids };
}

/**
 * Valid bodies per route, keyed `METHOD /openapi/{path}` (names, references and e-mails are new at each
 * call: no case is refused only as a duplicate).
 */
export function baselines(ids: WorldIds): Record<string, Record<string, Json>> {
  const n = crypto.randomBytes(4).toString('hex').toUpperCase();
  return {
    ...referenceBodies(ids, n),
    ...bookingBodies(ids, n),
    ...commissionAndAgentBodies(ids, n),
    ...accountAndTransactionBodies(ids, n),
  };
}

type Bodies = Record<string, Record<string, Json>>;

/** Tiers, suppliers, settings and the Excel report. */
function referenceBodies(ids: WorldIds, n: string): Bodies {
  return {
    'POST /commission-tiers': { name: `Tier ${n}`, description: 'Top\nagents' },
    'PUT /commission-tiers/{id}': { name: `Tier ${n}`, description: 'd' },
    'POST /suppliers': {
      name: `Supplier ${n}`,
      currency_id: String(ids.currency),
      booking_number_format: '',
      match_tolerance_percent: '2.5',
    },
    'PUT /suppliers/{id}': {
      name: `Supplier ${n}`,
      currency_id: String(ids.currency),
      booking_number_format: '',
      match_tolerance_percent: '2.5',
    },
    'POST /settings': {
      gst_rate: '5',
      agency_name: 'Travel Host Agency',
      quickbooks_commission_account: 'Expenses:Commission Expense',
      quickbooks_gst_account: 'GST/HST Receivable',
      quickbooks_clearing_account: 'Telpay Clearing',
      quickbooks_date_format: 'MM/DD/YYYY',
      auto_accept_score: '90',
    },
    'POST /api/reports/excel': {
      start_date: '2026-01-01',
      end_date: '2026-01-31',
      payout_id: '',
      supplier_id: String(ids.supplier),
      currency_id: String(ids.currency),
      filter_mode: 'exclude',
      report_type: 'bookings',
      format: 'quickbooks_iif',
    },
  };
}

/** A booking, its cancellation and the reference checks. */
function bookingBodies(ids: WorldIds, n: string): Bodies {
  const booking = {
    booking_reference: `HOST-${n}`,
    trip_number: 'T-1',
    supplier_id: String(ids.supplier),
    booking_date: '2024-05-01',
    customer_name: 'Hostile Customer',
    booking_amount: '100.00',
    notes: 'Window seat',
    primary_agent_id: String(ids.agent),
    is_group_booking: '1',
    booking_group_id: String(ids.group),
  };
  return {
    'POST /bookings': booking,
    'PUT /bookings/{id}': booking,
    'POST /bookings/{id}/cancel': { cancellation_note: 'Changed plans' },
    'POST /bookings/transaction-status': { booking_ids: [String(ids.booking)] },
    'POST /api/check-booking-reference': { booking_reference: 'HOST-1', agent_id: String(ids.agent) },
    'POST /api/check-duplicate-booking-supplier': { reference_number: 'HOST-1', supplier_id: String(ids.supplier) },
  };
}

/** Commission rules, agents, sub-agent links and booking groups. */
function commissionAndAgentBodies(ids: WorldIds, n: string): Bodies {
  const agent = {
    full_name: 'Hostile Agent',
    nickname: 'Hosty',
    home_address: '1 Main St\nToronto',
    phone_number: '416-555-0100',
    fareconnect_email: `hostile-${n}@example.test`,
    personal_email: `home-${n}@example.test`,
    date_of_birth: '1985-03-12',
    sin_number: '046454286',
    fareconnect_number: `FC-H${n}`,
    commission_tier_id: String(ids.tier),
    tier_start_date: '2024-01-01',
    tier_change_reason: 'Start',
    commission_percentage: '10',
    gst_number: 'AB12',
  };
  return {
    'POST /commissions': {
      commission_type: 'agent',
      general_id: String(ids.agent),
      percentage: '5',
      suppliers: [String(ids.supplier)],
    },
    'PUT /commissions/{id}': {
      commission_type: 'tier',
      general_id: String(ids.tier),
      percentage: '7',
      suppliers: [String(ids.supplier)],
    },
    'POST /agents': { ...agent, password: 'long-enough-pw', password_confirmation: 'long-enough-pw' },
    'PUT /agents/{id}': { ...agent, fareconnect_email: `agent-${ids.agent}@example.test` },
    'POST /agents/{id}/sub-agents': { sub_agent_id: String(ids.subAgent), split_percentage: '50' },
    'PUT /agents/{id}/sub-agents/{subAgentId}': { split_percentage: '40', suppliers: [String(ids.supplier)] },
    'POST /booking-groups': { name: `Group ${n}`, description: 'd', selectedBookings: [String(ids.booking)] },
    'PUT /booking-groups/{id}': { name: `Group ${n}`, description: 'd', selectedBookings: [String(ids.booking)] },
  };
}

/** Accounts, supplier transactions (one, in bulk, imported) and claims on them. */
function accountAndTransactionBodies(ids: WorldIds, n: string): Bodies {
  const transaction = {
    account_id: String(ids.account),
    transaction_type: 'credit',
    currency_id: String(ids.currency),
    amount: '5.00',
    reference_number: `HOST-${n}`,
    description: 'Paid',
    cheque_reference_number: 'CHQ-1',
  };
  const account = {
    name: `Account ${n}`,
    account_number: '12',
    accountable_type: 'supplier',
    accountable_id: String(ids.supplier),
    currency_id: String(ids.currency),
  };
  return {
    'POST /accounts': account,
    'PUT /accounts/{id}': account,
    'POST /accounts/transactions/currency-summary': { account_ids: [String(ids.account)], status: 'completed' },
    'POST /transactions': transaction,
    'PUT /transactions/{id}': transaction,
    'POST /transactions/store-bulk': {
      account_id: String(ids.account),
      transaction_type: 'credit',
      description_type: 'different',
      common_description: 'c',
      transactions: [{ reference_number: `BULK-${n}`, amount: '1.00', description: 'row' }],
    },
    'POST /transactions-bulk-update': { transaction_ids: [String(ids.transaction)], status: 'completed' },
    'POST /api/check-unclaimed-transaction': { reference_number: 'HOST-1', supplier_id: String(ids.supplier) },
    'POST /api/unclaimed-bookings': {
      reference_number: 'HOST-1',
      booking_data: JSON.stringify({
        transaction_id: ids.transaction,
        booking_reference: 'HOST-1',
        customer_name: 'Jean Client',
        booking_date: '2026-01-15',
        notes: 'n',
        is_personal: false,
      }),
    },
    'POST /api/unclaimed-bookings/{id}/reject': { reason: 'No such trip' },
    'POST /api/transactions/import': { account_id: String(ids.account), status: 'completed', description: 'imp' },
  };
}

/** Routes a well-formed hostile body must not reach: they end the session or take the seeded rows away. */
export const WELL_FORMED_BODIES_SKIPPED = /^(POST \/logout|DELETE )/;

/** The route's address with the seeded rows' ids in it. */
export function urlOf(ids: WorldIds, path: string): string {
  return path
    .replace(/^\/agents\/\{id\}/, `/agents/${ids.agent}`)
    .replace('{subAgentId}', String(ids.subLink))
    .replace(/^\/commission-tiers\/\{id\}/, `/commission-tiers/${ids.tier}`)
    .replace(/^\/suppliers\/\{id\}/, `/suppliers/${ids.supplier}`)
    .replace(/^\/bookings\/\{id\}/, `/bookings/${ids.booking}`)
    .replace(/^\/commissions\/\{id\}/, `/commissions/${ids.commission}`)
    .replace(/^\/booking-groups\/\{id\}/, `/booking-groups/${ids.group}`)
    .replace(/^\/accounts\/\{id\}/, `/accounts/${ids.account}`)
    .replace(/^\/transactions\/\{id\}/, `/transactions/${ids.transaction}`)
    .replace(/^\/api\/countries\/\{id\}/, '/api/countries/1')
    .replace('{jobId}', ids.job);
}

/** The file field of a multipart route (receipts, reference images, imports). */
export const fileFieldOf = (path: string): string =>
  /bookings/.test(path) ? 'booking_receipt' : /transactions/.test(path) ? 'reference_image' : 'file';
