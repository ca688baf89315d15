/**
 * A model-based test of the money against the real server and database (STYLE.md "Invariants, checked
 * after every step"): fast-check draws sequences of 5–40 operations (bookings created, edited,
 * cancelled, deleted; supplier payments added and edited, reversed; single and bulk payouts, custom
 * splits, payout dates; reconciles; claims and their decisions; tier and rule changes; refunds and their
 * clawbacks) and runs each through the routes. After every request: no 5xx, a refusal wrote nothing,
 * and checkBooks finds none of DOMAIN.md's six money invariants broken anywhere in the database.
 *
 * `npm test` runs BOOKS_MODEL_RUNS sequences (default 20: about 15 s on a 2-core machine, ~0.9 s a
 * sequence of ~24 requests) from a fixed seed; `npm run model` runs 2,000 from a new seed each time; test:e2e
 * 300 from a fixed one. A failure prints the shrunk sequence (its commands, the requests it sent and their
 * answers, the violations) and the line that replays exactly it: BOOKS_MODEL_SEED, BOOKS_MODEL_PATH and
 * BOOKS_MODEL_REPLAY (the commands' replay hint). Also: BOOKS_MODEL_WITHOUT=reconcile,… leaves commands
 * out (to explore past a known failure), BOOKS_MODEL_WHY=1 tallies the refusals by message,
 * BOOKS_MODEL_TRACE=1 prints every sequence, BOOKS_MODEL_SHRINK_MS bounds the shrinking.
 */
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import {
  buildWorld,
  emptyModel,
  moneyCommands,
  newTimes,
  resetMoney,
  type Real,
  type World,
} from './books-model.testing';

const RUNS = Number(process.env.BOOKS_MODEL_RUNS ?? 20);
const rawSeed = process.env.BOOKS_MODEL_SEED;
/** The slice replays one seed (the same answer twice); `random` or none on a long run draws a new one. */
const SEED =
  rawSeed && rawSeed !== 'random' ? Number(rawSeed) : rawSeed === 'random' ? Date.now() % 2 ** 31 : 20_261_126;
const PATH = process.env.BOOKS_MODEL_PATH || undefined;
/** The commands' own replay hint (fast-check prints it as replayPath in the counterexample): needed with a path. */
const REPLAY = process.env.BOOKS_MODEL_REPLAY || undefined;
/** Shrinking runs whole sequences again: stop trying smaller ones after this long (the smallest so far is reported). */
const SHRINK_MS = Number(process.env.BOOKS_MODEL_SHRINK_MS ?? (RUNS > 300 ? 600_000 : 90_000));
const MAX_COMMANDS = 40;
/** BOOKS_MODEL_TRACE=1 prints every sequence's requests and answers. */
const TRACE = !!process.env.BOOKS_MODEL_TRACE;
/** Commands left out (names of COMMANDS, comma-separated): to explore past a known failure. */
const WITHOUT = (process.env.BOOKS_MODEL_WITHOUT ?? '').split(',').filter(Boolean);

let w: World;
beforeAll(async () => {
  w = await buildWorld();
}, 120_000);

it(
  `${RUNS} sequences of money operations keep the books balanced after every step (seed ${SEED})`,
  async () => {
    console.info(
      `books model: ${RUNS} sequences, seed ${SEED}${PATH ? `, path ${PATH}` : ''} ` +
        `(replay: BOOKS_MODEL_SEED=${SEED}${PATH ? ` BOOKS_MODEL_PATH=${PATH}` : ''} BOOKS_MODEL_RUNS=${RUNS})` +
        (WITHOUT.length ? `, without ${WITHOUT.join(', ')}` : ''),
    );
    const tally = new Map<string, number>();
    const ms = newTimes();
    let sequences = 0;
    let commands = 0;
    let firstFailure: number | null = null;
    const started = Date.now();
    const property = fc.asyncProperty(
      moneyCommands(MAX_COMMANDS, { replayPath: REPLAY, without: WITHOUT }),
      async (cmds) => {
        // Past the shrinking budget every candidate passes: fast-check then reports the smallest failure found.
        if (firstFailure !== null && Date.now() - firstFailure > SHRINK_MS) return;
        sequences += 1;
        const real: Real = { w, log: [], tally, ms };
        try {
          await fc.asyncModelRun(async () => {
            await resetMoney(w);
            return { model: emptyModel(), real };
          }, cmds);
        } catch (err) {
          firstFailure ??= Date.now();
          throw err;
        } finally {
          commands += real.log.length;
          if (TRACE) console.info(`sequence ${sequences}:\n${real.log.map((l) => `  ${l.slice(0, 400)}`).join('\n')}`);
        }
      },
    );
    const details = await fc.check(property, {
      seed: SEED,
      numRuns: RUNS,
      ...(PATH ? { path: PATH } : {}),
      verbose: 1,
      endOnFailure: false,
    });
    const seconds = (Date.now() - started) / 1000;
    const lines = [...tally].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `  ${k} ×${n}`);
    const per = (x: number) => (x / Math.max(1, commands)).toFixed(1);
    console.info(
      `books model: ${sequences} sequences, ${commands} requests in ${seconds.toFixed(1)} s ` +
        `(${((seconds * 1000) / Math.max(1, sequences)).toFixed(0)} ms a sequence; per request: write ${per(ms.write)} ms, ` +
        `reads ${per(ms.read)} ms, fingerprints ${per(ms.fingerprint)} ms, checkBooks ${per(ms.check)} ms)\n` +
        lines.join('\n'),
    );
    if (details.failed) {
      const report = fc.defaultReportMessage(details) ?? 'failed';
      const replay = /replayPath="([^"]*)"/.exec(report)?.[1];
      const error =
        details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      throw new Error(
        `${report}\n\nThe shrunk sequence failed with: ${error}\n\nReplay exactly: BOOKS_MODEL_SEED=${details.seed} BOOKS_MODEL_PATH=${details.counterexamplePath} ` +
          `${replay ? `BOOKS_MODEL_REPLAY='${replay}' ` : ''}` +
          `${WITHOUT.length ? `BOOKS_MODEL_WITHOUT=${WITHOUT.join(',')} ` : ''}` +
          `npx vitest run --project server apps/server/src/features/books/books-model.test.ts`,
      );
    }
    expect(details.numRuns).toBe(PATH ? details.numRuns : RUNS);
  },
  Math.max(120_000, RUNS * 5_000 + SHRINK_MS + 60_000),
);
