/**
 * The maintained counts (booking-counts.ts, drizzle/0021) are `count(*)` of the bookings per status,
 * match status and supplier after every kind of write, before and after the fold, under concurrent
 * writers and folds; the list answers its total from them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { insertBooking, insertSupplier } from '../../test/factories';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { compactBookingCounts, countBookings } from './booking-counts';

let t: TestApp;
let admin: TestClient;
let agentId: number;
let suppliers: number[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn('admin');
  agentId = (await t.signedIn('agent')).agentId!;
  suppliers = [
    await insertSupplier(t.db, { name: 'Sunwing', currency: 'CAD' }),
    await insertSupplier(t.db, { name: 'Transat', currency: 'CAD' }),
  ];
});

type Group = { status: string; match: string | null; supplier_id: number; n: number };
const byGroup = (rows: Group[]) =>
  [...rows].sort((a, b) =>
    `${a.status}${a.match}${a.supplier_id}`.localeCompare(`${b.status}${b.match}${b.supplier_id}`),
  );

/** The counts' groups (zero sums left out) and the bookings' own, in one snapshot each. */
async function groups() {
  const counted = await t.q<Group>(`
    select status, transaction_match_status as match, supplier_id, sum(n)::int as n from booking_counts
     group by 1, 2, 3 having sum(n) <> 0`);
  const actual = await t.q<Group>(`
    select status, transaction_match_status as match, supplier_id, count(*)::int as n from bookings group by 1, 2, 3`);
  return { counted: byGroup(counted), actual: byGroup(actual) };
}

/** Equal before the fold, and after it, with one row per group left. */
async function checked() {
  const before = await groups();
  expect(before.counted).toEqual(before.actual);
  await compactBookingCounts(t.db);
  const after = await groups();
  expect(after.counted).toEqual(after.actual);
  expect(await t.count('booking_counts')).toBe(after.actual.length);
  return after.actual;
}

const book = (supplier: number, over: Record<string, unknown> = {}) =>
  insertBooking(t.db, { primary_agent_id: agentId, supplier_id: supplier, booking_amount: '100.00', ...over });

describe('booking_counts', () => {
  it('follows inserts, status, match status and supplier changes and deletions; the list reads them', async () => {
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await book(suppliers[i % 2]!, { transaction_match_status: 'no_transaction' }));
    expect((await checked()).reduce((n, g) => n + g.n, 0)).toBe(6);
    await t.q(`update bookings set status = 'confirmed' where id = any($1)`, [ids.slice(0, 3)]);
    await t.q(`update bookings set transaction_match_status = 'match' where id = $1`, [ids[0]]);
    await t.q(`update bookings set supplier_id = $2 where id = $1`, [ids[1], suppliers[0]]);
    await t.q(`update bookings set customer_name = 'Renamed' where id = $1`, [ids[2]]); // no delta
    await t.q(`delete from bookings where id = $1`, [ids[5]]);
    const now = await checked();
    expect(now).toContainEqual({ status: 'confirmed', match: 'match', supplier_id: suppliers[0], n: 1 });
    expect(now.reduce((n, g) => n + g.n, 0)).toBe(5);

    // What the list says: the maintained counts for its filters, exact.
    const total = async (query: string) => {
      const res = await admin.get(`/bookings?per_page=10${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().total as number;
    };
    expect(await total('')).toBe(5);
    expect(await total(`&status=confirmed&supplier_id=${suppliers[0]}`)).toBe(3);
    expect(await total('&transaction_status=match')).toBe(1);
    expect(await countBookings(t.db, { status: 'pending', supplier_id: suppliers[1] })).toBe(1);

    // A rolled-back write leaves no delta.
    await t.db
      .transaction(async (tx) => {
        await tx.execute(`update bookings set status = 'cancelled'` as never);
        tx.rollback();
      })
      .catch(() => {});
    expect(await total('')).toBe(5);
    expect(await total('&status=cancelled')).toBe(0);
  });

  it('stays exact under concurrent writers and folds', async () => {
    const start = await checked();
    const inserts = Array.from({ length: 40 }, (_, i) => book(suppliers[i % 2]!, { status: 'confirmed' }));
    const folds = Array.from({ length: 5 }, () => compactBookingCounts(t.db));
    const ids = await Promise.all([...inserts, ...folds.map((f) => f.then(() => null))]);
    const made = ids.filter((x): x is number => typeof x === 'number');
    await Promise.all([
      t.q(`update bookings set status = 'pending' where id = any($1)`, [made.slice(0, 20)]),
      t.q(`delete from bookings where id = any($1)`, [made.slice(30)]),
      compactBookingCounts(t.db),
    ]);
    const end = await checked();
    expect(end.reduce((n, g) => n + g.n, 0)).toBe(start.reduce((n, g) => n + g.n, 0) + 30);
  });
});
