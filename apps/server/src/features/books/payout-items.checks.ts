import { sql } from 'drizzle-orm';
import type { BooksViolation, Check } from './books-check.types';

/*
 * Invariants 3 and 4 of DOMAIN.md "Money invariants": commission lines, payout records and agents'
 * transactions are their payout items.
 */

/**
 * Invariant 3 (lines): a line's paid amount is the commission of its payout items; an item paying
 * commission to a line that no longer exists is reported too (a line is only ever replaced while
 * nothing was paid on it).
 */
export const linePaidIsItems: Check<{
  line_id: number;
  booking_id: number | null;
  paid: string | null;
  items: string;
  item_ids: number[];
}> = {
  // Invariant 3 (DOMAIN.md "Money invariants" 3): each line's paid_amount = Σ of its items' commission.
  sql: () => sql`
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
     order by 1`,
  collect(rows, out) {
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
  },
};

/** Invariant 3 (status): every line of a completed booking is `paid`, a custom split's too. */
export const completedLinesPaid: Check<{ line_id: number; booking_id: number; status: string }> = {
  // Invariant 3 (DOMAIN.md "Money invariants" 3): once its booking is completed, every line is paid.
  sql: () => sql`
    select ac.id as line_id, ac.booking_id, ac.status
      from actual_commissions ac
      join bookings b on b.id = ac.booking_id
     where b.status = 'completed' and ac.status <> 'paid'
     order by ac.id`,
  collect(rows, out) {
    for (const r of rows)
      out.violations.push({
        rule: 3,
        code: 'completed_line_not_paid',
        message: `Line ${r.line_id} of completed booking ${r.booking_id} is ${r.status}, not paid.`,
        ids: { line_id: r.line_id, booking_id: r.booking_id },
      });
  },
};

/** Invariant 4 (records): a payout record's total is the sum of its items' totals. */
export const payoutTotalIsItems: Check<{ id: number; total: string; items: string }> = {
  // Invariant 4 (DOMAIN.md "Money invariants" 4): each payout record's total = Σ of its items.
  sql: () => sql`
    select p.id, p.total_amount::text as total, coalesce(i.total, 0.00)::text as items
      from payouts p
      left join (select pi.payout_id, sum(pi.total) as total from payout_items pi group by pi.payout_id) i
        on i.payout_id = p.id
     where p.total_amount <> coalesce(i.total, 0)
     order by p.id`,
  collect(rows, out) {
    for (const r of rows)
      out.violations.push({
        rule: 4,
        code: 'payout_total_not_items',
        message: `Payout ${r.id}: total ${r.total}, but its items add up to ${r.items}.`,
        ids: { payout_id: r.id },
      });
  },
};

/**
 * Invariant 4 (agents' transactions): each transaction a payout wrote (`payout_id`: an agent's debit,
 * or a credit for a clawback) is the absolute sum of the totals of the items that name it, a debit
 * when that sum is positive and a credit when negative, and the items are of that payout.
 */
export const agentTransactionIsItems: Check<{
  transaction_id: number;
  payout_id: number | null;
  type: string | null;
  amount: string | null;
  items: string | null;
  item_ids: number[] | null;
  item_payout_ids: number[] | null;
}> = {
  // Invariant 4 (DOMAIN.md "Money invariants" 4): each agent debit equals that agent's items of the record.
  sql: () => sql`
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
     order by 1`,
  collect(rows, out) {
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
  },
};

/** Invariant 4 (items): an item that moves money names the agent's transaction that moved it. */
export const itemHasTransaction: Check<{ id: number; payout_id: number; booking_id: number; total: string }> = {
  // Invariant 4 (DOMAIN.md "Money invariants" 4): every item with a non-zero total has its debit (or credit).
  sql: () => sql`
    select pi.id, pi.payout_id, pi.booking_id, pi.total::text
      from payout_items pi
     where pi.total <> 0 and pi.transaction_id is null
     order by pi.id`,
  collect(rows, out) {
    for (const r of rows)
      out.violations.push({
        rule: 4,
        code: 'item_without_transaction',
        message: `Payout item ${r.id} (payout ${r.payout_id}, booking ${r.booking_id}) pays ${r.total} but names no transaction.`,
        ids: { item_id: r.id, payout_id: r.payout_id, booking_id: r.booking_id },
      });
  },
};
