/**
 * The books check (`npm run cli -- books:check`): the six money invariants of DOMAIN.md ("Money
 * invariants") checked over the whole database, each as set-based SQL that returns the offending rows
 * (one query per rule or sub-rule, never a loop over a table in JavaScript). All of them read one
 * snapshot (a repeatable-read, read-only transaction), so a payout committing meanwhile cannot make two
 * queries disagree. Money is compared in SQL and only carried as text.
 *
 * Bookings overpaid because supplier money was taken back after they were paid (a reversed transaction,
 * or a later transaction the other way) are not violations: they are listed in `to_claw_back`, work to
 * do (DOMAIN.md invariant 2), and do not make the check fail.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { todayUtc } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { getGstRate } from '../../shared/settings';
import { everyBookingCardLineSql } from '../reports';

export interface BooksViolation {
  /** The invariant's number in DOMAIN.md "Money invariants". */
  rule: 1 | 2 | 3 | 4 | 5 | 6;
  /** What is wrong, in one word (`paid_outside_gross`, …): stable, for scripts and tests. */
  code: string;
  message: string;
  /** The rows involved: booking_id, line_id, payout_id, transaction_id, item_ids, … */
  ids: Record<string, number | number[] | string>;
}

export interface ClawBack {
  booking_id: number;
  reference: string;
  supplier_id: number;
  /** What the booking was paid (gross terms). */
  paid: string;
  /** The net received on the reference (matched completed credits − debits): less than what was paid. */
  net_received: string;
}

export interface BooksReport {
  /** False iff there is a violation; bookings to claw back do not count. */
  ok: boolean;
  violations: BooksViolation[];
  to_claw_back: ClawBack[];
  /** Rows read per table. */
  checked: Record<string, number>;
  /** How long the check took. */
  ms: number;
}

type Out = { violations: BooksViolation[]; toClawBack: ClawBack[] };

const READ_ONLY = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/** Checks the six money invariants over the whole database (in `db`'s transaction when it is one). */
export async function checkBooks(db: DbOrTx): Promise<BooksReport> {
  const started = performance.now();
  const run = async (tx: DbOrTx): Promise<BooksReport> => {
    const out: Out = { violations: [], toClawBack: [] };
    for (const check of CHECKS) await check(tx, out);
    const checked = await countRows(tx);
    return {
      ok: out.violations.length === 0,
      violations: out.violations,
      to_claw_back: out.toClawBack,
      checked,
      ms: Math.round(performance.now() - started),
    };
  };
  if (db instanceof PgTransaction) return run(db);
  return db.transaction(async (tx) => {
    // Room for the hash aggregates over a million bookings and lines (the default 4 MB sorts on disk).
    await tx.execute(sql`set local work_mem = '64MB'`);
    return run(tx);
  }, READ_ONLY);
}

async function countRows(db: DbOrTx): Promise<Record<string, number>> {
  const { rows } = await db.execute<Record<string, number>>(sql`
    select (select count(*)::int from bookings) as bookings,
           (select count(*)::int from actual_commissions) as lines,
           (select count(*)::int from payouts) as payouts,
           (select count(*)::int from payout_items) as payout_items,
           (select count(*)::int from transactions) as transactions`);
  return rows[0]!;
}

type Check = (db: DbOrTx, out: Out) => Promise<void>;

/** Invariant 1 (a): a booking's paid amount lies between 0 and its gross, on the gross's side of 0. */
const paidWithinGross: Check = async (db, out) => {
  // Invariant 1 (DOMAIN.md "Money invariants" 1): 0 ≤ paid ≤ gross, or gross ≤ paid ≤ 0 for a refund.
  const { rows } = await db.execute<{ id: number; paid: string; gross: string }>(sql`
    select b.id, b.paid_amount::text as paid, b.booking_amount::text as gross
      from bookings b
     where not (case when b.booking_amount >= 0 then b.paid_amount between 0 and b.booking_amount
                     else b.paid_amount between b.booking_amount and 0 end)
     order by b.id`);
  for (const r of rows)
    out.violations.push({
      rule: 1,
      code: 'paid_outside_gross',
      message: `Booking ${r.id}: paid ${r.paid} is not between 0 and its gross ${r.gross}.`,
      ids: { booking_id: r.id },
    });
};

