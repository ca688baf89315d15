/**
 * Step 5 of the bench seed: the suppliers' money on their accounts, by the plan's credit kinds (step 2),
 * with the references as people type them (some with harmless noise that the matching's upper(btrim())
 * absorbs, some mistyped so that they match nothing); credits nobody booked; and the claims agents
 * filed for some of those (pending, rejected) or that became bookings (approved, `is_claimed_booking`).
 */
import type { SeedIds } from './bench-seed-bookings';
import { noisyReference, referenceOf } from './bench-seed-plan';
import {
  anchor,
  DAYS_BACK,
  inBatches,
  normal,
  pick,
  reserveIds,
  run,
  unit,
  MATCH_TRIGGER,
  withTriggersOff,
  type SeedContext,
  type SeedTrigger,
} from './bench-seed-sql';

/** Draw keys of the credits nobody booked (their ordinal is past the bookings', so no reference is shared). */
const ORPHAN = 40;

/**
 * Each plan row's supplier transactions (at most two: `k`), by credit kind (bench-seed-plan.ts): the
 * amount, the reference as typed, the status and the date.
 */
const SUPPLIER_TRANSACTIONS = (c: SeedContext) => `cross join lateral (values
    (0, p.ck <> 9, case p.ck when 3 then round(p.gross / 2, 2) when 4 then p.gross - 1 else abs(p.gross) end,
        case p.ck when 2 then ' ' || lower(p.reference) when 6 then ${noisyReference('p.reference', 'p.noise', 'p.fmt')} else p.reference end,
        case when p.ck = 7 then 'reversed' else 'completed' end, p.ck = 3,
        case when p.ck = 7 then p.c_date - 7 else p.c_date end),
    (1, p.ck <> 8, abs(p.gross), p.reference, 'completed', false,
        case when p.ck = 7 then p.c_date
             else least(${anchor(c)}, p.c_date + case p.ck when 5 then 3 else 10 end + ${pick(c, 'p.i', 15, 20)}::int) end)
  ) t(k, credit, amount, reference, status, is_partial, transaction_date)`;

/**
 * The statement trigger that marks the days of the bookings a new transaction matches (drizzle/0013)
 * joins every statement's rows to all the bookings: with the bookings' indexes dropped for the load,
 * a scan of every booking per batch (quadratic: 17 s a batch at 10,000,000 bookings). Off for this
 * transaction; the days it would mark are marked once after it: the transactions are on the bench
 * suppliers' accounts, whose bookings are all this seed's, so every day of those bookings.
 */
const DIRTY_DAYS_TRIGGER: SeedTrigger = { table: 'transactions', trigger: 'report_dirty_transactions_ins' };

export async function seedCredits(c: SeedContext, ids: SeedIds, adminId: number) {
  const creditBase = await reserveIds(c.db, 'transactions', 2 * c.bookings);
  const orphanBase = await reserveIds(c.db, 'transactions', c.unmatched);
  await withTriggersOff(c.db, [MATCH_TRIGGER, DIRTY_DAYS_TRIGGER], async (tx) => {
    await inBatches(c, c.bookings, 'supplier transactions', (from, to) =>
      run(tx, supplierTransactions(c, creditBase, from, to)),
    );
    await run(tx, orphanCredits(c, orphanBase));
    await run(
      tx,
      `insert into report_dirty_days (day) select distinct booking_date from bookings
        where id between ${ids.bookings} and ${ids.bookings + c.bookings - 1}`,
    );
  });
  c.log(`credits nobody booked: ${c.unmatched.toLocaleString('en-GB')}`);
  await seedClaims(c, ids, adminId, { creditBase, orphanBase });
}

/** A batch of the plan's supplier transactions; only a mistyped reference matches no booking. */
function supplierTransactions(c: SeedContext, creditBase: number, from: number, to: number): string {
  return `insert into transactions (id, account_id, transaction_type, currency_id, amount, reference_number, status,
        is_partial, transaction_date, created_at, matches_booking)
    select ${creditBase} + 2 * (p.i - 1) + t.k, p.account_id, case when t.credit then 'credit' else 'debit' end,
           p.currency_id, t.amount, t.reference, t.status, t.is_partial, t.transaction_date,
           (t.transaction_date + time '08:00') at time zone 'UTC', not (p.ck = 6 and t.k = 0)
      from bench_plan p
      ${SUPPLIER_TRANSACTIONS(c)}
     where p.i between ${from} and ${to} and p.ck <> 0 and (t.k = 0 or p.ck in (5, 7, 8))
     order by p.i, t.k`;
}

