/**
 * DOMAIN.md "Money invariants" 2: a supplier's transaction that funded a payout keeps its amount,
 * reference, account and type and cannot be deleted; its status may only become `reversed` (the supplier
 * took the money back), which leaves the booking overpaid, to claw back. "Funded" = a completed (or
 * reversed: the record of what was taken back) transaction on a supplier's account whose reference matches
 * a booking of that supplier with money paid out. The trigger of drizzle/0017 holds the same rule whatever writes; this is where the writers find
 * it first, under the matching lock, to answer with a message a bookkeeper understands.
 */
import { groupedMoney, moneyFromDb, type Cents } from '@app/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { idArray } from '../../shared/sql';
import { lockSuppliersForMatching } from './transaction-matching';

export interface Funding {
  /** What the bookings of the transaction's reference were paid out (gross terms). */
  paid: Cents;
  /** Their references, as the bookings have them. */
  references: string[];
}

/**
 * Takes the matching lock of the suppliers these transactions belong to (their accounts KEY SHARE, then
 * the suppliers, the order every match writer uses), so that no payout funded by them commits between
 * this check and the caller's write. Call it after locking the transaction rows.
 */
export async function lockFundingSuppliers(tx: DbOrTx, transactionIds: readonly number[]): Promise<void> {
  if (transactionIds.length === 0) return;
  const { rows } = await tx.execute<{ accountable_id: number }>(sql`
    select a.accountable_id from accounts a
     where a.accountable_type = 'supplier'
       and a.id in (select account_id from transactions where id = any(${idArray(transactionIds)}))
     order by a.id for key share`);
  await lockSuppliersForMatching(
    tx,
    rows.map((r) => r.accountable_id),
  );
}

/** Which of these transactions funded a payout (see the module comment), keyed by transaction id. */
export async function findFunding(tx: DbOrTx, transactionIds: readonly number[]): Promise<Map<number, Funding>> {
  const out = new Map<number, Funding>();
  if (transactionIds.length === 0) return out;
  const { rows } = await tx.execute<{ id: number; paid: string; refs: string[] }>(sql`
    select t.id, sum(b.paid_amount)::text as paid, array_agg(distinct b.booking_reference order by b.booking_reference) as refs
      from transactions t
      join accounts a on a.id = t.account_id and a.accountable_type = 'supplier'
      join bookings b on b.supplier_id = a.accountable_id
                     and upper(btrim(b.booking_reference)) = t.normalized_reference
                     and b.paid_amount <> 0
     where t.id = any(${idArray(transactionIds)}) and t.status in ('completed', 'reversed') and t.payout_id is null
     group by t.id`);
  for (const r of rows) out.set(r.id, { paid: moneyFromDb(r.paid), references: r.refs });
  return out;
}

const describe = (f: Funding) =>
  `This transaction funded payouts of ${groupedMoney(f.paid)} (booking ${f.references.join(', ')})`;

export const FUNDING_MESSAGES = {
  amountOrReference: (f: Funding) => `${describe(f)}; its amount and reference cannot change.`,
  status: (f: Funding) => `${describe(f)}; its status can only become reversed (the supplier took the money back).`,
  bulk: (ids: readonly number[]) =>
    `${ids.length} of the selected transactions funded payouts and can only be reversed, each on its edit form (${ids
      .map((id) => `#${id}`)
      .join(', ')}).`,
} as const;

/**
 * Whether the account holds money that payouts rest on: a transaction a payout wrote (an agent's
 * account), or one that funded a payout (a supplier's). Its owner then cannot change: the payouts would
 * lose their funding or their agent. Call it under the account's row lock; it takes the old supplier's
 * matching lock itself.
 */
export async function accountHoldsPaidMoney(tx: DbOrTx, accountId: number): Promise<boolean> {
  const { rows: owner } = await tx.execute<{ accountable_type: string; accountable_id: number }>(
    sql`select accountable_type, accountable_id from accounts where id = ${accountId}`,
  );
  if (owner[0]?.accountable_type === 'supplier') await lockSuppliersForMatching(tx, [owner[0].accountable_id]);
  const { rows } = await tx.execute<{ held: boolean }>(sql`
    select exists (select 1 from transactions t where t.account_id = ${accountId} and t.payout_id is not null)
        or exists (select 1 from transactions t
                     join accounts a on a.id = t.account_id and a.accountable_type = 'supplier'
                     join bookings b on b.supplier_id = a.accountable_id
                                    and upper(btrim(b.booking_reference)) = t.normalized_reference
                                    and b.paid_amount <> 0
                    where t.account_id = ${accountId} and t.status in ('completed', 'reversed')) as held`);
  return rows[0]?.held ?? false;
}
