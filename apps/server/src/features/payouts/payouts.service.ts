/**
 * Payouts (DOMAIN.md "Payouts", "Matching"; bookings spec §3 "Payout info", §5 "Payout"; agents spec
 * §2.8, §4 "Payout screen", §5 "Payout"): the payout modal's preview, the single payout, the bulk
 * screen's search, bulk payout and bulk reconcile, and the payout records. Every decision is the
 * domain's (`payouts/payout.ts`); the writes are `payout-run.ts`'s. The search is bulk-payout-search.ts's,
 * the records' reads payout-records.ts's.
 */
import {
  moneyToNumber,
  PAYOUT_MESSAGES,
  singlePayoutName,
  payoutBlockReasonAt,
  singlePayoutAmountProblem,
  payoutDateProblem,
  percentFromDb,
  percentToNumber,
  isPartialPayout,
  planPayout,
  percentMinus,
  HUNDRED_PERCENT,
  type BulkPayoutProcessInput,
  type BulkPayoutResponse,
  type BulkReconcileInput,
  type Cents,
  type Percent,
  type ProcessPayoutInput,
} from '@app/domain';
import { sql } from 'drizzle-orm';
import { todayUtc } from '../../clock';
import type { Db } from '../../db/client';
import { notFound, validationError } from '../../http/errors';
import { getGstRate } from '../../shared/settings';
import { idArray } from '../../shared/sql';
import { CHUNK_SIZE, processChunk, processRows } from './payout-run';
import type { Outcome, Run, RunRow } from './payout-run-model';
import { countBookingPayouts, findBookingFacts, findLineFacts } from './payouts.repo';

/** `GET /bookings/{id}/payout-info`: what a payout of the whole available amount would pay each agent. */
export async function payoutInfo(db: Db, id: number) {
  const f = (await findBookingFacts(db, [id])).get(id);
  if (!f) throw notFound('The booking');
  const lines = (await findLineFacts(db, [id])).get(id) ?? [];
  const gstRate = percentFromDb(await getGstRate(db));
  // The preview pays the whole available amount, or nothing when there is nothing (of the right sign) to pay.
  const amount = singlePayoutAmountProblem(f.available, f.gross, f.available) === null ? f.available : (0n as Cents);
  const items = planPayout({ gross: f.gross, paidBefore: f.paid, amount, lines, gstRate });
  const reason = payoutBlockReasonAt(f, f.available);
  return {
    status: 'success' as const,
    message: reason ?? 'Payout information retrieved successfully',
    booking: {
      id: f.id,
      reference: f.reference,
      supplier: f.supplier_name,
      currency: { code: f.currency_code, symbol: f.currency_symbol },
      status: f.booking_status,
      booking_amount: moneyToNumber(f.gross),
      expected_commission: moneyToNumber(f.expected_commission),
      paid_amount: moneyToNumber(f.paid),
      remaining_amount: moneyToNumber((f.gross - f.paid) as Cents),
      is_reconciled: f.is_reconciled,
    },
    payout: {
      available_amount: moneyToNumber(f.available),
      commission_breakdown: items.map((item, i) => ({
        agent_id: item.agent_id,
        agent_name: lines[i]!.agent_name,
        percentage: percentToNumber(item.percentage),
        amount: moneyToNumber(item.commission),
        gst_amount: moneyToNumber(item.gst),
        total: moneyToNumber(item.total),
      })),
      agents_without_accounts: lines
        .filter((l) => l.account_id === null)
        .map((l) => ({ agent_id: l.agent_id, agent_name: l.agent_name })),
      // What `planPayout` needs to preview any typed amount in the modal, as the server will pay it.
      lines: lines.map((l) => ({
        id: l.id,
        agent_id: l.agent_id,
        agent_name: l.agent_name,
        percentage: percentToNumber(l.percentage),
        amount: moneyToNumber(l.amount),
        paid_amount: moneyToNumber(l.paid_amount),
        has_gst: l.has_gst,
      })),
      can_payout: reason === null,
      reason,
      default_description: singlePayoutName(
        f.reference,
        f.primary_agent_name,
        todayUtc(),
        await countBookingPayouts(db, f.id),
      ),
    },
  };
}

/** `POST /bookings/{id}/process-payout`: one booking, all or nothing; a refusal is a 422 and writes nothing. */
export async function processSinglePayout(db: Db, userId: number, bookingId: number, input: ProcessPayoutInput) {
  const payoutDate = todayUtc();
  const run: Run = {
    userId,
    kind: 'single',
    mode: 'payout',
    payoutDate,
    name: async (tx, f) =>
      input.description ||
      singlePayoutName(f.reference, f.primary_agent_name, payoutDate, await countBookingPayouts(tx, f.id)),
    records: new Map(),
  };
  const [o] = await processChunk(db, run, [
    { booking_id: bookingId, amount: input.payout_amount, reconcile: false, expectedNet: null, custom: null },
  ]);
  if (!o!.ok) {
    if (o!.notFound) throw notFound('The booking');
    throw validationError({ payout_amount: [o!.message] }, o!.message);
  }
  return {
    status: 'success' as const,
    message: PAYOUT_MESSAGES.processed,
    is_partial: isPartialPayout(o!.remaining!),
    paid_amount: moneyToNumber(o!.paid!),
    remaining_amount: moneyToNumber(o!.remaining!),
    payout_id: o!.payoutId!,
  };
}

