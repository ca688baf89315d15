/** Supplier transactions added, funding a booking, edited and deleted. */
import fc from 'fast-check';
import { deleteOp, newBooking, newBookingArgs } from './booking-commands.testing';
import {
  type MBooking,
  type MTransaction,
  type Model,
  cents,
  claimCandidates,
  money,
  norm,
  pick,
} from './model.testing';
import {
  always,
  amountCents,
  anyBooking,
  anyTransaction,
  index,
  op,
  preferFunded,
  refIndex,
  supplierKey,
} from './op.testing';
import { type Real, read, step } from './real.testing';
import { REFERENCES, type Row, SPELLINGS, type World } from './world.testing';

/** The transaction form of a supplier payment. */
const transactionForm = (w: World, t: Omit<MTransaction, 'id'>) => ({
  account_id: String(w.account[t.supplier]),
  transaction_type: t.type,
  currency_id: String(w.currency[t.supplier]),
  amount: t.amount,
  reference_number: t.reference,
  status: t.status,
  is_partial: t.partial ? '1' : '0',
});

async function postTransaction(m: Model, r: Real, kind: string, t: Omit<MTransaction, 'id'>): Promise<void> {
  const { res, body } = await step(r, kind, 'admin', r.w.admin, {
    method: 'POST',
    url: '/transactions',
    multipart: transactionForm(r.w, t),
  });
  if (res.statusCode === 200) m.transactions.push({ ...t, id: (body.data as Row).id as number });
}

/** A supplier payment on a reference of the pool (a booking's or not), any amount. */
export const addTransaction = op(
  'addTransaction',
  fc.record({
    supplier: supplierKey,
    ref: refIndex,
    spelling: fc.nat({ max: SPELLINGS.length - 1 }),
    type: fc.constantFrom('credit', 'credit', 'debit'),
    amount: amountCents,
    partial: fc.nat({ max: 3 }).map((n) => n === 0),
    status: fc.constantFrom('completed', 'completed', 'completed', 'pending'),
  }),
  always,
  (m, r, a) =>
    postTransaction(m, r, 'addTransaction', {
      supplier: a.supplier,
      reference: SPELLINGS[a.spelling]!(REFERENCES[a.ref]!),
      type: a.type,
      amount: money(a.amount),
      partial: a.partial,
      status: a.status,
    }),
);

type FundKind = 'exact' | 'part' | 'over' | 'under';
const fundKind = fc.constantFrom<FundKind>('exact', 'exact', 'exact', 'exact', 'part', 'part', 'over', 'under');
const spelling = fc.nat({ max: SPELLINGS.length - 1 });

/**
 * The supplier pays a booking as it now stands (its gross read back): all of it, a part flagged
 * partial, a little more or a little less; a debit for a refund booking.
 */
async function fund(m: Model, r: Real, b: MBooking, kind: FundKind, spelled: number) {
  const cur = (await read(r, r.w.admin, `/bookings/${b.id}`)).data as Row;
  const gross = Math.abs(cents(cur.booking_amount));
  const amount =
    kind === 'exact'
      ? gross
      : kind === 'part'
        ? Math.floor(gross * 0.4)
        : kind === 'over'
          ? gross + 10_00
          : gross - 10_00;
  await postTransaction(m, r, `fundBooking(${kind})`, {
    supplier: r.w.supplierKey.get(cur.supplier_id as number)!,
    reference: SPELLINGS[spelled]!(cur.booking_reference as string),
    type: cents(cur.booking_amount) < 0 ? 'debit' : 'credit',
    amount: money(Math.max(1, amount)),
    partial: kind === 'part',
    status: 'completed',
  });
}

/** Bookings with no supplier transaction on their reference yet (as far as the model knows). */
const unfunded = (m: Model) =>
  m.bookings.filter(
    (b) => b.live && !m.transactions.some((t) => t.supplier === b.supplier && norm(t.reference) === norm(b.reference)),
  );

/** A supplier payment of a booking: mostly one not paid yet. */
export const fundBooking = op(
  'fundBooking',
  fc.record({ pick: index, prefer: preferFunded, kind: fundKind, spelling }),
  anyBooking,
  async (m, r, a) => {
    const fresh = a.prefer ? unfunded(m) : [];
    await fund(m, r, pick(fresh.length ? fresh : m.bookings, a.pick), a.kind, a.spelling);
  },
);

/** An admin's booking and, at once, the supplier's payment of it (the common path to a payout). */
export const createFundedBooking = op(
  'createFundedBooking',
  fc.record({ ...newBookingArgs, kind: fundKind, spelling }),
  always,
  async (m, r, a) => {
    const b = await newBooking(m, r, 'admin', a);
    if (b) await fund(m, r, b, a.kind, a.spelling);
  },
);

