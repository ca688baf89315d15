import { sql } from 'drizzle-orm';
import type { Check } from './books-check.types';

/*
 * Invariant 2 of DOMAIN.md "Money invariants": supplier money funds a booking once, and no more than
 * was received.
 */

/**
 * Invariant 2 (duplicates): live bookings of one supplier whose references are equal (trimmed,
 * case-insensitive) and whose gross has the same sign (0 counts as positive) cannot both be paid.
 */
export const paidDuplicates: Check<{ supplier_id: number; reference: string; ids: number[] }> = {
  // Invariant 2 (DOMAIN.md "Money invariants" 2): supplier money funds a booking once.
  sql: () => sql`
    select b.supplier_id, upper(btrim(b.booking_reference)) as reference, array_agg(b.id order by b.id) as ids
      from bookings b
     where b.status <> 'cancelled' and b.paid_amount <> 0
     group by b.supplier_id, upper(btrim(b.booking_reference)), b.booking_amount < 0
    having count(*) > 1
     order by 1, 2`,
  collect(rows, out) {
    for (const r of rows)
      out.violations.push({
        rule: 2,
        code: 'paid_duplicates',
        message: `Supplier ${r.supplier_id}, reference ${r.reference}: live duplicate bookings ${r.ids.join(', ')} were all paid.`,
        ids: { supplier_id: r.supplier_id, reference: r.reference, booking_ids: r.ids },
      });
  },
};

/**
 * Invariant 2 (the money received): per supplier, reference and sign, what the bookings were paid
 * (cancelled ones too: a cancelled partial keeps what was paid) does not go beyond, on the sign's side,
 * the net received on the reference (matched completed credits − debits on the supplier's accounts).
 * A group beyond it because money went back after its first payout (a reversed transaction on the
 * reference, or a completed transaction the other way — a debit for bookings, a credit for refunds —
 * created after that payout) is to claw back; any other is a violation.
 */
export const paidWithinReceived: Check<{
  supplier_id: number;
  reference: string;
  paid: string;
  net: string;
  booking_ids: number[];
  booking_references: string[];
  booking_paid: string[];
  claw_back: boolean;
}> = {
  // Invariant 2 (DOMAIN.md "Money invariants" 2): a payout never takes what was paid on a reference
  // above the net received on it; overpaid after a reversal = to claw back.
  sql: () => sql`
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
     order by g.supplier_id, g.reference`,
  collect(rows, out) {
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
  },
};

/**
 * Invariant 2 (a split credit, issue 24 §1): a supplier credit split across bookings by an accepted
 * suggestion became parts (the credit itself and the transactions split from it) that add up to the amount
 * the supplier sent, exactly: accepting moves no money into or out of existence, and no part's amount can be
 * edited afterwards (transactions.service.ts). A credit accepted whole has no parts: its amount may be
 * corrected like any transaction's.
 */
export const splitCreditsAddUp: Check<{ id: number; original: string; parts: string; part_ids: number[] }> = {
  sql: () => sql`
    select t.id, t.original_amount::text as original, (t.amount + coalesce(sum(p.amount), 0))::text as parts,
           array_agg(p.id order by p.id) as part_ids
      from transactions t
      join transactions p on p.split_from_transaction_id = t.id
     where t.original_amount is not null and t.split_from_transaction_id is null
     group by t.id
    having t.amount + coalesce(sum(p.amount), 0) <> t.original_amount
     order by t.id`,
  collect(rows, out) {
    for (const r of rows)
      out.violations.push({
        rule: 2,
        code: 'split_credit_parts',
        message: `Credit ${r.id} was ${r.original} from the supplier, but it and its parts ${(r.part_ids ?? []).join(', ') || '(none)'} add up to ${r.parts}.`,
        ids: { transaction_id: r.id, part_ids: r.part_ids ?? [] },
      });
  },
};