/**
 * Invariant 1 (b): the paid amount is the gross of the booking's payout items. Every item of one payout
 * of a booking carries that payout's amount in gross terms (`gross_portion`), so the items' gross is
 * the sum over the booking's payouts of that one value; a booking without items was paid nothing.
 */
const paidIsItems: Check = async (db, out) => {
  // Invariant 1 (DOMAIN.md "Money invariants" 1): paid_amount = Σ over its payouts of the items' gross_portion.
  const { rows } = await db.execute<{
    id: number;
    paid: string;
    items_gross: string;
    payout_ids: number[];
    uneven: number[] | null;
  }>(sql`
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
     order by b.id`);
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
};

/**
 * Invariant 1 (status): `completed` means all of the gross is paid, `partial` some but not all of it;
 * `pending` and `confirmed` (the admin's statuses, also a status set back) mean nothing paid; a
 * cancelled booking keeps whatever was paid.
 */
const statusFollowsPaid: Check = async (db, out) => {
  // Invariant 1 (DOMAIN.md "Money invariants" 1): partial and completed come only from payouts.
  const { rows } = await db.execute<{ id: number; status: string; paid: string; gross: string }>(sql`
    select b.id, b.status, b.paid_amount::text as paid, b.booking_amount::text as gross
      from bookings b
     where (b.status = 'completed' and b.paid_amount <> b.booking_amount)
        or (b.status = 'partial' and (b.paid_amount = 0 or b.paid_amount = b.booking_amount))
        or (b.status in ('pending', 'confirmed') and b.paid_amount <> 0)
     order by b.id`);
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
};

/**
 * Invariant 2 (duplicates): live bookings of one supplier whose references are equal (trimmed,
 * case-insensitive) and whose gross has the same sign (0 counts as positive) cannot both be paid.
 */
const paidDuplicates: Check = async (db, out) => {
  // Invariant 2 (DOMAIN.md "Money invariants" 2): supplier money funds a booking once.
  const { rows } = await db.execute<{ supplier_id: number; reference: string; ids: number[] }>(sql`
    select b.supplier_id, upper(btrim(b.booking_reference)) as reference, array_agg(b.id order by b.id) as ids
      from bookings b
     where b.status <> 'cancelled' and b.paid_amount <> 0
     group by b.supplier_id, upper(btrim(b.booking_reference)), b.booking_amount < 0
    having count(*) > 1
     order by 1, 2`);
  for (const r of rows)
    out.violations.push({
      rule: 2,
      code: 'paid_duplicates',
      message: `Supplier ${r.supplier_id}, reference ${r.reference}: live duplicate bookings ${r.ids.join(', ')} were all paid.`,
      ids: { supplier_id: r.supplier_id, reference: r.reference, booking_ids: r.ids },
    });
};

/**
 * Invariant 2 (the money received): per supplier, reference and sign, what the bookings were paid
 * (cancelled ones too: a cancelled partial keeps what was paid) does not go beyond, on the sign's side,
 * the net received on the reference (matched completed credits − debits on the supplier's accounts).
 * A group beyond it because money went back after its first payout (a reversed transaction on the
 * reference, or a completed transaction the other way — a debit for bookings, a credit for refunds —
 * created after that payout) is to claw back; any other is a violation.
 */
