/**
 * Accepting a match suggestion (issue 24 §1): an unmatched supplier credit takes a booking's reference, or is
 * split into one transaction per booking it pays, in one database transaction with its audit rows.
 *
 * Money invariants (DOMAIN.md) kept here, whatever the browser sends:
 * - only a credit that is still unmatched (completed, on a supplier account, its reference naming no booking
 *   of the supplier, no pending claim) is accepted, checked after the locks: two admins accepting the same
 *   credit for two bookings, or an 'Accept all' replayed, cannot both succeed;
 * - a booking takes a credit only while it may still take money (live, gross above 0, no transaction yet or
 *   only partial ones) and alone on its reference (a duplicate reference would let one credit fund two
 *   bookings);
 * - a split's parts add up to the credit exactly (the domain's splitCreditAmounts), each on one booking;
 * - the supplier's original reference and amount stay on the row and in the audit log.
 *
 * Locks, in the order of transaction-matching.ts: the credit's row, the supplier's matching lock, the
 * bookings (id order).
 */
import {
  formatMismatchMessage,
  matchesBookingFormat,
  moneyFromDb,
  moneyToNumber,
  moneyToString,
  splitCreditAmounts,
  type Cents,
  type SessionUser,
} from '@app/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { notFound, validationError } from '../../http/errors';
import { writeAudits } from '../../shared/audit';
import { idArray, numericText, parsedRows, textArray } from '../../shared/sql';
import {
  findTransactionStatuses,
  lockSuppliersForMatching,
  referenceGroupTotals,
  refreshMatchStatusesForReferences,
} from '../transactions';

export const ACCEPT_REFUSALS = {
  notUnmatched: (reference: string) =>
    `Credit ${reference} is no longer an unmatched credit (it matches a booking, has a pending claim, or is not a completed supplier credit): nothing was changed.`,
  bookingNotFound: 'The selected bookings are invalid.',
  otherSupplier: (reference: string) => `Booking ${reference} is not a booking of the credit's supplier.`,
  cancelled: (reference: string) => `Booking ${reference} is cancelled: it takes no money.`,
  alreadyFunded: (reference: string, status: string) =>
    `Booking ${reference} already has a transaction that is not partial (match status ${status}): a second credit would make it ambiguous. Mark that transaction partial or reconcile the booking first.`,
  duplicate: (reference: string) =>
    `Booking ${reference} shares its reference with another live booking of the supplier: resolve the duplicate first (DOMAIN.md: one credit must not fund two bookings).`,
} as const;

export interface AcceptedPart {
  transaction_id: number;
  booking_id: number;
  booking_reference: string;
  amount: number;
}

export interface Accepted {
  original_reference_number: string;
  parts: AcceptedPart[];
  message: string;
}

const creditRow = z.object({
  id: z.number(),
  account_id: z.number(),
  supplier_id: z.number().nullable(),
  accountable_type: z.string(),
  reference_number: z.string(),
  amount: numericText,
  booking_number_format: z.string().nullable(),
  unmatched: z.boolean(),
});

/** The credit's row locked, and whether it is still an unmatched credit, read after the supplier's lock. */
async function lockCredit(tx: DbOrTx, transactionId: number) {
  const [locked] = await parsedRows(
    tx,
    z.object({ id: z.number(), supplier_id: z.number().nullable() }),
    sql`select t.id, case when a.accountable_type = 'supplier' then a.accountable_id end as supplier_id
          from transactions t join accounts a on a.id = t.account_id
         where t.id = ${transactionId} for update of t`,
  );
  if (!locked) throw notFound('The transaction');
  if (locked.supplier_id !== null) await lockSuppliersForMatching(tx, [locked.supplier_id]);
  // The stored matches_booking may miss a booking committed since: compute it (transaction_matches_booking).
  const [credit] = await parsedRows(
    tx,
    creditRow,
    sql`select t.id, t.account_id, a.accountable_id as supplier_id, a.accountable_type, t.reference_number,
               t.amount::text as amount, s.booking_number_format,
               (a.accountable_type = 'supplier' and t.status = 'completed' and t.transaction_type = 'credit'
                and not transaction_matches_booking(t.account_id, t.reference_number)
                and not exists (select 1 from claim_requests c where c.transaction_id = t.id and c.status = 'pending'))
                 as unmatched
          from transactions t
          join accounts a on a.id = t.account_id
          left join suppliers s on a.accountable_type = 'supplier' and s.id = a.accountable_id
         where t.id = ${transactionId}`,
  );
  return credit!;
}

