/**
 * What Next Payout would pay now (DOMAIN.md "Report cards": the agent share of `available_amount` of the
 * bookings that can be paid out now), item by item, for the next-payout PDF and the exactness test.
 *
 * The SQL of the card (report-lines.ts) picks the bookings and lines; then the domain decides each
 * booking again from the money its transactions bring (`availableAmount`, `payoutBlockReason`,
 * `payoutAmountProblem`) and computes the items with `planPayout` for amount = the available amount,
 * exactly as the payout modal's preview and a payout of everything available would.
 */
import {
  availableAmount,
  moneyFromDb,
  payoutAmountProblem,
  payoutBlockReason,
  percentFromDb,
  planPayout,
  type Cents,
  type Percent,
  type ReportFilters,
  type SessionUser,
  type TransactionMatchStatus,
} from '@app/domain';
import { sql } from 'drizzle-orm';
import { todayUtc } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { getGstRate } from '../../shared/settings';
import { matchedTransactionTotals } from '../transactions';
import { reportScope, type ReportScope } from './report-filters';
import { bookingLinesSql } from './report-lines';

export interface NextPayoutItem {
  booking_id: number;
  booking_reference: string;
  booking_date: string;
  customer_name: string;
  supplier_id: number;
  supplier_name: string;
  currency_code: string;
  currency_symbol: string;
  /** The commission line paid. */
  line_id: number;
  agent_id: number;
  agent_name: string;
  /** The payout amount in gross terms: the booking's available amount. */
  gross_portion: Cents;
  percentage: Percent;
  commission: Cents;
  gst: Cents;
  total: Cents;
  /** The agent's GST/HST registration, for the note by their name on the statement. */
  has_gst: boolean;
  gst_number: string | null;
}

type Row = {
  booking_id: number;
  booking_reference: string;
  booking_date: string;
  customer_name: string;
  status: string;
  booking_amount: string;
  paid_amount: string;
  is_reconciled: boolean;
  transaction_match_status: TransactionMatchStatus | null;
  supplier_id: number;
  supplier_name: string;
  currency_code: string;
  currency_symbol: string;
  matched_net: string;
  has_credit: boolean;
  has_debit: boolean;
  line_id: number;
  agent_id: number;
  agent_name: string;
  percentage: string;
  amount: string;
  line_paid: string;
  has_gst: boolean;
  gst_number: string | null;
};

/**
 * The items Next Payout would pay now for this user and these filters (a non-admin: their own lines
 * only), sorted by agent name, booking date, reference. 422 when the range starts after it ends.
 */
export async function findNextPayoutItems(
  db: DbOrTx,
  user: SessionUser,
  filters: ReportFilters,
): Promise<NextPayoutItem[]> {
  return nextPayoutItemsInScope(db, reportScope(user, filters, todayUtc()));
}

/** {@link findNextPayoutItems} for a resolved scope. */
export async function nextPayoutItemsInScope(db: DbOrTx, scope: ReportScope): Promise<NextPayoutItem[]> {
  const rate = await getGstRate(db);
  const { rows } = await db.execute<Row>(sql`
    with card as (${bookingLinesSql(scope, rate, ['confirmed'])})
    select b.id as booking_id, b.booking_reference, b.booking_date, b.customer_name, b.status,
           b.booking_amount::text, b.paid_amount::text, b.is_reconciled, b.transaction_match_status,
           b.supplier_id, s.name as supplier_name, cur.code as currency_code, cur.symbol as currency_symbol,
           m.matched_net::text as matched_net, m.has_credit, m.has_debit,
           ac.id as line_id, ac.agent_id, u.name as agent_name, ac.percentage::text, ac.amount::text,
           ac.paid_amount::text as line_paid, ag.has_gst, ag.gst_number
      from card
      join actual_commissions ac on ac.id = card.id
      join bookings b on b.id = ac.booking_id
      join suppliers s on s.id = b.supplier_id
      join currencies cur on cur.id = s.currency_id
      join agents ag on ag.id = ac.agent_id
      join users u on u.id = ag.user_id
      cross join lateral ${matchedTransactionTotals('b')} m
     order by u.name, b.booking_date, b.booking_reference, b.id, ac.id`);

  const gstRate = percentFromDb(rate);
  const out: NextPayoutItem[] = [];
  for (const r of rows) {
    const gross = moneyFromDb(r.booking_amount);
    const paid = moneyFromDb(r.paid_amount);
    const available = availableAmount({
      gross,
      paid,
      net: moneyFromDb(r.matched_net),
      reconciled: r.is_reconciled,
    });
    const blocked = payoutBlockReason({
      booking_status: r.status,
      gross,
      match_status: r.transaction_match_status ?? 'no_transaction',
      has_completed_credit: r.has_credit,
      has_completed_debit: r.has_debit,
    });
    // The domain has the last word: a booking it would not pay out now pays nothing here either.
    if (blocked !== null || payoutAmountProblem(available, gross, available) !== null) continue;
    // Non-custom items are computed line by line: the other lines of the booking change nothing.
    const [item] = planPayout({
      gross,
      paidBefore: paid,
      amount: available,
      gstRate,
      lines: [
        {
          id: r.line_id,
          agent_id: r.agent_id,
          percentage: percentFromDb(r.percentage),
          amount: moneyFromDb(r.amount),
          paid_amount: moneyFromDb(r.line_paid),
          has_gst: r.has_gst,
        },
      ],
    });
    out.push({
      booking_id: r.booking_id,
      booking_reference: r.booking_reference,
      booking_date: r.booking_date,
      customer_name: r.customer_name,
      supplier_id: r.supplier_id,
      supplier_name: r.supplier_name,
      currency_code: r.currency_code,
      currency_symbol: r.currency_symbol,
      line_id: r.line_id,
      agent_id: r.agent_id,
      agent_name: r.agent_name,
      gross_portion: item!.gross_portion,
      percentage: item!.percentage,
      commission: item!.commission,
      gst: item!.gst,
      total: item!.total,
      has_gst: r.has_gst,
      gst_number: r.gst_number,
    });
  }
  return out;
}