const paidWithinReceived: Check = async (db, out) => {
  // Invariant 2 (DOMAIN.md "Money invariants" 2): a payout never takes what was paid on a reference
  // above the net received on it; overpaid after a reversal = to claw back.
  const { rows } = await db.execute<{
    supplier_id: number;
    reference: string;
    paid: string;
    net: string;
    booking_ids: number[];
    booking_references: string[];
    booking_paid: string[];
    claw_back: boolean;
  }>(sql`
    with paid as (
      select b.supplier_id, upper(btrim(b.booking_reference)) as reference, b.booking_amount < 0 as refund,
             sum(b.paid_amount) as paid, array_agg(b.id order by b.id) as booking_ids,
             array_agg(b.booking_reference order by b.id) as booking_references,
             array_agg(b.paid_amount::text order by b.id) as booking_paid
        from bookings b
       where b.paid_amount <> 0
       group by b.supplier_id, upper(btrim(b.booking_reference)), b.booking_amount < 0
    ), supplier_accounts as (
      select a.accountable_id as supplier_id, array_agg(a.id) as ids
        from accounts a
       where a.accountable_type = 'supplier'
       group by a.accountable_id
    ), beyond as (
      -- The supplier's accounts first (a hash join), then one probe of transactions_account_reference_idx
      -- per group: 4.6 s at 1,000,000 bookings where a lateral scan of accounts per group took 18.6 s.
      select g.*, n.net
        from paid g
        left join supplier_accounts sa on sa.supplier_id = g.supplier_id
        cross join lateral (
          select coalesce(sum(case when t.transaction_type = 'credit' then t.amount else -t.amount end), 0.00) as net
            from transactions t
           where t.account_id = any(sa.ids) and t.normalized_reference = g.reference and t.status = 'completed'
        ) n
       where case when g.refund then g.paid < n.net else g.paid > n.net end
    )
    select g.supplier_id, g.reference, g.paid::text, g.net::text, g.booking_ids, g.booking_references, g.booking_paid,
           exists (
             select 1
               from supplier_accounts sa
               join transactions t on t.account_id = any(sa.ids) and t.normalized_reference = g.reference
              where sa.supplier_id = g.supplier_id
                and (t.status = 'reversed'
                     or (t.status = 'completed'
                         and t.transaction_type = case when g.refund then 'credit' else 'debit' end
                         and t.created_at > (select min(p.created_at)
                                               from payout_items pi join payouts p on p.id = pi.payout_id
                                              where pi.booking_id = any(g.booking_ids))))
           ) as claw_back
      from beyond g
     order by g.supplier_id, g.reference`);
  for (const r of rows) {
    if (r.claw_back) {
      r.booking_ids.forEach((id, i) =>
        out.toClawBack.push({
          booking_id: id,
          reference: r.booking_references[i]!,
          supplier_id: r.supplier_id,
          paid: r.booking_paid[i]!,
          net_received: r.net,
        }),
      );
      continue;
    }
    out.violations.push({
      rule: 2,
      code: 'paid_above_received',
      message: `Supplier ${r.supplier_id}, reference ${r.reference}: bookings ${r.booking_ids.join(', ')} were paid ${r.paid}, beyond the ${r.net} received on it.`,
      ids: { supplier_id: r.supplier_id, reference: r.reference, booking_ids: r.booking_ids },
    });
  }
};

/**
 * Invariant 3 (lines): a line's paid amount is the commission of its payout items; an item paying
 * commission to a line that no longer exists is reported too (a line is only ever replaced while
 * nothing was paid on it).
 */
const linePaidIsItems: Check = async (db, out) => {
  // Invariant 3 (DOMAIN.md "Money invariants" 3): each line's paid_amount = Σ of its items' commission.
  const { rows } = await db.execute<{
    line_id: number;
    booking_id: number | null;
    paid: string | null;
    items: string;
    item_ids: number[];
  }>(sql`
    with items as (
      select pi.actual_commission_id as line_id, sum(pi.commission) as commission,
             array_agg(pi.id order by pi.id) as item_ids
        from payout_items pi
       group by pi.actual_commission_id
    )
    select coalesce(ac.id, i.line_id) as line_id, ac.booking_id, ac.paid_amount::text as paid,
           coalesce(i.commission, 0.00)::text as items, coalesce(i.item_ids, '{}'::int[]) as item_ids
      from actual_commissions ac
      full join items i on i.line_id = ac.id
     where case when ac.id is null then i.commission <> 0 else ac.paid_amount <> coalesce(i.commission, 0) end
     order by 1`);
  for (const r of rows) {
    if (r.booking_id === null) {
      out.violations.push({
        rule: 3,
        code: 'items_without_line',
        message: `Payout items ${r.item_ids.join(', ')} paid ${r.items} to line ${r.line_id}, which no longer exists.`,
        ids: { line_id: r.line_id, item_ids: r.item_ids },
      });
      continue;
    }
    out.violations.push({
      rule: 3,
      code: 'line_paid_not_items',
      message: `Line ${r.line_id} of booking ${r.booking_id}: paid ${r.paid}, but its payout items paid ${r.items}.`,
      ids: { line_id: r.line_id, booking_id: r.booking_id, item_ids: r.item_ids },
    });
  }
};