/** The transaction form posted back with one change: amount, reference, partial flag or status (reversed too). */
export const editTransaction = op(
  'editTransaction',
  fc.record({
    pick: index,
    change: fc.constantFrom('amount', 'reference', 'partial', 'status', 'status'),
    amount: amountCents,
    ref: refIndex,
    status: fc.constantFrom('reversed', 'reversed', 'failed', 'pending', 'completed'),
  }),
  anyTransaction,
  async (m, r, a) => {
    const t = pick(m.transactions, a.pick);
    const next: MTransaction = {
      ...t,
      ...(a.change === 'amount' ? { amount: money(a.amount) } : {}),
      ...(a.change === 'reference' ? { reference: REFERENCES[a.ref]! } : {}),
      ...(a.change === 'partial' ? { partial: !t.partial } : {}),
      ...(a.change === 'status' ? { status: a.status } : {}),
    };
    const { res } = await step(
      r,
      `editTransaction(${a.change === 'status' ? a.status : a.change})`,
      'admin',
      r.w.admin,
      {
        method: 'POST',
        url: `/transactions/${t.id}`,
        multipart: { _method: 'PUT', ...transactionForm(r.w, next) },
      },
    );
    if (res.statusCode === 200) Object.assign(t, next);
  },
);

let statementLines = 0;

/**
 * A match suggestion accepted (issue 24 §1): mostly a statement line the supplier wrote with noise (a credit
 * on a reference no booking has) for one or two bookings of its supplier with nothing on their reference yet,
 * of their gross or a share of it; else any credit for any booking. Split across two, the amounts come from
 * the gross or are entered (a share and the rest). Refusals (a matched credit, a funded or cancelled booking,
 * a gross that does not add up) must write nothing; an acceptance must keep the books.
 */
export const acceptSuggestion = op(
  'acceptSuggestion',
  fc.record({
    supplier: supplierKey,
    line: fc.nat({ max: 4 }).map((n) => n > 0),
    pick: index,
    first: index,
    second: fc.option(index, { nil: null }),
    exact: fc.nat({ max: 3 }).map((n) => n > 0),
    entered: fc.boolean(),
    share: fc.integer({ min: 1, max: 99 }),
  }),
  (m) => anyBooking(m),
  async (m, r, a) => {
    // Open: live, not a refund, nothing on the reference yet, one booking per reference (a duplicate is refused).
    const anyOpen = unfunded(m).filter((b) => !b.refund);
    const supplier = anyOpen.length ? pick(anyOpen, a.first).supplier : a.supplier;
    const open = [
      ...new Map(anyOpen.filter((b) => b.supplier === supplier).map((b) => [norm(b.reference), b])).values(),
    ];
    const from = a.line && open.length ? open : m.bookings;
    const bookings = [...new Set([pick(from, a.first), ...(a.second === null ? [] : [pick(from, a.second)])])];
    let t: MTransaction | undefined;
    if (a.line) {
      const gross = (await Promise.all(bookings.map((b) => read(r, r.w.admin, `/bookings/${b.id}`)))).reduce(
        (sum, got) => sum + Math.abs(cents((got.data as Row).booking_amount)),
        0,
      );
      await postTransaction(m, r, 'acceptSuggestion(line)', {
        supplier: bookings[0]!.supplier,
        reference: `SL ${++statementLines}`,
        type: 'credit',
        amount: money(Math.max(1, a.exact ? gross : Math.floor((gross * a.share) / 100))),
        partial: false,
        status: 'completed',
      });
      t = m.transactions.at(-1);
    } else if (m.transactions.length) t = pick(claimCandidates(m, true), a.pick);
    if (!t) return;
    const credit = cents(t.amount);
    const firstPart = Math.max(1, Math.floor((credit * a.share) / 100));
    const amounts = bookings.length === 2 && a.entered ? [money(firstPart), money(credit - firstPart)] : undefined;
    const kind = bookings.length === 1 ? 'one' : amounts ? 'split, entered' : 'split';
    const { res, body } = await step(r, `acceptSuggestion(${kind})`, 'admin', r.w.admin, {
      method: 'POST',
      url: `/api/transactions/${t.id}/accept-suggestion`,
      json: { booking_ids: bookings.map((b) => b.id), ...(amounts ? { amounts } : {}) },
    });
    if (res.statusCode !== 200) return;
    // The credit and the parts split from it, as the server now holds them.
    for (const part of (body.data as { parts: { transaction_id: number }[] }).parts) {
      const got = (await read(r, r.w.admin, `/transactions/${part.transaction_id}`)).data as Row;
      const now: MTransaction = {
        id: part.transaction_id,
        supplier: t.supplier,
        reference: got.reference_number as string,
        type: got.transaction_type as 'credit' | 'debit',
        amount: money(cents(got.amount)),
        partial: got.is_partial as boolean,
        status: got.status as string,
      };
      const known = m.transactions.find((x) => x.id === now.id);
      if (known) Object.assign(known, now);
      else m.transactions.push(now);
    }
  },
);

/** There is no delete route for transactions (yet): a 405 that must write nothing; if one appears, it is judged too. */
export const deleteTransaction = deleteOp('deleteTransaction', (m) => m.transactions, '/transactions');
