/** The commands with their weights, and the sequences drawn from them. */
import fc from 'fast-check';
import { cancelBooking, createBooking, deleteBooking, editBooking } from './booking-commands.testing';
import { adminClaim, agentClaim, decideClaim, ruleChange, tierChange } from './claim-and-rate-commands.testing';
import { bulkPayout, bulkReconcilePayout, reconcile, singlePayout } from './payout-commands.testing';
import {
  acceptSuggestion,
  addTransaction,
  createFundedBooking,
  deleteTransaction,
  editTransaction,
  fundBooking,
} from './transaction-commands.testing';

export const COMMANDS = {
  createBooking: { weight: 4, arbitrary: createBooking },
  createFundedBooking: { weight: 5, arbitrary: createFundedBooking },
  editBooking: { weight: 3, arbitrary: editBooking },
  cancelBooking: { weight: 1, arbitrary: cancelBooking },
  deleteBooking: { weight: 1, arbitrary: deleteBooking },
  addTransaction: { weight: 3, arbitrary: addTransaction },
  fundBooking: { weight: 3, arbitrary: fundBooking },
  editTransaction: { weight: 2, arbitrary: editTransaction },
  deleteTransaction: { weight: 1, arbitrary: deleteTransaction },
  acceptSuggestion: { weight: 2, arbitrary: acceptSuggestion },
  singlePayout: { weight: 7, arbitrary: singlePayout },
  bulkPayout: { weight: 3, arbitrary: bulkPayout },
  bulkReconcilePayout: { weight: 1, arbitrary: bulkReconcilePayout },
  reconcile: { weight: 2, arbitrary: reconcile },
  agentClaim: { weight: 2, arbitrary: agentClaim },
  decideClaim: { weight: 2, arbitrary: decideClaim },
  adminClaim: { weight: 1, arbitrary: adminClaim },
  tierChange: { weight: 1, arbitrary: tierChange },
  ruleChange: { weight: 1, arbitrary: ruleChange },
};

/**
 * Sequences of money operations; the frequent ones (bookings, payments, payouts) weigh more. `without`
 * leaves commands out (BOOKS_MODEL_WITHOUT=reconcile,…: explore past a known failure).
 */
export function moneyCommands(maxCommands: number, opts: { replayPath?: string; without?: string[] } = {}) {
  const unknown = (opts.without ?? []).filter((n) => !(n in COMMANDS));
  if (unknown.length) throw new Error(`no such command: ${unknown.join(', ')}`);
  const arbs = Object.entries(COMMANDS)
    .filter(([name]) => !opts.without?.includes(name))
    .map(([, c]) => c);
  const replay = opts.replayPath ? { replayPath: opts.replayPath } : {};
  return new AtLeast(fc.commands([fc.oneof(...arbs)], { maxCommands, size: 'max', ...replay }), 5);
}

/**
 * Generates sequences of at least `min` commands (drawing again from the same random stream, so a seed
 * still replays), and shrinks them as fc.commands does, below `min` too: a shrunk failure keeps only
 * the commands it needs.
 */
class AtLeast<T> extends fc.Arbitrary<Iterable<T>> {
  constructor(
    private readonly inner: fc.Arbitrary<Iterable<T>>,
    private readonly min: number,
  ) {
    super();
  }
  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<Iterable<T>> {
    for (;;) {
      const v = this.inner.generate(mrng, biasFactor);
      if ([...v.value_].length >= this.min) return v;
    }
  }
  canShrinkWithoutContext(value: unknown): value is Iterable<T> {
    return this.inner.canShrinkWithoutContext(value);
  }
  shrink(value: Iterable<T>, context: unknown): fc.Stream<fc.Value<Iterable<T>>> {
    return this.inner.shrink(value, context);
  }
}
