/**
 * Step 3 of the bench seed: booking groups, bookings and their commission lines, from the plan, with
 * what the payouts of step 4 will have paid already in place (paid amounts, statuses, line payments) and
 * the stored match status the supplier credits of step 5 give them, so no row is written twice.
 * Lines as the commission engine writes them (DOMAIN.md "Commission lines"): one at r for a direct
 * booking; for a sub-agent's booking the sub-agent's round2(gross × r × s / 10000) at round4(r × s / 100)
 * and the parent's the rest of the expected commission at r minus that; GST on top for registered agents.
 */
import { anchor, inBatches, reserveIds, run, WIDTH, type SeedContext } from './bench-seed-sql';

/** The first ids of the rows written with explicit ids (booking = bookings + i − 1, and so on). */
export interface SeedIds {
  bookings: number;
  lines: number;
  groups: number;
}

const GST = `(select value::numeric from settings where key = 'gst_rate')`;
/** round2(amount × GST rate), as the engine and the report cards compute it. */
export const gstOf = (amount: string) => `round(${amount} * ${GST} * 0.01, 2)`;

/** Each plan row's lines: role 0 the direct agent or parent, role 1 the sub-agent. */
export const LINES = `cross join lateral (values
    (0, p.primary_id, case when p.sub_id is null then 'primary' else 'parent' end, p.pct0, p.amt0, p.gst0, p.e10),
    (1, p.sub_id, 'sub_agent', p.pct1, p.amt1, p.gst1, p.e11)) l(role, agent_id, role_name, pct, amount, has_gst, e1)`;

export async function seedBookings(c: SeedContext, adminId: number): Promise<SeedIds> {
  const ids: SeedIds = {
    bookings: await reserveIds(c.db, 'bookings', c.bookings),
    lines: await reserveIds(c.db, 'actual_commissions', 2 * c.bookings),
    groups: await reserveIds(c.db, 'booking_groups', Math.ceil(c.bookings / 4) + 1),
  };
  await run(
    c.db,
    `insert into booking_groups (id, name, description, agent_id, created_by_user_id, created_at)
    select ${ids.groups} + p.grp, 'Group ' || min(split_part(p.customer, ',', 1)) || ' ' || min(p.booking_date),
           'bench', min(p.primary_id), ${adminId}, min(p.booking_date)::timestamp at time zone 'UTC'
      from bench_plan p where p.grp is not null group by p.grp`,
  );
  // Side by side: the foreign keys are off during the load (bench-seed.ts), so batches share no lock.
  await inBatches(
    c,
    c.bookings,
    'bookings and lines',
    (from, to) =>
      c.db.transaction(async (tx) => {
        await run(tx, bookingsInsert(c, ids, from, to));
        await run(tx, linesInsert(c, ids, from, to));
      }),
    WIDTH,
  );
  // Statistics for the triggers' and later steps' lookups of the new bookings (by supplier and reference).
  await run(c.db, 'analyze bookings, actual_commissions, booking_groups');
  return ids;
}

function bookingsInsert(c: SeedContext, ids: SeedIds, from: number, to: number): string {
  return `insert into bookings (id, booking_reference, customer_name, booking_date, booking_amount, expected_commission,
        commission_percentage, rate_source, status, is_personal, is_group_booking, booking_group_id, primary_agent_id,
        supplier_id, is_sub_agent, parent_agent_id, sub_agent_id, split_percentage, paid_amount, is_claimed_booking,
        transaction_match_status, transaction_net, cancellation_note, cancelled_at, created_at)
    select ${ids.bookings} + p.i - 1, p.reference, p.customer, p.booking_date, p.gross, p.expected,
           p.r, p.source, p.status, p.personal, p.grp is not null, ${ids.groups} + p.grp, p.primary_id,
           p.supplier_id, p.sub_id is not null, case when p.sub_id is not null then p.primary_id end, p.sub_id,
           case when p.sub_id is not null then p.split end, coalesce(p.a1, 0) + coalesce(p.a2, 0), p.claimed,
           p.match_status, p.net, case when p.status = 'cancelled' then 'Cancelled by the customer' end,
           case when p.status = 'cancelled' then (p.booking_date + 3)::timestamp at time zone 'UTC' end,
           (least(p.booking_date, ${anchor(c)}) + time '09:00' + (p.i % 600) * interval '1 minute') at time zone 'UTC'
      from bench_plan p where p.i between ${from} and ${to}
     order by p.i`;
}

/**
 * A line's paid amount is its payout items' commission (the entitlement after the first payout, all of
 * it after the second); it is `paid` once wholly paid or its booking completed; its payment date is the
 * last payout that moved money to it.
 */
function linesInsert(c: SeedContext, ids: SeedIds, from: number, to: number): string {
  const gst = `case when l.has_gst then ${gstOf('l.amount')} else 0 end`;
  const gst1 = `case when l.has_gst then ${gstOf('l.e1')} else 0 end`;
  return `insert into actual_commissions (id, booking_id, agent_id, role, percentage, amount, gst_amount, total_with_gst,
        paid_amount, status, payment_date, created_at)
    select ${ids.lines} + 2 * (p.i - 1) + l.role, ${ids.bookings} + p.i - 1, l.agent_id, l.role_name, l.pct, l.amount,
           ${gst}, l.amount + ${gst}, v.paid,
           case when p.status = 'completed' or (v.paid <> 0 and v.paid = l.amount) then 'paid'
                when p.status in ('pending', 'cancelled') then p.status else 'confirmed' end,
           case when p.a2 is not null and (l.amount - l.e1) + (${gst}) - (${gst1}) <> 0 then p.d2
                when p.a1 is not null and l.e1 + (${gst1}) <> 0 then p.d1 end,
           (least(p.booking_date, ${anchor(c)}) + time '09:00' + (p.i % 600) * interval '1 minute') at time zone 'UTC'
      from bench_plan p ${LINES}
     cross join lateral (select case when p.a2 is not null then l.amount when p.a1 is not null then l.e1 else 0 end as paid) v
     where p.i between ${from} and ${to} and l.agent_id is not null
     order by p.i, l.role`;
}