/** Credits nobody booked: a supplier by popularity, a date in the four years, a reference no booking has. */
function orphanCredits(c: SeedContext, orphanBase: number): string {
  const ord = `${c.bookings} + g.j`;
  return `insert into transactions (id, account_id, transaction_type, currency_id, amount, reference_number, status,
         transaction_date, created_at, matches_booking)
     select ${orphanBase} + o.j - 1, s.account_id, 'credit', s.currency_id, o.amount,
            ${referenceOf(c, `${c.bookings} + o.j`, 's')}, 'completed', o.d, (o.d + time '08:00') at time zone 'UTC', false
       from (select g.j, sl.s as sn,
                    ${anchor(c)} - ${pick(c, ord, ORPHAN + 1, DAYS_BACK)}::int as d,
                    least(250000, greatest(5, round(exp(6.5 + 0.9 * ${normal(c, ord, ORPHAN + 2)})::numeric, 2))) as amount
               from generate_series(1, ${c.unmatched}) g(j) join bench_slots sl on sl.j = ${pick(c, ord, ORPHAN, 65536)}) o
       join bench_suppliers s on s.n = o.sn
      order by o.j`;
}

/**
 * Claims: one approved per claimed booking (the agent who booked it, its credit); on the credits nobody
 * booked, one in ten pending and about one in twelve rejected.
 */
async function seedClaims(
  c: SeedContext,
  ids: SeedIds,
  adminId: number,
  base: { creditBase: number; orphanBase: number },
) {
  const data = (tx: string, ref: string, customer: string, date: string) =>
    `jsonb_build_object('transaction_id', ${tx}, 'booking_reference', ${ref}, 'customer_name', ${customer},
                        'booking_date', ${date}::text, 'notes', '', 'is_personal', false)`;
  await run(
    c.db,
    `insert into claim_requests (transaction_id, agent_id, requested_by_user_id, status, booking_data, decided_by_user_id,
         decided_at, booking_id, created_at, updated_at)
     select ${base.creditBase} + 2 * (p.i - 1), p.booker_id, a.user_id, 'approved',
            ${data(`${base.creditBase} + 2 * (p.i - 1)`, 'p.reference', 'p.customer', 'p.booking_date')},
            ${adminId}, (p.c_date + 2)::timestamp at time zone 'UTC', ${ids.bookings} + p.i - 1,
            (p.c_date + 1)::timestamp at time zone 'UTC', (p.c_date + 2)::timestamp at time zone 'UTC'
       from bench_plan p join bench_agents a on a.id = p.booker_id
      where p.claimed order by p.i`,
  );
  const ord = `${c.bookings} + t.id - ${base.orphanBase} + 1`;
  await run(
    c.db,
    `insert into claim_requests (transaction_id, agent_id, requested_by_user_id, status, booking_data, decided_by_user_id,
         decided_at, rejection_reason, created_at, updated_at)
     select t.id, a.id, a.user_id, case when x.u < 0.1 then 'pending' else 'rejected' end,
            ${data('t.id', 't.reference_number', `'Claimed Customer ' || t.id`, 't.transaction_date')},
            case when x.u >= 0.1 then ${adminId} end,
            case when x.u >= 0.1 then (t.transaction_date + 4)::timestamp at time zone 'UTC' end,
            case when x.u >= 0.1 then 'No booking of ours matches this payment.' end,
            (t.transaction_date + 2)::timestamp at time zone 'UTC', (t.transaction_date + 4)::timestamp at time zone 'UTC'
       from transactions t
      cross join lateral (select ${unit(c, ord, ORPHAN + 4)} as u) x
       join bench_slots sl on sl.j = ${pick(c, ord, ORPHAN + 5, 65536)}
       join bench_agents a on a.n = sl.a
      where t.id between ${base.orphanBase} and ${base.orphanBase + c.unmatched - 1} and x.u < 0.18
      order by t.id`,
  );
}
