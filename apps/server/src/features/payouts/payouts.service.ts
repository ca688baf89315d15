/**
 * Payouts (DOMAIN.md "Payouts", "Matching"; bookings spec §3 "Payout info", §5 "Payout"; agents spec
 * §2.8, §4 "Payout screen", §5 "Payout"): the payout modal's preview, the single payout, the bulk
 * screen's search, bulk payout and bulk reconcile, and the payout records. Every decision is the
 * domain's (`payouts/payout.ts`); the writes are `payout-run.ts`'s.
 */
import {
  moneyToNumber,
  PAYOUT_MESSAGES,
  singlePayoutName,
  payoutBlockReasonAt,
  singlePayoutAmountProblem,
  payoutDateProblem,
  needsReconciliation,
  payoutBlockReason,
  payoutBlockReasonAfterReconcile,
  percentFromDb,
  percentToNumber,
  planPayout,
  percentMinus,
  HUNDRED_PERCENT,
  type BulkPayoutProcessInput,
  type BulkPayoutResponse,
  type BulkPayoutSearchInput,
  type BulkReconcileInput,
  type Cents,
  type Percent,
  type ProcessPayoutInput,
  moneyJson,
  percentJson,
} from '@app/domain';
import { sql, type SQL } from 'drizzle-orm';
import { todayUtc } from '../../clock';
import type { Db } from '../../db/client';
import { notFound, validationError } from '../../http/errors';
import { getGstRate } from '../../shared/settings';
import { idArray, pageLimit, paginate } from '../../shared/sql';
import { previewLinesAtGross, type PreviewedLine } from '../commissions';
import { CHUNK_SIZE, processChunk, processRows } from './payout-run';
import type { Outcome, Run, RunRow } from './payout-run-model';
import {
  countBookingPayouts,
  findBookingFacts,
  findLineFacts,
  searchBookingFacts,
  type BookingFacts,
  type LineFacts,
} from './payouts.repo';

