import {
  moneyToNumber,
  PAYOUT_MESSAGES,
  needsReconciliation,
  payoutBlockReason,
  payoutBlockReasonAfterReconcile,
  percentToNumber,
  type BulkPayoutSearchInput,
} from '@app/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { validationError } from '../../http/errors';
import { previewLinesAtGross, type PreviewedLine } from '../commissions';
import { findLineFacts, searchBookingFacts, type BookingFacts, type LineFacts } from './payouts.repo';

// The bulk payout screen's search: the bookings a bulk payout or reconcile can take, with their lines.

/** The most bookings one search answers. */
const SEARCH_LIMIT = 2000;

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
    // mismatch (payable once reconciled in the same step): the domain decides each row again below. The
    // statuses first on their own, for bookings_payable_supplier_date_idx.
    where.push(sql`b.transaction_match_status in ('match', 'partial', 'mismatch')`);
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
      amount: moneyToNumber(l.amount),
      paid_amount: moneyToNumber(l.paid_amount),
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
    booking_amount: moneyToNumber(f.gross),
    paid_amount: moneyToNumber(f.paid),
    available_amount: moneyToNumber(f.available),
    transaction_amount: moneyToNumber(f.net),
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
      amount: moneyToNumber(l.amount),
      paid_amount: moneyToNumber(l.paid_amount),
      has_gst: l.has_gst,
      has_account: l.account_id !== null,
    })),
    lines_after_reconcile: reconciled ? linesAfterReconcile(lines, reconciled) : null,
  };
}
