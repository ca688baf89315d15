import { sql } from 'drizzle-orm';
import { everyBookingCardLineSql } from '../reports';
import type { Check } from './books-check.types';

/*
 * Invariants 5 and 6 of DOMAIN.md "Money invariants": the report cards add up per line; payout dates.
 */

/**
 * Invariant 5: per line, Future + Next Payout + Past (its payout items, whatever their dates) = its
 * amount, and the same for its GST, for every line of a booking not cancelled and not paid at a custom
 * split. The Future and Next Payout parts are the dashboard's own SQL (reports' `bookingLinesSql` over
 * every booking, `everyBookingCardLineSql`), not a second copy of the card rules: at 1,000,000 bookings
 * it is 14 s of the check's 25 s (bench/README.md "Books check"). That SQL takes in no completed booking,
 * so a completed booking's lines must be wholly in their items, and a custom split's lines have nothing
 * in Future or Next Payout once completed by construction. A custom split is seen in its items: one
 * whose percentage differs from its line's (a line recomputed at another rate after a payout looks the
 * same and is skipped too).
 */
export const cardsAddUp: Check<{
  line_id: number;
  booking_id: number;
  status: string;
  amount: string;
  gst_amount: string;
  cards_commission: string;
  cards_gst: string;
  items_commission: string;
  items_gst: string;
}> = {
  // Invariant 5 (DOMAIN.md "Money invariants" 5): the report cards add up per line.
  sql: (ctx) => sql`
    with parts as (
      select c.id, sum(c.commission) as commission, sum(c.gst) as gst
        from (${everyBookingCardLineSql(ctx.gstRate)}) c
       group by c.id
    ), items as (
      select pi.actual_commission_id as id, sum(pi.commission) as commission, sum(pi.gst) as gst
        from payout_items pi
       group by pi.actual_commission_id
    ), custom as (
      select distinct pi.booking_id
        from payout_items pi
        join actual_commissions ac on ac.id = pi.actual_commission_id
       where pi.percentage <> ac.percentage
    )
    select ac.id as line_id, ac.booking_id, b.status, ac.amount::text, ac.gst_amount::text,
           coalesce(p.commission, 0.00)::text as cards_commission, coalesce(p.gst, 0.00)::text as cards_gst,
           coalesce(i.commission, 0.00)::text as items_commission, coalesce(i.gst, 0.00)::text as items_gst
      from actual_commissions ac
      join bookings b on b.id = ac.booking_id
      left join parts p on p.id = ac.id
      left join items i on i.id = ac.id
     where b.status <> 'cancelled'
       and not exists (select 1 from custom cu where cu.booking_id = ac.booking_id)
       and (coalesce(p.commission, 0) + coalesce(i.commission, 0) <> ac.amount
            or coalesce(p.gst, 0) + coalesce(i.gst, 0) <> ac.gst_amount)
     order by ac.id`,
  collect(rows, out) {
    for (const r of rows)
      out.violations.push({
        rule: 5,
        code: 'cards_not_line_amount',
        message:
          `Line ${r.line_id} of ${r.status} booking ${r.booking_id}: Future + Next Payout ${r.cards_commission} ` +
          `(GST ${r.cards_gst}) + paid ${r.items_commission} (GST ${r.items_gst}) is not its amount ${r.amount} (GST ${r.gst_amount}).`,
        ids: { line_id: r.line_id, booking_id: r.booking_id },
      });
  },
};

/** Invariant 6: a payout is dated on or before today (UTC, the server's clock); a single payout today. */
export const payoutDates: Check<{ id: number; kind: string; payout_date: string; created_on: string }> = {
  // Invariant 6 (DOMAIN.md "Money invariants" 6): payout_date ≤ today; a single payout is dated the day it was made.
  sql: (ctx) => sql`
    select p.id, p.kind, p.payout_date::text, (p.created_at at time zone 'UTC')::date::text as created_on
      from payouts p
     where p.payout_date > ${ctx.today}::date
        or (p.kind = 'single' and p.payout_date <> (p.created_at at time zone 'UTC')::date)
     order by p.id`,
  collect(rows, out, ctx) {
    for (const r of rows) {
      const future = r.payout_date > ctx.today;
      out.violations.push({
        rule: 6,
        code: future ? 'payout_after_today' : 'single_payout_not_dated_created',
        message: future
          ? `Payout ${r.id} is dated ${r.payout_date}, after today (${ctx.today}).`
          : `Single payout ${r.id} is dated ${r.payout_date} but was made on ${r.created_on}.`,
        ids: { payout_id: r.id },
      });
    }
  },
};
