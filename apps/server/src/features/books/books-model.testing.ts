/**
 * The model-based test of the money (STYLE.md "Invariants, checked after every step"): the world, the
 * reset between sequences, the model, and one fast-check command per operation an admin or an agent can
 * do to the money through the real routes. After every request: no 5xx, a refusal (4xx) wrote nothing
 * (every data table's fingerprint as it was), and `checkBooks` finds no violation of DOMAIN.md's six
 * money invariants over the whole database.
 *
 * The model is far simpler than the system: which bookings exist (reference, supplier, who booked,
 * live or cancelled), which supplier transactions and claims exist, what the payouts the server accepted
 * took from each booking (a single payout's answer must say that much paid). It picks what a command
 * acts on; amounts that depend on the books (what is available now) are read from the routes an admin
 * reads them from (the payout modal, the bulk screens), as a person would.
 *
 * Between sequences the money tables are emptied (resetMoney), not the database copied: the world of
 * suppliers, tiers, agents and accounts is built once per file.
 *
 * The parts live in model/: the world, the model, the requests and checks (real), the command helpers (op),
 * the commands by area, and the weighted sequences (commands). This module is what the tests use of them.
 */
export { moneyCommands } from './model/commands.testing';
export { emptyModel } from './model/model.testing';
export { newTimes, step, type Real, type Sent } from './model/real.testing';
export { buildWorld, resetMoney, type World } from './model/world.testing';
export type { SupplierKey } from '../../test/world';