const bookingRow = z.object({
  id: z.number(),
  supplier_id: z.number(),
  booking_reference: z.string(),
  status: z.string(),
  gross: numericText,
  duplicate_ids: z.array(z.number()),
});

/** The bookings locked in id order, in the order asked, each checked as able to take this credit. */
async function lockBookings(tx: DbOrTx, supplierId: number, bookingIds: readonly number[]) {
  const rows = await parsedRows(
    tx,
    bookingRow,
    sql`select b.id, b.supplier_id, b.booking_reference, b.status, b.booking_amount::text as gross, g.duplicate_ids
          from bookings b
          left join lateral ${referenceGroupTotals('b')} g on true
         where b.id = any(${idArray(bookingIds)})
         order by b.id
           for update of b`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const bookings = bookingIds.map((id) => byId.get(id));
  if (bookings.some((b) => b === undefined)) throw validationError({ booking_ids: [ACCEPT_REFUSALS.bookingNotFound] });
  const statuses = await findTransactionStatuses(tx, bookingIds);
  const problems: string[] = [];
  for (const b of bookings as z.output<typeof bookingRow>[]) {
    const status = statuses.get(b.id)?.status ?? 'no_transaction';
    if (b.supplier_id !== supplierId) problems.push(ACCEPT_REFUSALS.otherSupplier(b.booking_reference));
    else if (b.status === 'cancelled') problems.push(ACCEPT_REFUSALS.cancelled(b.booking_reference));
    else if (b.duplicate_ids.length > 0) problems.push(ACCEPT_REFUSALS.duplicate(b.booking_reference));
    else if (status !== 'no_transaction' && status !== 'partial')
      problems.push(ACCEPT_REFUSALS.alreadyFunded(b.booking_reference, status));
  }
  if (problems.length) throw validationError({ booking_ids: problems });
  return (bookings as z.output<typeof bookingRow>[]).map((b) => ({
    ...b,
    gross: moneyFromDb(b.gross),
    partial: statuses.get(b.id)?.status === 'partial',
  }));
}

export interface AcceptOptions {
  /** Kept in the audit rows' meta. */
  meta?: Record<string, unknown>;
  /** Runs once the credit and the bookings are locked and checked, before anything is written; throws to refuse. */
  verify?: () => Promise<void>;
}

type Part = { id: number; booking_reference: string; partial: boolean; amount: Cents };

/**
 * The credit takes the first booking (its reference and amount, the supplier's kept), and each further
 * booking a new transaction split from it with its amount, in one statement; the parts in the bookings' order.
 */
async function writeParts(tx: DbOrTx, user: SessionUser, creditId: number, bookings: readonly Part[]) {
  const [first, ...rest] = bookings as [Part, ...Part[]];
  await tx.execute(sql`
    update transactions
       set original_reference_number = coalesce(original_reference_number, reference_number),
           original_amount = coalesce(original_amount, amount),
           reference_number = ${first.booking_reference}, amount = ${moneyToString(first.amount)}::numeric,
           is_partial = ${first.partial}, updated_at = now()
     where id = ${creditId}`);
  // Each further booking's part, by its reference (no two of them share one: duplicates were refused).
  const partIds = new Map<string, number>();
  if (rest.length) {
    const { rows } = await tx.execute<{ id: number; reference_number: string }>(sql`
      insert into transactions (account_id, transaction_type, currency_id, amount, reference_number, status, description,
                                is_partial, cheque_reference_number, transaction_date, created_by_user_id,
                                original_reference_number, original_amount, split_from_transaction_id,
                                statement_id, statement_customer_name, statement_booking_date)
      select t.account_id, t.transaction_type, t.currency_id, u.amount, u.reference, t.status, t.description,
             u.partial, t.cheque_reference_number, t.transaction_date, ${user.id},
             t.original_reference_number, t.original_amount, t.id,
             t.statement_id, t.statement_customer_name, t.statement_booking_date
        from transactions t,
             unnest(${textArray(rest.map((p) => moneyToString(p.amount)))}::numeric[],
                    ${textArray(rest.map((p) => p.booking_reference))},
                    ${textArray(rest.map((p) => String(p.partial)))}::boolean[])
               with ordinality as u(amount, reference, partial, n)
       where t.id = ${creditId}
       order by u.n
      returning id, reference_number`);
    for (const r of rows) partIds.set(r.reference_number, r.id);
  }
  return bookings.map((p, i) => ({
    transaction_id: i === 0 ? creditId : partIds.get(p.booking_reference)!,
    booking_id: p.id,
    booking_reference: p.booking_reference,
    amount: p.amount,
  }));
}

/**
 * Accepts, inside `tx`: credit `transactionId` pays `bookingIds` (the amounts each takes: `entered`, or from
 * the gross; see splitCreditAmounts). The credit keeps its id and takes the first booking; each further
 * booking gets a new transaction split from it. Throws a 404 or a 422 that changes nothing.
 */
export async function acceptInTransaction(
  tx: DbOrTx,
  user: SessionUser,
  transactionId: number,
  bookingIds: readonly number[],
  entered: readonly Cents[] | null,
  { meta = {}, verify }: AcceptOptions = {},
): Promise<Accepted> {
  const credit = await lockCredit(tx, transactionId);
  if (!credit.unmatched || credit.supplier_id === null)
    throw validationError({ transaction: [ACCEPT_REFUSALS.notUnmatched(credit.reference_number)] });
  const bookings = await lockBookings(tx, credit.supplier_id, bookingIds);
  if (verify) await verify();
  const amount = moneyFromDb(credit.amount);
  const split = splitCreditAmounts(amount, bookings, entered);
  if (!split.ok) throw validationError({ amounts: [split.problem] });
  const misfit = bookings.find(
    (b) => !matchesBookingFormat(credit.booking_number_format, b.booking_reference.trim().toUpperCase()),
  );
  if (misfit) throw validationError({ booking_ids: [formatMismatchMessage(credit.booking_number_format!)] });

  const parts = await writeParts(
    tx,
    user,
    credit.id,
    bookings.map((b, i) => ({ ...b, amount: split.amounts[i]! })),
  );
  await refreshMatchStatusesForReferences(tx, [
    {
      accountId: credit.account_id,
      references: [credit.reference_number, ...bookings.map((b) => b.booking_reference)],
    },
  ]);

  await writeAudits(
    tx,
    parts.map((p, i) => ({
      userId: user.id,
      action: i === 0 ? 'accept_suggestion' : 'split_from_suggestion',
      entityType: 'transaction',
      entityId: p.transaction_id,
      before: i === 0 ? { reference_number: credit.reference_number, amount: credit.amount } : null,
      after: { reference_number: p.booking_reference, amount: moneyToString(p.amount), booking_id: p.booking_id },
      meta: { ...meta, credit_id: credit.id, booking_ids: bookings.map((b) => b.id) },
    })),
  );
  const refs = parts.map((p) => p.booking_reference);
  return {
    original_reference_number: credit.reference_number,
    parts: parts.map((p) => ({ ...p, amount: moneyToNumber(p.amount) })),
    message:
      parts.length === 1
        ? `Credit ${credit.reference_number} now matches booking ${refs[0]}.`
        : `Credit ${credit.reference_number} was split across bookings ${refs.join(', ')}.`,
  };
}

/** Rejects: the credit is never suggested again for exactly these bookings. */
export async function rejectInTransaction(
  tx: DbOrTx,
  user: SessionUser,
  transactionId: number,
  bookingIds: readonly number[],
): Promise<string> {
  const [credit] = await parsedRows(
    tx,
    z.object({ reference_number: z.string(), supplier_id: z.number().nullable() }),
    sql`select t.reference_number, case when a.accountable_type = 'supplier' then a.accountable_id end as supplier_id
          from transactions t join accounts a on a.id = t.account_id where t.id = ${transactionId}`,
  );
  if (!credit) throw notFound('The transaction');
  const bookings = await parsedRows(
    tx,
    z.object({ id: z.number(), booking_reference: z.string() }),
    sql`select id, booking_reference from bookings
         where id = any(${idArray(bookingIds)}) and supplier_id = ${credit.supplier_id ?? 0} order by id`,
  );
  if (bookings.length !== bookingIds.length) throw validationError({ booking_ids: [ACCEPT_REFUSALS.bookingNotFound] });
  const ids = bookings.map((b) => b.id);
  const { rows } = await tx.execute<{ transaction_id: number }>(sql`
    insert into match_suggestion_rejections (transaction_id, booking_ids, user_id)
    values (${transactionId}, ${idArray(ids)}, ${user.id})
    on conflict do nothing returning transaction_id`);
  if (rows.length)
    await writeAudits(tx, [
      {
        userId: user.id,
        action: 'reject_suggestion',
        entityType: 'transaction',
        entityId: transactionId,
        after: { booking_ids: ids },
      },
    ]);
  const refs = bookings.map((b) => b.booking_reference).join(' and ');
  return `Credit ${credit.reference_number} will not be suggested for ${refs} again.`;
}