const num = (c: Cents) => moneyToNumber(c);

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
      booking_amount: num(f.gross),
      expected_commission: num(f.expected_commission),
      paid_amount: num(f.paid),
      remaining_amount: num((f.gross - f.paid) as Cents),
      is_reconciled: f.is_reconciled,
    },
    payout: {
      available_amount: num(f.available),
      commission_breakdown: items.map((item, i) => ({
        agent_id: item.agent_id,
        agent_name: lines[i]!.agent_name,
        percentage: percentToNumber(item.percentage),
        amount: num(item.commission),
        gst_amount: num(item.gst),
        total: num(item.total),
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
        amount: num(l.amount),
        paid_amount: num(l.paid_amount),
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
    is_partial: o!.remaining !== 0n,
    paid_amount: num(o!.paid!),
    remaining_amount: num(o!.remaining!),
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

/** The most bookings one search answers. */
export const SEARCH_LIMIT = 2000;

/**
 * `POST /bulk-payouts/search`: payout mode lists the bookings that can be paid out now with something
 * available; reconcile mode those whose received amount differs from the gross. One query for the
 * bookings (the stored match status narrows them before the received money is summed), one for their
 * lines; sorted by primary agent name, then booking date.
 */
export async function searchBulkPayouts(db: Db, input: BulkPayoutSearchInput) {
  if (input.is_reconciled && input.exclude_reconciled)
    throw validationError(
      { exclude_reconciled: [PAYOUT_MESSAGES.bothReconciledFilters] },
      PAYOUT_MESSAGES.bothReconciledFilters,
    );
  const where: SQL[] = [sql`b.status not in ('completed', 'cancelled')`];
  if (input.mode === 'payout') {
    // SQL form of payoutBlockReason and availableAmount ≠ 0, or of payoutBlockReasonAfterReconcile for a
    // mismatch (payable once reconciled in the same step): the domain decides each row again below.
    where.push(sql`((b.transaction_match_status in ('match', 'partial')
                     and (case when b.booking_amount < 0 then m.has_debit else m.has_credit end)
                     and (case when b.is_reconciled then b.booking_amount
                               when b.booking_amount >= 0 then least(greatest(m.matched_net, 0), b.booking_amount)
                               else greatest(least(m.matched_net, 0), b.booking_amount) end) - b.paid_amount <> 0)
                    or (b.transaction_match_status = 'mismatch' and m.matched_count > 0
                        and m.matched_net <> 0 and (m.matched_net < 0) = (b.booking_amount < 0)
                        and m.matched_net <> b.paid_amount))`);
  } else {
    // Something matched and net ≠ gross: only these three statuses can be that.
    where.push(sql`b.transaction_match_status in ('partial', 'mismatch', 'multiple_transactions')`);
    where.push(sql`m.matched_count > 0 and m.matched_net <> b.booking_amount`);
  }
  if (input.supplier_id !== undefined) where.push(sql`b.supplier_id = ${input.supplier_id}`);
  if (input.date_from !== undefined) where.push(sql`b.booking_date >= ${input.date_from}`);
  if (input.date_to !== undefined) where.push(sql`b.booking_date <= ${input.date_to}`);
  if (!input.personal) where.push(sql`not b.is_personal`);
  if (input.is_reconciled) where.push(sql`b.is_reconciled`);
  if (input.exclude_reconciled) where.push(sql`not b.is_reconciled`);
  if (input.payout_id !== undefined)
    where.push(
      sql`exists (select 1 from payout_items pi where pi.payout_id = ${input.payout_id} and pi.booking_id = b.id)`,
    );

  const found = (
    await searchBookingFacts(
      db,
      sql.join(where, sql` and `),
      sql`order by pu.name, b.booking_date, b.id limit ${SEARCH_LIMIT}`,
    )
  ).filter((f) => {
    if (input.mode === 'reconcile') return f.matched_count > 0 && f.net !== f.gross;
    // A booking held back only by a duplicate reference is listed with its reason (it cannot be
    // selected): the admin sees why and can resolve it (DOMAIN.md "Money invariants" 2).
    const unblocked = { ...f, duplicate_booking_ids: [] };
    return (
      (payoutBlockReason(unblocked) === null && f.available !== 0n) ||
      // Agents spec §2.8, §4: one marked for reconciliation is offered with its Reconcile box ticked, to
      // be reconciled and paid in one step (the supplier paid 950.00 of 1,000.00: status mismatch).
      (needsReconciliationOf(f) && payoutBlockReasonAfterReconcile(unblocked) === null)
    );
  });
  const lines = await findLineFacts(
    db,
    found.map((f) => f.id),
  );
  // The lines each booking would have once reconciled (gross := net received), computed by the engine
  // the reconcile writes with: the screen previews a reconcile-then-pay with `planPayout` on them.
  const reconciled = await previewLinesAtGross(
    db,
    new Map(found.filter((f) => f.matched_count > 0).map((f) => [f.id, f.net])),
  );
  return {
    status: 'success' as const,
    bookings: found.map((f) => searchRow(f, lines.get(f.id) ?? [], reconciled.get(f.id), input.mode)),
    limit: SEARCH_LIMIT,
  };
}

const needsReconciliationOf = (f: BookingFacts) => needsReconciliation(f.matched_count, f.net, f.gross, f.match_status);

const ROLE_ORDER: Record<PreviewedLine['role'], number> = { sub_agent: 0, primary: 1, parent: 2 };

/**
 * A reconcile's lines as a payout would read them after it: each keeps the id of the agent's line (the
 * engine updates lines by agent; a new agent's line has none yet), in `findLineFacts`'s order (role, then
 * id, a new line last), the order a custom commission's allocation follows.
 */
function linesAfterReconcile(current: readonly LineFacts[], preview: readonly PreviewedLine[]) {
  const idOf = new Map(current.map((l) => [l.agent_id, l.id]));
  return preview
    .map((l) => ({ ...l, id: idOf.get(l.agent_id) ?? null }))
    .sort(
      (a, b) =>
        ROLE_ORDER[a.role] - ROLE_ORDER[b.role] ||
        (a.id ?? Number.MAX_SAFE_INTEGER) - (b.id ?? Number.MAX_SAFE_INTEGER),
    )
    .map((l) => ({
      id: l.id,
      agent_id: l.agent_id,
      percentage: percentToNumber(l.percentage),
      amount: num(l.amount),
      paid_amount: num(l.paid_amount),
      has_gst: l.has_gst,
    }));
}

function searchRow(
  f: BookingFacts,
  lines: readonly LineFacts[],
  reconciled: readonly PreviewedLine[] | undefined,
  mode: 'payout' | 'reconcile',
) {
  return {
    id: f.id,
    booking_reference: f.reference,
    customer_name: f.customer_name,
    booking_date: f.booking_date,
    status: f.booking_status,
    booking_amount: num(f.gross),
    paid_amount: num(f.paid),
    available_amount: num(f.available),
    transaction_amount: num(f.net),
    is_reconciled: f.is_reconciled,
    needs_reconciliation: needsReconciliationOf(f),
    // Payout mode only: a reconcile is not a payout (a booking waiting for one is listed for it).
    payout_block_reason: mode === 'payout' ? payoutBlockReason(f) : null,
    payout_block_reason_after_reconcile: mode === 'payout' ? payoutBlockReasonAfterReconcile(f) : null,
    is_personal: f.is_personal,
    primary_agent_id: f.primary_agent_id,
    primary_agent: { user: { name: f.primary_agent_name } },
    supplier: {
      id: f.supplier_id,
      name: f.supplier_name,
      currency_symbol: f.currency_symbol,
      currency_code: f.currency_code,
    },
    actual_commissions: lines.map((l) => ({
      id: l.id,
      agent_id: l.agent_id,
      agent: { user: { name: l.agent_name } },
      percentage: percentToNumber(l.percentage),
      amount: num(l.amount),
      paid_amount: num(l.paid_amount),
      has_gst: l.has_gst,
      has_account: l.account_id !== null,
    })),
    lines_after_reconcile: reconciled ? linesAfterReconcile(lines, reconciled) : null,
  };
}

type RecordRow = {
  id: number;
  name: string;
  total_amount: string;
  payout_date: string;
  currency_code: string;
  currency_symbol: string;
  kind: 'single' | 'bulk';
  booking_count: number;
  item_count: number;
  created_by: string | null;
  created_at: Date;
};

const RECORD_COLUMNS = sql`p.id, p.name, p.total_amount::text, p.payout_date, c.code as currency_code,
  c.symbol as currency_symbol, p.kind, u.name as created_by, p.created_at,
  (select count(distinct i.booking_id)::int from payout_items i where i.payout_id = p.id) as booking_count,
  (select count(*)::int from payout_items i where i.payout_id = p.id) as item_count`;
const RECORD_JOINS = sql`join currencies c on c.id = p.currency_id left join users u on u.id = p.created_by_user_id`;

const recordOut = (r: RecordRow) => ({
  id: r.id,
  name: r.name,
  total_amount: moneyJson(r.total_amount),
  payout_date: r.payout_date,
  currency_code: r.currency_code,
  currency_symbol: r.currency_symbol,
  kind: r.kind,
  booking_count: r.booking_count,
  item_count: r.item_count,
  created_by: r.created_by,
  created_at: new Date(r.created_at).toISOString(),
});

/** `GET /api/payouts`: the payout records, newest first: by payout date (a bulk payout may be back-dated), then id. */
export async function listPayouts(db: Db, query: { page: number; per_page: number }) {
  const { rows: counted } = await db.execute<{ n: number }>(sql`select count(*)::int as n from payouts`);
  const { rows } = await db.execute<RecordRow>(sql`
    select ${RECORD_COLUMNS} from payouts p ${RECORD_JOINS}
     order by p.payout_date desc, p.id desc ${pageLimit(query)}`);
  const { data, ...page } = paginate(rows.map(recordOut), counted[0]!.n, query);
  return { status: 'success' as const, payouts: data, ...page };
}

/** `GET /api/payouts/{id}`: one record with its items. */
export async function getPayout(db: Db, id: number) {
  const { rows } = await db.execute<RecordRow>(
    sql`select ${RECORD_COLUMNS} from payouts p ${RECORD_JOINS} where p.id = ${id}`,
  );
  if (!rows[0]) throw notFound('The payout');
  const { rows: items } = await db.execute<{
    id: number;
    booking_id: number;
    booking_reference: string;
    booking_date: string;
    supplier_name: string;
    agent_id: number;
    agent_name: string;
    gross_portion: string;
    percentage: string;
    commission: string;
    gst: string;
    total: string;
  }>(sql`
    select i.id, i.booking_id, b.booking_reference, b.booking_date, s.name as supplier_name, i.agent_id,
           u.name as agent_name, i.gross_portion::text, i.percentage::text, i.commission::text, i.gst::text,
           i.total::text
      from payout_items i
      join bookings b on b.id = i.booking_id
      join suppliers s on s.id = b.supplier_id
      join agents a on a.id = i.agent_id
      join users u on u.id = a.user_id
     where i.payout_id = ${id}
     order by u.name, b.booking_reference, i.id`);
  return {
    status: 'success' as const,
    payout: recordOut(rows[0]),
    items: items.map((i) => ({
      id: i.id,
      booking_id: i.booking_id,
      booking_reference: i.booking_reference,
      booking_date: i.booking_date,
      supplier_name: i.supplier_name,
      agent_id: i.agent_id,
      agent_name: i.agent_name,
      gross_portion: moneyJson(i.gross_portion),
      percentage: percentJson(i.percentage),
      commission: moneyJson(i.commission),
      gst: moneyJson(i.gst),
      total: moneyJson(i.total),
    })),
  };
}
