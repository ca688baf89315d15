/**
 * What the bench seed's steps share: the run's context, the mixing hash its draws come from, and the
 * batching. The statements are built as text from integers and an ISO date the entry point has checked
 * (`benchSeed`), never from user text, and run with `sql.raw`.
 */
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';

export interface SeedContext {
  db: Db;
  seed: number;
  /** Bookings to write. */
  bookings: number;
  agents: number;
  suppliers: number;
  /** Credits nobody booked (the unmatched ones, some claimed). */
  unmatched: number;
  /** The anchor: the last day of the four years of history ('YYYY-MM-DD'); bookings run a month past it. */
  today: string;
  /** Whether the anchor is the server's today, so single payouts (dated the day they are made) can be written. */
  singles: boolean;
  /** Rows per statement. */
  batch: number;
  log: (msg: string) => void;
  started: number;
}

/** Days of history before the anchor, and days of future bookings after it. */
export const DAYS_BACK = 1460;
export const DAYS_AHEAD = 30;

/**
 * A 64-bit hash of `input` (a bigint SQL expression) for draw `k`: PostgreSQL's `hashint8extended`
 * (the hash partitioning uses, stable across platforms and versions), keyed by the seed and the draw,
 * so every column of every row is an independent draw and another seed gives other rows.
 */
const hash = (c: SeedContext, input: string, k: number) =>
  `hashint8extended((${input})::bigint, hashint8extended(${c.seed}::bigint, ${k}))`;

/** A uniform integer in [0, m) from draw k of `input`. */
export const pick = (c: SeedContext, input: string, k: number, m: number) =>
  `((${hash(c, input, k)} & 2147483647) % ${m})`;

/** A uniform number in [0, 1) from draw k of `input`. */
export const unit = (c: SeedContext, input: string, k: number) =>
  `((${hash(c, input, k)} & 2147483647)::float8 / 2147483648.0)`;

/** A standard normal number (Box–Muller) from draws k and k + 1 of `input`. */
export const normal = (c: SeedContext, input: string, k: number) =>
  `(sqrt(-2 * ln(1 - ${unit(c, input, k)})) * cos(2 * pi() * ${unit(c, input, k + 1)}))`;

/** The anchor as an SQL date literal. */
export const anchor = (c: SeedContext) => `date '${c.today}'`;

export const run = (db: DbOrTx, text: string) => db.execute(sql.raw(text));

export async function scalar<T>(db: DbOrTx, text: string): Promise<T> {
  const { rows } = await db.execute<{ v: T }>(sql.raw(text));
  return rows[0]!.v;
}

/** The first of `count` ids of `table`'s serial, reserved by moving the sequence past them. */
export async function reserveIds(db: DbOrTx, table: string, count: number): Promise<number> {
  const seq = `pg_get_serial_sequence('${table}', 'id')`;
  const first = await scalar<number>(
    db,
    `select greatest(nextval(${seq}), (select coalesce(max(id), 0) + 1 from ${table}))::int as v`,
  );
  await run(db, `select setval(${seq}, ${first + Math.max(count, 1) - 1})`);
  return first;
}

export const seconds = (c: SeedContext) => Math.round((Date.now() - c.started) / 1000);

/**
 * Runs `tasks` on up to `width` connections of the pool at once (a statement that writes runs on one
 * core: two at a time use a 2-core machine). The first failure stops the start of further tasks and is
 * thrown once the running ones end.
 */
export async function inParallel(width: number, tasks: (() => Promise<unknown>)[]): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (next < tasks.length && !failure) {
      const task = tasks[next++]!;
      try {
        await task();
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, tasks.length) }, worker));
  if (failure) throw failure.error;
}

/** Statements a load runs side by side (the seed's steps that write independent rows). */
export const WIDTH = 2;

/**
 * Calls `step(from, to)` for 1..total in batches, logging progress with the elapsed seconds; `width`
 * batches at a time, only for steps whose batches write rows no other batch reads or locks.
 */
export async function inBatches(
  c: SeedContext,
  total: number,
  what: string,
  step: (from: number, to: number) => Promise<unknown>,
  width = 1,
): Promise<void> {
  const ranges: [number, number][] = [];
  for (let from = 1; from <= total; from += c.batch) ranges.push([from, Math.min(total, from + c.batch - 1)]);
  let done = 0;
  const batch =
    ([from, to]: [number, number]) =>
    async () => {
      await step(from, to);
      done += to - from + 1;
      c.log(`${what} ${done.toLocaleString('en-GB')} / ${total.toLocaleString('en-GB')} (${seconds(c)} s)`);
    };
  await inParallel(width, ranges.map(batch));
}

/** A trigger a load turns off: `table`'s `trigger`. */
export interface SeedTrigger {
  table: string;
  trigger: string;
}

/**
 * `transactions_set_matches_booking` (drizzle/0012): per row it looks the reference up among the
 * supplier's bookings, most of the time of a bulk insert of transactions. The rows a load writes with it
 * off set `matches_booking` themselves to what it computes (by construction of the references;
 * bench-seed.test.ts checks every row against `transaction_matches_booking()`).
 */
export const MATCH_TRIGGER: SeedTrigger = { table: 'transactions', trigger: 'transactions_set_matches_booking' };

/**
 * Runs `load` in one transaction with `triggers` off, each doing instead what its caller says. ALTER TABLE
 * is transactional and locks the table for the transaction: no other writer runs without them, and on
 * failure the rollback turns them back on.
 */
export async function withTriggersOff(
  db: Db,
  triggers: readonly SeedTrigger[],
  load: (tx: DbOrTx) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const t of triggers) await run(tx, `alter table ${t.table} disable trigger ${t.trigger}`);
    await load(tx);
    for (const t of triggers) await run(tx, `alter table ${t.table} enable trigger ${t.trigger}`);
  });
}