/** Invariant 3 (status): every line of a completed booking is `paid`, a custom split's too. */
const completedLinesPaid: Check = async (db, out) => {
  // Invariant 3 (DOMAIN.md "Money invariants" 3): once its booking is completed, every line is paid.
  const { rows } = await db.execute<{ line_id: number; booking_id: number; status: string }>(sql`
    select ac.id as line_id, ac.booking_id, ac.status
      from actual_commissions ac
      join bookings b on b.id = ac.booking_id
     where b.status = 'completed' and ac.status <> 'paid'
     order by ac.id`);
  for (const r of rows)
    out.violations.push({
      rule: 3,
      code: 'completed_line_not_paid',
      message: `Line ${r.line_id} of completed booking ${r.booking_id} is ${r.status}, not paid.`,
      ids: { line_id: r.line_id, booking_id: r.booking_id },
    });
};

/** Invariant 4 (records): a payout record's total is the sum of its items' totals. */
const payoutTotalIsItems: Check = async (db, out) => {
  // Invariant 4 (DOMAIN.md "Money invariants" 4): each payout record's total = Σ of its items.
  const { rows } = await db.execute<{ id: number; total: string; items: string }>(sql`
    select p.id, p.total_amount::text as total, coalesce(i.total, 0.00)::text as items
      from payouts p
      left join (select pi.payout_id, sum(pi.total) as total from payout_items pi group by pi.payout_id) i
        on i.payout_id = p.id
     where p.total_amount <> coalesce(i.total, 0)
     order by p.id`);
  for (const r of rows)
    out.violations.push({
      rule: 4,
      code: 'payout_total_not_items',
      message: `Payout ${r.id}: total ${r.total}, but its items add up to ${r.items}.`,
      ids: { payout_id: r.id },
    });
};

/**
 * Invariant 4 (agents' transactions): each transaction a payout wrote (`payout_id`: an agent's debit,
 * or a credit for a clawback) is the absolute sum of the totals of the items that name it, a debit
 * when that sum is positive and a credit when negative, and the items are of that payout.
 */
const agentTransactionIsItems: Check = async (db, out) => {
  // Invariant 4 (DOMAIN.md "Money invariants" 4): each agent debit equals that agent's items of the record.
  const { rows } = await db.execute<{
    transaction_id: number;
    payout_id: number | null;
    type: string | null;
    amount: string | null;
    items: string | null;
    item_ids: number[] | null;
    item_payout_ids: number[] | null;
  }>(sql`
    with named as (
      select pi.transaction_id, sum(pi.total) as total, array_agg(pi.id order by pi.id) as item_ids,
             array_agg(distinct pi.payout_id) as payout_ids
        from payout_items pi
       where pi.transaction_id is not null
       group by pi.transaction_id
    )
    select coalesce(t.id, n.transaction_id) as transaction_id, t.payout_id, t.transaction_type as type,
           t.amount::text, n.total::text as items, n.item_ids, n.payout_ids as item_payout_ids
      from (select id, payout_id, transaction_type, amount from transactions where payout_id is not null) t
      full join named n on n.transaction_id = t.id
     where t.id is null or n.transaction_id is null or n.total = 0
        or t.amount <> abs(n.total)
        or t.transaction_type <> case when n.total > 0 then 'debit' else 'credit' end
        or n.payout_ids <> array[t.payout_id]
     order by 1`);
  for (const r of rows) {
    const ids: BooksViolation['ids'] = { transaction_id: r.transaction_id };
    if (r.payout_id !== null) ids.payout_id = r.payout_id;
    if (r.item_ids) ids.item_ids = r.item_ids;
    const message =
      r.item_ids === null
        ? `Transaction ${r.transaction_id} of payout ${r.payout_id}: no payout item names it.`
        : r.payout_id === null
          ? `Payout items ${r.item_ids.join(', ')} name transaction ${r.transaction_id}, which no payout wrote.`
          : r.item_payout_ids!.length !== 1 || r.item_payout_ids![0] !== r.payout_id
            ? `Transaction ${r.transaction_id} of payout ${r.payout_id} is named by items of payouts ${r.item_payout_ids!.join(', ')}.`
            : `Transaction ${r.transaction_id} of payout ${r.payout_id}: a ${r.type} of ${r.amount}, but its items (${r.item_ids.join(', ')}) total ${r.items}.`;
    out.violations.push({ rule: 4, code: 'agent_transaction_not_items', message, ids });
  }
};

