import { sql } from 'drizzle-orm';
import type { Check } from './books-check.types';

/*
 * Invariant 1 of DOMAIN.md "Money invariants": what a booking was paid, against its gross, its payout
 * items and its status.
 */

/** Invariant 1 (a): a booking's paid amount lies between 0 and its gross, on the gross's side of 0. */
export const paidWithinGross: Check<{ id: number; paid: string; gross: string }> = {
  // Invariant 1 (DOMAIN.md "Money invariants" 1): 0 ≤ paid ≤ gross, or gross ≤ paid ≤ 0 for a refund.
  sql: () => sql`
    select b.id, b.paid_amount::text as paid, b.booking_amount::text as gross
      from bookings b
     where not (case when b.booking_amount >= 0 then b.paid_amount between 0 and b.booking_amount
                     else b.paid_amount between b.booking_amount and 0 end)
     order by b.id`,
  collect(rows, out) {
    for (const r of rows)
      out.violations.push({
        rule: 1,
        code: 'paid_outside_gross',
        message: `Booking ${r.id}: paid ${r.paid} is not between 0 and its gross ${r.gross}.`,
        ids: { booking_id: r.id },
      });
  },
};

/**
 * Invariant 1 (b): the paid amount is the gross of the booking's payout items. Every item of one payout
 * of a booking carries that payout's amount in gross terms (`gross_portion`), so the items' gross is
 * the sum over the booking's payouts of that one value; a booking without items was paid nothing.
 */
export const paidIsItems: Check<{
  id: number;
  paid: string;
  items_gross: string;
  payout_ids: number[];
  uneven: number[] | null;
}> = {
  // Invariant 1 (DOMAIN.md "Money invariants" 1): paid_amount = Σ over its payouts of the items' gross_portion.
  sql: () => sql`
    with per_payout as (
      select pi.booking_id, pi.payout_id, min(pi.gross_portion) as gross, max(pi.gross_portion) as gross_max
        from payout_items pi
       group by pi.booking_id, pi.payout_id
    ), per_booking as (
      select pp.booking_id, sum(pp.gross) as gross, array_agg(pp.payout_id order by pp.payout_id) as payout_ids,
             array_agg(pp.payout_id order by pp.payout_id) filter (where pp.gross <> pp.gross_max) as uneven
        from per_payout pp
       group by pp.booking_id
    )
    select b.id, b.paid_amount::text as paid, coalesce(pb.gross, 0.00)::text as items_gross,
           coalesce(pb.payout_ids, '{}'::int[]) as payout_ids, pb.uneven
      from bookings b
      left join per_booking pb on pb.booking_id = b.id
     where pb.uneven is not null or b.paid_amount <> coalesce(pb.gross, 0)
     order by b.id`,
  collect(rows, out) {
    for (const r of rows) {
      if (r.uneven) {
        for (const payoutId of r.uneven)
          out.violations.push({
            rule: 1,
            code: 'payout_gross_differs',
            message: `Booking ${r.id}: the items of payout ${payoutId} do not all carry the same payout amount (gross_portion).`,
            ids: { booking_id: r.id, payout_id: payoutId },
          });
        continue;
      }
      out.violations.push({
        rule: 1,
        code: 'paid_not_items',
        message:
          r.payout_ids.length === 0
            ? `Booking ${r.id}: paid ${r.paid}, but no payout item pays it.`
            : `Booking ${r.id}: paid ${r.paid}, but its payouts (${r.payout_ids.join(', ')}) paid ${r.items_gross} of its gross.`,
        ids: { booking_id: r.id, payout_ids: r.payout_ids },
      });
    }
  },
};

/**
 * Invariant 1 (status): `completed` means all of the gross is paid, `partial` some but not all of it;
 * `pending` and `confirmed` (the admin's statuses, also a status set back) mean nothing paid; a
 * cancelled booking keeps whatever was paid.
 */
export const statusFollowsPaid: Check<{ id: number; status: string; paid: string; gross: string }> = {
  // Invariant 1 (DOMAIN.md "Money invariants" 1): partial and completed come only from payouts.
  sql: () => sql`
    select b.id, b.status, b.paid_amount::text as paid, b.booking_amount::text as gross
      from bookings b
     where (b.status = 'completed' and b.paid_amount <> b.booking_amount)
        or (b.status = 'partial' and (b.paid_amount = 0 or b.paid_amount = b.booking_amount))
        or (b.status in ('pending', 'confirmed') and b.paid_amount <> 0)
     order by b.id`,
  collect(rows, out) {
    for (const r of rows) {
      const [code, what] =
        r.status === 'completed'
          ? ['completed_not_fully_paid', 'completed with']
          : r.status === 'partial'
            ? ['partial_not_partly_paid', 'partial with']
            : ['unpaid_status_with_paid', `${r.status} with`];
      out.violations.push({
        rule: 1,
        code,
        message: `Booking ${r.id}: ${what} ${r.paid} paid of its gross ${r.gross}.`,
        ids: { booking_id: r.id },
      });
    }
  },
};