type CustomFields = {
  use_custom_commission: boolean;
  custom_commissions: { commission_id: number; percentage: Percent }[];
  company_percentage?: Percent | null | undefined;
};

/** The custom percentages of a row, or null; the company's share defaults to what the agents leave. */
function customOf(row: CustomFields): RunRow['custom'] {
  if (!row.use_custom_commission) return null;
  const percentages = new Map(row.custom_commissions.map((c) => [c.commission_id, c.percentage]));
  const agents = [...percentages.values()].reduce((a, p) => a + p, 0n) as Percent;
  return { percentages, company: row.company_percentage ?? percentMinus(HUNDRED_PERCENT, agents) };
}

/** `POST /bulk-payouts/process`. */
export function processBulkPayout(
  db: Db,
  userId: number,
  input: BulkPayoutProcessInput,
  onError: (err: unknown, bookingId: number) => void,
) {
  const name = input.description || PAYOUT_MESSAGES.defaultBulkDescription;
  // DOMAIN.md "Money invariants" 6: a payout is dated on or before today (the server's clock).
  const today = todayUtc();
  const dateProblem = input.payout_date ? payoutDateProblem(input.payout_date, today) : null;
  if (dateProblem) return Promise.reject(validationError({ payout_date: [dateProblem] }, dateProblem));
  return runBulk(
    db,
    {
      userId,
      kind: 'bulk',
      mode: 'payout',
      payoutDate: input.payout_date || today,
      name: () => Promise.resolve(name),
      records: new Map(),
    },
    input.payouts.map((p) => ({
      booking_id: p.booking_id,
      amount: p.payout_amount,
      reconcile: p.reconcile,
      expectedNet: null,
      custom: customOf(p),
    })),
    onError,
  );
}

/** `POST /bulk-payouts/reconcile`. */
export function processBulkReconcile(
  db: Db,
  userId: number,
  input: BulkReconcileInput,
  onError: (err: unknown, bookingId: number) => void,
) {
  const name = input.description || PAYOUT_MESSAGES.defaultReconcileDescription;
  return runBulk(
    db,
    {
      userId,
      kind: 'bulk',
      mode: 'reconcile',
      payoutDate: todayUtc(),
      name: () => Promise.resolve(name),
      records: new Map(),
    },
    input.bookings.map((b) => ({
      booking_id: b.booking_id,
      amount: null,
      reconcile: true,
      expectedNet: b.transaction_amount ?? null,
      custom: customOf(b),
    })),
    onError,
  );
}

/**
 * A bulk run: each booking all or nothing, a failing booking does not stop the others. Chunks of
 * CHUNK_SIZE distinct bookings, one transaction each; the answer in the request's order.
 */
async function runBulk(
  db: Db,
  run: Run,
  rows: RunRow[],
  onError: (err: unknown, bookingId: number) => void,
): Promise<BulkPayoutResponse> {
  const { rows: known } = await db.execute<{ id: number; booking_reference: string }>(
    sql`select id, booking_reference from bookings where id = any(${idArray(rows.map((r) => r.booking_id))})`,
  );
  const references = new Map(known.map((r) => [r.id, r.booking_reference]));
  const seen = new Set<number>();
  const outcomes: (Outcome | null)[] = rows.map((r) => {
    const reference = references.get(r.booking_id);
    if (reference === undefined)
      return { booking_id: r.booking_id, reference: '', ok: false, message: PAYOUT_MESSAGES.bookingNotFound };
    if (seen.has(r.booking_id))
      return { booking_id: r.booking_id, reference, ok: false, message: PAYOUT_MESSAGES.duplicateInRequest };
    seen.add(r.booking_id);
    return null;
  });
  const todo = rows.map((row, index) => ({ row, index })).filter(({ index }) => outcomes[index] === null);
  for (let i = 0; i < todo.length; i += CHUNK_SIZE) {
    const chunk = todo.slice(i, i + CHUNK_SIZE);
    const results = await processRows(
      db,
      run,
      chunk.map((c) => c.row),
      onError,
    );
    chunk.forEach((c, k) => (outcomes[c.index] = results[k]!));
  }
  const results = outcomes.map((o) => ({
    booking_id: o!.booking_id,
    booking_reference: o!.reference || references.get(o!.booking_id) || '',
    status: o!.ok ? ('success' as const) : ('error' as const),
    message: o!.message,
  }));
  const succeeded = results.filter((r) => r.status === 'success').length;
  return {
    status: succeeded > 0 ? 'success' : 'error',
    message: PAYOUT_MESSAGES.bulkSummary(succeeded, results.length, run.mode === 'payout' ? 'processed' : 'reconciled'),
    results,
    payout_ids: [...run.records.values()].sort((a, b) => a - b),
  };
}