/** Invariant 4 (items): an item that moves money names the agent's transaction that moved it. */
const itemHasTransaction: Check = async (db, out) => {
  // Invariant 4 (DOMAIN.md "Money invariants" 4): every item with a non-zero total has its debit (or credit).
  const { rows } = await db.execute<{ id: number; payout_id: number; booking_id: number; total: string }>(sql`
    select pi.id, pi.payout_id, pi.booking_id, pi.total::text
      from payout_items pi
     where pi.total <> 0 and pi.transaction_id is null
     order by pi.id`);
  for (const r of rows)
    out.violations.push({
      rule: 4,
      code: 'item_without_transaction',
      message: `Payout item ${r.id} (payout ${r.payout_id}, booking ${r.booking_id}) pays ${r.total} but names no transaction.`,
      ids: { item_id: r.id, payout_id: r.payout_id, booking_id: r.booking_id },
    });
};

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
const cardsAddUp: Check = async (db, out) => {
  // Invariant 5 (DOMAIN.md "Money invariants" 5): the report cards add up per line.
  const rate = await getGstRate(db);
  const { rows } = await db.execute<{
    line_id: number;
    booking_id: number;
    status: string;
    amount: string;
    gst_amount: string;
    cards_commission: string;
    cards_gst: string;
    items_commission: string;
    items_gst: string;
  }>(sql`
    with parts as (
      select c.id, sum(c.commission) as commission, sum(c.gst) as gst
        from (${everyBookingCardLineSql(rate)}) c
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
     order by ac.id`);
  for (const r of rows)
    out.violations.push({
      rule: 5,
      code: 'cards_not_line_amount',
      message:
        `Line ${r.line_id} of ${r.status} booking ${r.booking_id}: Future + Next Payout ${r.cards_commission} ` +
        `(GST ${r.cards_gst}) + paid ${r.items_commission} (GST ${r.items_gst}) is not its amount ${r.amount} (GST ${r.gst_amount}).`,
      ids: { line_id: r.line_id, booking_id: r.booking_id },
    });
};

/** Invariant 6: a payout is dated on or before today (UTC, the server's clock); a single payout today. */
const payoutDates: Check = async (db, out) => {
  // Invariant 6 (DOMAIN.md "Money invariants" 6): payout_date ≤ today; a single payout is dated the day it was made.
  const today = todayUtc();
  const { rows } = await db.execute<{ id: number; kind: string; payout_date: string; created_on: string }>(sql`
    select p.id, p.kind, p.payout_date::text, (p.created_at at time zone 'UTC')::date::text as created_on
      from payouts p
     where p.payout_date > ${today}::date
        or (p.kind = 'single' and p.payout_date <> (p.created_at at time zone 'UTC')::date)
     order by p.id`);
  for (const r of rows) {
    const future = r.payout_date > today;
    out.violations.push({
      rule: 6,
      code: future ? 'payout_after_today' : 'single_payout_not_dated_created',
      message: future
        ? `Payout ${r.id} is dated ${r.payout_date}, after today (${today}).`
        : `Single payout ${r.id} is dated ${r.payout_date} but was made on ${r.created_on}.`,
      ids: { payout_id: r.id },
    });
  }
};

const CHECKS: readonly Check[] = [
  paidWithinGross,
  paidIsItems,
  statusFollowsPaid,
  paidDuplicates,
  paidWithinReceived,
  linePaidIsItems,
  completedLinesPaid,
  payoutTotalIsItems,
  agentTransactionIsItems,
  itemHasTransaction,
  cardsAddUp,
  payoutDates,
];
