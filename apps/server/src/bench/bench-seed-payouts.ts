/**
 * Step 4 of the bench seed: the payouts that paid what step 3 recorded as paid, as the payout run writes
 * them (DOMAIN.md "Payouts", "Money invariants" 1, 3, 4, 6): one record per bulk run (the 1st and the 15th)
 * and currency, or one single payout per booking dated the day it was made; one immutable item per line
 * and payout (gross portion = the payout's amount, commission = the line's entitlement after it less what
 * it had, GST on the difference); one completed debit on the agent's account per item that moves money,
 * referenced with the booking's reference; the record's total = its items'. All in one transaction, as
 * the records' totals are checked against their items at commit.
 */
import { gstOf, LINES, type SeedIds } from './bench-seed-bookings';
import {
  inBatches,
  MATCH_TRIGGER,
  reserveIds,
  run,
  scalar,
  WIDTH,
  withTriggersOff,
  type SeedContext,
  type SeedTrigger,
} from './bench-seed-sql';

/** Each plan row's payouts: 1 the first, 2 the second (the rest of the gross a month later). */
const PAYOUT_NUMBERS = `cross join lateral (values (1, p.a1, p.d1), (2, p.a2, p.d2)) n(no, amount, payout_date)`;

/**
 * The deferred check of each record's total against its items (drizzle/0017) would queue one event per
 * item; off for the payout step, which runs the same check once, set-based, before its commit (TOTALS_CHECK).
 */
const TOTAL_CHECKS: SeedTrigger[] = [
  { table: 'payouts', trigger: 'payouts_total_check' },
  { table: 'payout_items', trigger: 'payout_items_total_check' },
];

/**
 * The statement trigger that marks the payout days of new items, and each item's booking's next payout
 * day (drizzle/0027), looks up every booking's other items: with payout_items' indexes dropped for the
 * load, a scan of all the items per booking. Off for the payout step, which marks every bench payout's
 * day once instead (the next payout days are among them).
 */
const PAID_DAYS_TRIGGER: SeedTrigger = { table: 'payout_items', trigger: 'report_dirty_payout_items_ins' };

/** The payouts whose total is not the sum of their items' (what `payout_total_equals_items()` refuses). */
const TOTALS_CHECK = `select count(*)::int as v from payouts p
   left join (select payout_id, sum(total) as items from payout_items group by payout_id) i on i.payout_id = p.id
  where p.total_amount is distinct from coalesce(i.items, 0)`;

