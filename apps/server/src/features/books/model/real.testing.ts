/** What a command run sees and sends: the requests through the routes, and the checks after each (no 5xx, a refusal wrote nothing, checkBooks). */
import { performance } from 'node:perf_hooks';
import type { LightMyRequestResponse } from 'fastify';
import { PAYOUT_MESSAGES } from '@app/domain';
import { tableFingerprint, writtenTables } from '../../../test/hostile';
import type { TestClient } from '../../../test/test-app';
import { checkBooks, type BooksReport } from '../index';
import { type Row, type World } from './world.testing';

/** What one command run sees: the world, the requests sent so far in this sequence, and the tally. */
export interface Real {
  w: World;
  log: string[];
  tally: Map<string, number>;
  /** Where the time goes (ms, summed over the run): the writes, the reads, the fingerprints, checkBooks. */
  ms: Record<'write' | 'read' | 'fingerprint' | 'check', number>;
  /** The bookings the last check listed as to claw back (overpaid after supplier money was taken back). */
  clawBack?: number[];
}

export const newTimes = (): Real['ms'] => ({ write: 0, read: 0, fingerprint: 0, check: 0 });

export async function timed<T>(r: Real, what: keyof Real['ms'], f: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await f();
  } finally {
    r.ms[what] += performance.now() - started;
  }
}

/* -------------------------------------------------------------------------------- the checks */

export class BooksFailure extends Error {}

export const compact = (body: unknown) =>
  JSON.stringify(body, (_k, v: unknown) => (Buffer.isBuffer(v) ? '<png>' : v)).replace(/"<png>"/g, '<png>');

type Request =
  | { method: 'GET'; url: string }
  | { method: 'POST'; url: string; json: unknown }
  | {
      method: 'POST';
      url: string;
      multipart: Record<string, string | { filename: string; contentType: string; data: Buffer }>;
    };

export interface Sent {
  res: LightMyRequestResponse;
  body: Row;
}

function describe(who: string, req: Request) {
  const body = 'json' in req ? req.json : 'multipart' in req ? req.multipart : undefined;
  return `${who} ${req.method} ${req.url}${body === undefined ? '' : ` ${compact(body)}`}`;
}

async function send(client: TestClient, req: Request) {
  if (req.method === 'GET') return client.get(req.url);
  if ('json' in req) return client.post(req.url, { json: req.json });
  return client.post(req.url, { multipart: req.multipart });
}

export function fail(r: Real, what: string, extra?: unknown): never {
  throw new BooksFailure(
    `${what}\n${extra === undefined ? '' : `${typeof extra === 'string' ? extra : JSON.stringify(extra, null, 2)}\n`}` +
      `-- the requests of this sequence:\n${r.log.map((l, i) => `${String(i + 1).padStart(3)}. ${l}`).join('\n')}`,
  );
}

export const bodyOf = (res: LightMyRequestResponse): Row => {
  try {
    return res.json() as Row;
  } catch {
    return {};
  }
};

/** A read a command needs to build its request (the payout modal, the form): must answer 200. */
export async function read(r: Real, who: TestClient, url: string): Promise<Row> {
  const res = await timed(r, 'read', () => who.get(url));
  if (res.statusCode !== 200) fail(r, `GET ${url} answered ${res.statusCode}`, res.body.slice(0, 2000));
  return bodyOf(res);
}

/**
 * One write, judged: below 500; a refusal (4xx) wrote nothing; a bulk answer whose rows all failed
 * wrote nothing and no row failed unexpectedly; after a write, the books balance (checkBooks: no
 * violation; after a refusal the database is as the last check found it).
 */
export async function step(r: Real, kind: string, who: string, client: TestClient, req: Request): Promise<Sent> {
  const before = await timed(r, 'fingerprint', () => tableFingerprint(r.w.t.db));
  const res = await timed(r, 'write', () => send(client, req));
  const body = bodyOf(res);
  const line = `${describe(who, req)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  r.log.push(line);
  const why = process.env.BOOKS_MODEL_WHY ? ` ${reason(res, body)}` : '';
  const key = `${kind} ${res.statusCode}${Array.isArray(body.results) ? ` ${summary(body)}` : ''}${why}`;
  r.tally.set(key, (r.tally.get(key) ?? 0) + 1);
  if (res.statusCode >= 500) fail(r, `a ${res.statusCode} answer`, res.body.slice(0, 4000));
  const results = Array.isArray(body.results) ? (body.results as { status: string; message: string }[]) : null;
  if (results?.some((x) => x.message === PAYOUT_MESSAGES.unexpected))
    fail(r, 'a bulk row failed unexpectedly (the 5xx of a bulk answer)', body);
  const refused = res.statusCode >= 400 || (results !== null && results.every((x) => x.status === 'error'));
  if (refused) {
    const wrote = writtenTables(before, await timed(r, 'fingerprint', () => tableFingerprint(r.w.t.db)));
    if (wrote.length) fail(r, `a refusal wrote: ${wrote.join(', ')}`);
    // Nothing changed: the books are as the last check found them.
    return { res, body };
  }
  await books(r);
  return { res, body };
}

/** Why a request was refused (BOOKS_MODEL_WHY=1 adds it to the tally): its message, or its bulk rows' messages. */
export const reason = (res: LightMyRequestResponse, body: Row) =>
  Array.isArray(body.results)
    ? [...new Set((body.results as { message: string }[]).map((x) => x.message))].join(' | ')
    : res.statusCode >= 400
      ? String(body.message ?? res.body.slice(0, 120))
      : '';

const summary = (body: Row) => {
  const results = body.results as { status: string }[];
  const ok = results.filter((x) => x.status === 'success').length;
  return ok === 0 ? 'none' : ok === results.length ? 'all' : 'some';
};

export async function books(r: Real): Promise<BooksReport> {
  const report = await timed(r, 'check', () => checkBooks(r.w.t.db));
  r.clawBack = report.to_claw_back.map((c) => c.booking_id);
  if (!report.ok || report.violations.length) fail(r, 'checkBooks found violations', report);
  return report;
}
