/**
 * The dashboard's cards as SQL (DOMAIN.md "Report cards", "Payouts"; issue 14). Every card is a set of
 * lines with a currency, a commission and its GST; the summary, the detail modals and the charts all
 * read these two queries, so a card's total is the sum of its lines by construction.
 *
 * Booking lines (`bookingLinesSql`): one per commission line `ac` of a booking `b` in the range and card.
 * - `cancelled` (Cancelled Commissions): a cancelled booking's line as stored (amount, gst_amount).
 * - `confirmed` (Next Payout): the booking can be paid out now ("payable"): status pending, confirmed or
 *   partial, stored match status `match` or `partial`, and an available amount of the gross's sign
 *   (`payoutBlockReason` and `payoutAmountProblem` of the domain both null). The line's amount is what a
 *   payout of the whole available amount pays it: `planPayout` with amount N = `availableAmount(…)`.
 * - `pending` (Future Commissions): every booking not completed or cancelled, for the rest of its gross
 *   R = gross − paid − N (N = 0 when it cannot be paid out now): `planPayout` with amount R after the
 *   Next Payout part is settled (paid before = paid + N, the line's paid = its paid + its Next Payout
 *   commission). A payable booking whose rest is 0 (all of it received) has no Future line. So a line's
 *   Future part + Next Payout part + what it was already paid is its amount, and the same for the GST:
 *   a payable booking only partly received (match `partial`) is in both cards, with the money not yet
 *   received in Future.
 *
 * The SQL form of `planPayout` (non-custom) and `availableAmount`, exact to the cent (integer division,
 * half away from zero; proven equal to the domain in reports-exact.test.ts):
 *   settled S = paid before + amount; entitlement E = S = gross ? line amount : round½(line amount × S / gross);
 *   commission = E − line paid (0 when of the other sign than the amount);
 *   GST = has_gst ? round½((line paid + commission) × rate) − round½(line paid × rate) : 0.
 * For Future, S = gross: its commission is the line amount − line paid − the Next Payout commission.
 * `available` needs the money received (matched credits − debits, DOMAIN.md "Matching"). A stored `match`
 * means net = gross, and a reconciled booking counts its gross as received, so only an unreconciled
 * `partial` booking sums its transactions (a scalar subquery that runs for those rows only). The credit
 * (or, for a refund, debit) that `payoutBlockReason` asks for is implied: an available amount of the
 * gross's sign needs money received of that sign.
 *
 * Payout items (`itemLinesSql`, `paid` = Past Commissions): as stored, payout date in the range.
 */
import { sql, type SQL } from 'drizzle-orm';
import { matchedTransactionTotals } from '../transactions';
import { adminRangeScope, itemWhere, lineWhere, type ReportScope } from './report-filters';
import { textArray } from '../../shared/sql';

/** n / d rounded half away from zero, on integer-valued numerics (the domain's `divRoundHalfAwayFromZero`). */
const roundHalfDiv = (n: SQL, d: SQL): SQL =>
  sql`(sign(${n}) * sign(${d}) * div(2 * abs(${n}) + abs(${d}), 2 * abs(${d})))`;

/** round½(amount × rate / 100) to the cent: numeric multiplication is exact and `round` is half away from zero. */
const gstOf = (amount: SQL, rate: string): SQL => sql`round(${amount} * ${rate}::numeric * 0.01, 2)`;

/**
 * Both queries answer the same columns (numerics stay numeric for the sums): card, id (the commission
 * line, or the payout item), booking_id, booking_date, supplier_id, currency_id, agent_id, gross_amount
 * (the gross the percentage applies to), percentage, commission, gst, payout_id, payout_date.
 */

/**
 * The booking cards' lines in the scope. `cards` limits which are computed (the cancelled card is the
 * admins' only: a non-admin never gets it, whatever is asked).
 *
 * The money received is a lateral subquery kept apart (`offset 0`): one subplan, run once per booking.
 * By default each line's Next Payout commission and rest are computed once (a fence below the cards),
 * which suits a query that reads every line. `stream`: no fence, so a page sorted by booking date can
 * walk bookings_date_idx and stop after its rows (the arithmetic is then repeated per card, on a page's
 * rows only). Measured on 200,000 bookings against the single-card layout this replaced: all lines
 * 0.79 s (was 0.61 s: Future now has the partly received bookings too), a page sorted by date 5 ms (was
 * 26 ms: the received sum used to be planned once per use, 75 subplans).
 */