export async function seedPayouts(c: SeedContext, ids: SeedIds, adminId: number) {
  await run(c.db, 'drop table if exists bench_payouts, bench_items');
  await run(
    c.db,
    `create unlogged table bench_payouts as
    select row_number() over (order by d, currency_id, single_i)::int as rn, d, currency_id, kind, single_i
      from (select d1 as d, currency_id, k1 as kind, case when k1 = 'single' then i else 0 end as single_i
              from bench_plan where d1 is not null
            union
            select d2, currency_id, 'bulk', 0 from bench_plan where d2 is not null) x`,
  );
  const count = await scalar<number>(c.db, 'select count(*)::int as v from bench_payouts');
  const payoutBase = await reserveIds(c.db, 'payouts', count);
  const itemBase = await reserveIds(c.db, 'payout_items', 4 * c.bookings);
  const txBase = await reserveIds(c.db, 'transactions', 4 * c.bookings);
  const bases = { payoutBase, itemBase, txBase };
  await run(c.db, `create unlogged table bench_items as ${itemsSelect(ids, bases, 1, 0)}`);
  await inBatches(
    c,
    c.bookings,
    'payout items planned',
    (from, to) => run(c.db, `insert into bench_items ${itemsSelect(ids, bases, from, to)}`),
    WIDTH,
  );
  await run(c.db, 'analyze bench_items');
  await withTriggersOff(c.db, [MATCH_TRIGGER, ...TOTAL_CHECKS, PAID_DAYS_TRIGGER], async (tx) => {
    await run(
      tx,
      `insert into payouts (id, name, payout_date, currency_id, total_amount, kind, created_by_user_id, created_at)
      select ${payoutBase} + bp.rn - 1,
             case when bp.kind = 'single' then 'Payout ' || min(i.reference) else 'Bulk payout ' || bp.d || ' ' || cur.code end,
             bp.d, bp.currency_id, coalesce(sum(i.total), 0), bp.kind, ${adminId},
             (bp.d + case when bp.kind = 'single' then time '00:00' else time '17:00' end) at time zone 'UTC'
        from bench_payouts bp join currencies cur on cur.id = bp.currency_id
        left join bench_items i on i.payout_id = ${payoutBase} + bp.rn - 1
       group by bp.rn, bp.d, bp.currency_id, bp.kind, cur.code`,
    );
    await run(
      tx,
      `insert into transactions (id, account_id, transaction_type, currency_id, amount, reference_number, status,
          description, transaction_date, created_by_user_id, payout_id, created_at, matches_booking)
      select i.tx_id, aa.account_id, case when i.total > 0 then 'debit' else 'credit' end, p.currency_id, abs(i.total),
             i.reference, 'completed', p.name, p.payout_date, ${adminId}, p.id, p.created_at, false
        from bench_items i join payouts p on p.id = i.payout_id
        join bench_agent_accounts aa on aa.agent_id = i.agent_id and aa.currency_id = p.currency_id
       where i.tx_id is not null order by i.tx_id`,
    );
    await run(
      tx,
      `insert into payout_items (id, payout_id, booking_id, actual_commission_id, agent_id, gross_portion,
          percentage, commission, gst, total, transaction_id, created_at)
      select i.id, i.payout_id, i.booking_id, i.line_id, i.agent_id, i.gross_portion, i.percentage, i.commission, i.gst,
             i.total, i.tx_id, p.created_at
        from bench_items i join payouts p on p.id = i.payout_id order by i.id`,
    );
    await run(
      tx,
      `insert into report_dirty_days (day) select distinct payout_date from payouts
        where id between ${payoutBase} and ${payoutBase + count - 1}`,
    );
    const wrong = await scalar<number>(tx, TOTALS_CHECK);
    if (wrong !== 0) throw new Error(`${wrong} bench payouts' totals do not equal their items.`);
  });
  await run(c.db, 'drop table bench_payouts, bench_items');
}

/** One batch of items for the unlogged stage `bench_items`, with their payout's and transaction's ids. */
function itemsSelect(
  ids: SeedIds,
  base: { payoutBase: number; itemBase: number; txBase: number },
  from: number,
  to: number,
): string {
  const gstAmount = `case when l.has_gst then ${gstOf('l.amount')} else 0 end`;
  const gstE1 = `case when l.has_gst then ${gstOf('l.e1')} else 0 end`;
  const select = `
    select v.*, v.commission + v.gst as total,
           case when v.commission + v.gst <> 0 then ${base.txBase} + v.k end as tx_id
      from (select ${base.itemBase} + 4 * (p.i - 1) + 2 * (n.no - 1) + l.role as id, 4 * (p.i - 1) + 2 * (n.no - 1) + l.role as k,
                   ${base.payoutBase} + bp.rn - 1 as payout_id, ${ids.bookings} + p.i - 1 as booking_id,
                   ${ids.lines} + 2 * (p.i - 1) + l.role as line_id, l.agent_id, n.amount as gross_portion, l.pct as percentage,
                   case n.no when 1 then l.e1 else l.amount - l.e1 end as commission,
                   case n.no when 1 then ${gstE1} else (${gstAmount}) - (${gstE1}) end as gst,
                   p.reference as reference
              from bench_plan p ${PAYOUT_NUMBERS} ${LINES}
              join bench_payouts bp on bp.d = n.payout_date and bp.currency_id = p.currency_id
                   and bp.kind = case when n.no = 1 then p.k1 else 'bulk' end
                   and bp.single_i = case when n.no = 1 and p.k1 = 'single' then p.i else 0 end
             where p.i between ${from} and ${to} and n.amount is not null and l.agent_id is not null) v`;
  return select;
}
