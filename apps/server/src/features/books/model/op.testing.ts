/** One fast-check command per operation, and the arbitraries the commands share. */
import fc from 'fast-check';
import { SUPPLIERS, type AgentKey, type SupplierKey } from '../../../test/world';
import { type Model, pick } from './model.testing';
import { type Real, compact } from './real.testing';
import { BOOKING_DATES, REFERENCES } from './world.testing';

class Op implements fc.AsyncCommand<Model, Real> {
  constructor(
    private readonly label: string,
    private readonly ok: (m: Model) => boolean,
    private readonly body: (m: Model, r: Real) => Promise<void>,
  ) {}
  check(m: Readonly<Model>) {
    return this.ok(m as Model);
  }
  run(m: Model, r: Real) {
    return this.body(m, r);
  }
  toString() {
    return this.label;
  }
}

const args = (a: Record<string, unknown>) =>
  Object.entries(a)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? `'${v}'` : compact(v)}`)
    .join(', ');
export const op = <A extends Record<string, unknown>>(
  name: string,
  arb: fc.Arbitrary<A>,
  ok: (m: Model) => boolean,
  body: (m: Model, r: Real, a: A) => Promise<void>,
) => arb.map((a) => new Op(`${name}({${args(a)}})`, ok, (m, r) => body(m, r, a)));

export const anyBooking = (m: Model) => m.bookings.length > 0;
export const anyTransaction = (m: Model) => m.transactions.length > 0;
export const always = () => true;

export const amountCents = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(100_00, 250_00, 99_99, 1, 1234_56, 40_00) },
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 5000_00 }) },
);
export const refIndex = fc.nat({ max: REFERENCES.length - 1 });
export const supplierKey = fc.constantFrom(...SUPPLIERS);
export const agentKey = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<AgentKey>('ana', 'pat', 'sam') },
  { weight: 1, arbitrary: fc.constant<AgentKey>('otto') },
);
/** Who books a supplier with a rate: the tier's agents on Sunwing and TUI, Sam (through Pat) and Pat on Transat. */
const FIT: Record<SupplierKey, readonly AgentKey[]> = {
  sunwing: ['ana', 'ana', 'pat', 'otto'],
  tui: ['ana', 'pat'],
  transat: ['sam', 'sam', 'pat'],
};
/** Mostly an agent with a rate for the supplier (a number: FIT's choice), else anyone (a zero rate, a refusal). */
export const agentChoice = fc.oneof({ weight: 4, arbitrary: fc.nat({ max: 11 }) }, { weight: 1, arbitrary: agentKey });
export const agentFor = (supplier: SupplierKey, choice: number | AgentKey): AgentKey =>
  typeof choice === 'number' ? pick(FIT[supplier], choice) : choice;
/** A reference from the shared pool (an index) or, mostly, one no booking of the sequence has used (null). */
export const refChoice = fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: refIndex });
export const referenceOf = (m: Model, ref: number | null) =>
  ref === null ? `MB-${100 + m.fresh++}` : REFERENCES[ref]!;
export const bookingDate = fc.constantFrom(...BOOKING_DATES);
export const index = fc.nat({ max: 1000 });
/** Four in five: a payout of a booking the payout screen lists, a payment of a booking not paid yet. */
export const preferFunded = fc.nat({ max: 4 }).map((n) => n > 0);