export function bookingLinesSql(
  s: ReportScope,
  gstRate: string,
  cards: readonly ('pending' | 'confirmed' | 'cancelled')[],
  { stream = false }: { stream?: boolean } = {},
): SQL {
  const statuses = [
    ...(cards.includes('pending') || cards.includes('confirmed') ? ['pending', 'confirmed', 'partial'] : []),
    ...(cards.includes('cancelled') && s.isAdmin ? ['cancelled'] : []),
  ];
  if (statuses.length === 0) return emptyLines();
  // Layers, inside out: the line with its booking's money received (summed for the unreconciled
  // `partial` bookings only) and whether the booking is payable; its Next Payout amount N; the line's
  // Next Payout commission and the rest R of the gross; one row per card the line is in (the wanted ones
  // only), with the payout amount (gross terms) the card stands for, what the line was paid before it
  // and its commission; the GST.
  return sql`
    select c.card, c.id, c.booking_id, c.booking_date, c.supplier_id, c.currency_id, c.agent_id,
           c.gross_amount, c.percentage, c.commission,
           (case when c.card = 'cancelled' then c.line_gst
                 when not c.has_gst then 0
                 else ${gstOf(sql`(c.paid_before + c.commission)`, gstRate)} - ${gstOf(sql`c.paid_before`, gstRate)}
            end) as gst,
           null::int as payout_id, null::date as payout_date
      from (
        select wc.card, n.id, n.booking_id, n.booking_date, n.supplier_id, n.currency_id, n.agent_id,
               n.percentage, n.line_gst, n.has_gst,
               case wc.card when 'cancelled' then n.gross when 'confirmed' then n.next_amount else n.rest end as gross_amount,
               case wc.card when 'pending' then n.line_paid + n.next_commission else n.line_paid end as paid_before,
               case wc.card when 'cancelled' then n.line_amount
                            when 'confirmed' then n.next_commission
                            else ${clamp(sql`n.line_amount - n.line_paid - n.next_commission`, sql`n.rest`)} end as commission
          from (
            select k.id, k.booking_id, k.booking_date, k.supplier_id, k.currency_id, k.agent_id, k.status,
                   k.gross, k.percentage, k.line_amount, k.line_paid, k.line_gst, k.has_gst, k.payable,
                   k.next_amount, k.gross - k.paid - k.next_amount as rest,
                   case when k.payable
                        then ${clamp(
                          sql`(case when k.paid + k.next_amount = k.gross then k.line_amount
                                    when k.gross = 0 then 0
                                    else ${roundHalfDiv(sql`(k.line_amount * 100) * ((k.paid + k.next_amount) * 100)`, sql`(k.gross * 100)`)} * 0.01
                               end) - k.line_paid`,
                          sql`k.next_amount`,
                        )}
                        else 0 end as next_commission
              from (
                select v.*, case when v.payable then v.received - v.paid else 0 end as next_amount
                  from (
                    select ac.id, b.id as booking_id, b.booking_date, b.supplier_id, s.currency_id, ac.agent_id,
                           b.status, b.booking_amount as gross, b.paid_amount as paid,
                           ac.percentage, ac.amount as line_amount, ac.paid_amount as line_paid,
                           ac.gst_amount as line_gst, ag.has_gst, r.received,
                           b.status <> 'cancelled' and b.transaction_match_status in ('match', 'partial')
                           and ((b.booking_amount >= 0 and r.received - b.paid_amount > 0)
                                or (b.booking_amount < 0 and r.received - b.paid_amount < 0)) as payable
                      from bookings b
                      join actual_commissions ac on ac.booking_id = b.id
                      join agents ag on ag.id = ac.agent_id
                      join suppliers s on s.id = b.supplier_id
                      cross join lateral (
                        -- A reconciled booking received in part (its payment corrected after the reconcile)
                        -- counts what was received, as the domain's availableAmount does (invariant 2).
                        select case when b.status = 'cancelled' or b.transaction_match_status is distinct from 'partial'
                                      then b.booking_amount
                                    else ${received(sql`(select x.matched_net from ${matchedTransactionTotals('b')} x)`)}
                               end as received
                        offset 0
                      ) r
                     where ${lineWhere(s)} and b.status = any(${textArray(statuses)})
                  ) v
              ) k
            ${stream ? sql`` : sql`offset 0`}
          ) n
          join unnest(${textArray(cards)}) as wc(card)
            on case wc.card when 'cancelled' then n.status = 'cancelled'
                            when 'confirmed' then n.payable
                            else n.status <> 'cancelled' and (not n.payable or n.rest <> 0) end
      ) c`;
}

/**
 * Every commission line's Future and Next Payout parts, whatever the booking's date, agent or supplier:
 * `bookingLinesSql` for an admin over all time (the books check's invariant 5 adds them to the payout
 * items per line, as reports-exact.test.ts does).
 */
export function everyBookingCardLineSql(gstRate: string): SQL {
  return bookingLinesSql(adminRangeScope('0001-01-01', '9999-12-31'), gstRate, ['pending', 'confirmed']);
}

/** The part of the net received that counts, towards zero from the gross (`availableAmount`). */
function received(net: SQL): SQL {
  return sql`(case when b.booking_amount >= 0 then least(greatest(${net}, 0), b.booking_amount)
                   else greatest(least(${net}, 0), b.booking_amount) end)`;
}

/** `value`, or 0 when its sign is the opposite of `amount`'s (paid money is never given back). */
function clamp(value: SQL, amount: SQL): SQL {
  return sql`(case when (${amount} > 0 and ${value} < 0) or (${amount} < 0 and ${value} > 0) then 0 else ${value} end)`;
}

/** Past Commissions: the payout items of payouts dated in the range, as stored. */
export function itemLinesSql(s: ReportScope): SQL {
  return sql`
    select 'paid'::text as card, pi.id, pi.booking_id, b.booking_date, b.supplier_id, p.currency_id, pi.agent_id,
           pi.gross_portion as gross_amount, pi.percentage, pi.commission, pi.gst,
           pi.payout_id, p.payout_date
      from payouts p
      join payout_items pi on pi.payout_id = p.id
      join bookings b on b.id = pi.booking_id
      join agents ag on ag.id = pi.agent_id
     where ${itemWhere(s)}`;
}

function emptyLines(): SQL {
  return sql`
    select null::text as card, null::int as id, null::int as booking_id, null::date as booking_date,
           null::int as supplier_id, null::int as currency_id, null::int as agent_id, null::numeric as gross_amount,
           null::numeric as percentage, null::numeric as commission, null::numeric as gst, null::int as payout_id,
           null::date as payout_date
     where false`;
}
