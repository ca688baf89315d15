/** The model: the bookings, transactions and claims a sequence made, and what a command picks from them. */
import { moneyFromDb, moneyToString, type Cents } from '@app/domain';
import { type AgentKey, type SupplierKey } from '../../../test/world';
import { type Real, bodyOf, fail, timed } from './real.testing';
import { JOINED_ON, type Row, type TieredKey, type World } from './world.testing';

export interface MBooking {
  id: number;
  reference: string;
  supplier: SupplierKey;
  /** Who it was booked for: the sub-agent of a via-parent booking, else the primary agent. */
  booker: AgentKey;
  live: boolean;
  refund: boolean;
  /** Cents of gross the payouts the server accepted took from it: what `paid_amount` must say. */
  paid: number;
}
export interface MTransaction {
  id: number;
  supplier: SupplierKey;
  reference: string;
  type: 'credit' | 'debit';
  amount: string;
  partial: boolean;
  status: string;
}
export interface MClaim {
  id: number;
  transaction: number;
  pending: boolean;
}
export interface Model {
  bookings: MBooking[];
  transactions: MTransaction[];
  claims: MClaim[];
  payouts: number;
  tierStart: Record<TieredKey, string>;
  /** The next reference outside the shared pool. */
  fresh: number;
}

export const emptyModel = (): Model => ({
  bookings: [],
  transactions: [],
  claims: [],
  payouts: 0,
  tierStart: { ana: JOINED_ON, otto: JOINED_ON },
  fresh: 1,
});
/*
 * The model counts money in whole cents (integers, exact in a JS number far beyond any amount here): read
 * and written through the domain's exact decimal parsing and formatting, never by scaling a float.
 */
/** 2-decimal text of cents. */
export const money = (cents: number) => moneyToString(BigInt(cents) as Cents);
/** Cents of a 2-decimal amount as the API answers it (a JSON number or a numeric string). */
// eslint-disable-next-line no-restricted-syntax -- the model's integer cents, exact below 2^53
export const cents = (n: unknown) => Number(moneyFromDb(String(n)));
export const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A booking answer into the model's terms. */
export function modelBooking(w: World, d: Row): MBooking {
  const booker = (d.sub_agent_id as number | null) ?? (d.primary_agent_id as number);
  return {
    id: d.id as number,
    reference: d.booking_reference as string,
    supplier: w.supplierKey.get(d.supplier_id as number)!,
    booker: w.agentKey.get(booker)!,
    live: d.status !== 'cancelled',
    refund: cents(d.booking_amount) < 0,
    paid: 0,
  };
}

/** A booking created or saved: what was paid on it stays (no edit moves it). */
export const upsert = (m: Model, b: MBooking) => {
  const i = m.bookings.findIndex((x) => x.id === b.id);
  if (i >= 0) m.bookings[i] = { ...b, paid: m.bookings[i]!.paid };
  else m.bookings.push(b);
};

/** Credits the model thinks nothing claims yet (no booking of the supplier on that reference, no pending claim). */
function unmatchedCredits(m: Model): MTransaction[] {
  return m.transactions.filter(
    (t) =>
      t.type === 'credit' &&
      !m.bookings.some((b) => b.supplier === t.supplier && norm(b.reference) === norm(t.reference)) &&
      !m.claims.some((c) => c.pending && c.transaction === t.id),
  );
}

export const norm = (s: string) => s.trim().toUpperCase();

/** Live bookings that a completed supplier transaction on their reference may fund (as far as the model knows). */
const fundedBookings = (m: Model) =>
  m.bookings.filter(
    (b) =>
      b.live &&
      m.transactions.some(
        (t) => t.status === 'completed' && t.supplier === b.supplier && norm(t.reference) === norm(b.reference),
      ),
  );

/**
 * A booking to pay out: mostly one the bulk payout screen lists (what an admin would pick from) or the
 * books check lists as to claw back, else one the model thinks funded, else any (a refusal, mostly).
 */
export async function payable(m: Model, r: Real, i: number, prefer: boolean): Promise<MBooking> {
  if (!prefer) return pick(m.bookings, i);
  const res = await timed(r, 'read', () =>
    r.w.admin.post('/bulk-payouts/search', { json: { mode: 'payout', personal: true } }),
  );
  if (res.statusCode !== 200) fail(r, `the payout search answered ${res.statusCode}`, res.body.slice(0, 2000));
  // The screen lists what can be paid now; the books check lists what is to be clawed back.
  const listed = new Set([
    ...((bodyOf(res).bookings ?? []) as Row[]).map((b) => b.id as number),
    ...(r.clawBack ?? []),
  ]);
  const shown = m.bookings.filter((b) => listed.has(b.id));
  const funded = fundedBookings(m);
  return pick(shown.length ? shown : funded.length ? funded : m.bookings, i);
}

export const claimCandidates = (m: Model, preferUnmatched: boolean) => {
  const unmatched = unmatchedCredits(m);
  const credits = m.transactions.filter((t) => t.type === 'credit');
  return preferUnmatched && unmatched.length ? unmatched : credits.length ? credits : m.transactions;
};
