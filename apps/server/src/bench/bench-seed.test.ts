/**
 * The bench seed (CONTRACT.md §1 `bench:seed`) at small scale, on throwaway databases: deterministic by
 * its seed, skewed like an agency without strips, with every shape the lists and reports need, and its
 * books balanced (`checkBooks`); the stored match statuses and `matches_booking` are what the app's
 * matching computes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { todayUtc } from '../clock';
import type { Db } from '../db/client';
import { checkBooks } from '../features/books';
import { findTransactionStatuses } from '../features/transactions';
import { createTestDatabase } from '../test/test-app';
import { benchSeed } from './bench-seed';

const BOOKINGS = 3000;
// Batches of 1,000: the steps that load side by side run three batches on two connections.
const OPTIONS = { bookings: BOOKINGS, agents: 60, suppliers: 12, batch: 1000 };

/** One string per table's rows, in id order, hashed: equal fingerprints mean equal rows. */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const { rows } = await db.$client.query<Record<string, string>>(`select
    (select md5(string_agg(concat_ws('|', booking_reference, customer_name, booking_date, booking_amount, status,
        primary_agent_id, sub_agent_id, supplier_id, paid_amount, transaction_match_status), ',' order by id)) from bookings) as bookings,
    (select md5(string_agg(concat_ws('|', account_id, transaction_type, amount, reference_number, status, transaction_date),
        ',' order by id)) from transactions) as transactions,
    (select md5(string_agg(concat_ws('|', payout_id, booking_id, agent_id, gross_portion, commission, gst), ',' order by id))
       from payout_items) as items`);
  return rows[0]!;
}

const one = async <T>(db: Db, text: string): Promise<T> => (await db.$client.query(text)).rows[0] as T;

let a: Db;
let seedA: Awaited<ReturnType<typeof benchSeed>>;

beforeAll(async () => {
  a = (await createTestDatabase()).db;
  seedA = await benchSeed(a, { ...OPTIONS, seed: 7, today: todayUtc() });
}, 60_000);

describe('bench:seed', () => {
  it('gives the same rows for the same seed and other rows for another seed', async () => {
    const b = (await createTestDatabase()).db;
    const c = (await createTestDatabase()).db;
    await benchSeed(b, { ...OPTIONS, seed: 7, today: seedA.anchor });
    await benchSeed(c, { ...OPTIONS, seed: 8, today: seedA.anchor });
    const [fa, fb, fc] = [await fingerprint(a), await fingerprint(b), await fingerprint(c)];
    expect(fb).toEqual(fa);
    expect(fc.bookings).not.toBe(fa.bookings);
    expect(fc.transactions).not.toBe(fa.transactions);
    await expect(benchSeed(b, { ...OPTIONS, seed: 7 })).rejects.toThrow(/already has bench data/);
  }, 60_000);

  it('leaves the schema as the migrations made it: every index, foreign key and trigger back and on', async () => {
    const fresh = (await createTestDatabase()).db;
    const schema = async (db: Db) =>
      (
        await db.$client.query<{ what: string }>(
          `select 'index ' || indexdef as what from pg_indexes where schemaname = 'public'
           union all
           select 'constraint ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid)
                  || case when convalidated then '' else ' (not validated)' end
             from pg_constraint where connamespace = 'public'::regnamespace
           union all
           select 'trigger ' || tgrelid::regclass || ' ' || tgname || ' ' || tgenabled::text
             from pg_trigger where not tgisinternal
           order by 1`,
        )
      ).rows.map((r) => r.what);
    const expected = await schema(fresh);
    expect(expected.filter((w) => w.includes('FOREIGN KEY')).length).toBeGreaterThan(30);
    expect(await schema(a)).toEqual(expected);
  });

  it('leaves every booking day and payout day dirty, for the background refresh to compute', async () => {
    const missing = await one<{ n: number; payout_days: number }>(
      a,
      `select count(*)::int as n, (select count(distinct payout_date)::int from payouts) as payout_days
         from (select booking_date as day from bookings union select payout_date from payouts) b
        where not exists (select 1 from report_dirty_days d where d.day = b.day)`,
    );
    expect(missing).toEqual({ n: 0, payout_days: expect.any(Number) });
    expect(missing.payout_days).toBeGreaterThan(1);
  });

  it('balances the books: no violation of the six money invariants', async () => {
    const report = await checkBooks(a);
    expect(report.violations.slice(0, 5)).toEqual([]);
    expect(report.to_claw_back).toEqual([]);
    expect(report.checked.bookings).toBe(BOOKINGS);
  });

  it('stores the match status and matches_booking the app computes', async () => {
    const { rows } = await a.$client.query<{ id: number; s: string; net: string }>(
      'select id, transaction_match_status as s, transaction_net::text as net from bookings order by id',
    );
    const computed = await findTransactionStatuses(
      a,
      rows.map((r) => r.id),
    );
    expect(rows.filter((r) => computed.get(r.id)?.status !== r.s)).toEqual([]);
    // The net received, stored beside the status (overdue commissions read it).
    expect(rows.filter((r) => computed.get(r.id)?.net_amount !== Number(r.net))).toEqual([]);
    const wrong = await one<{ n: number }>(
      a,
      `select count(*)::int as n from transactions
        where matches_booking <> transaction_matches_booking(account_id, reference_number)`,
    );
    expect(wrong.n).toBe(0);
  });

  it('is skewed like an agency: a few suppliers and agents carry most bookings', async () => {
    const s = await one<{ top3: number; top10pct: number; suppliers: number }>(
      a,
      `with s as (select supplier_id, count(*) as n from bookings group by 1),
            g as (select primary_agent_id, count(*) as n from bookings where not is_sub_agent group by 1)
       select (select sum(n) from (select n from s order by n desc limit 3) t)::float / ${BOOKINGS} as top3,
              (select sum(n) from (select n from g order by n desc limit 6) t)::float / (select sum(n) from g) as top10pct,
              (select count(*)::int from s) as suppliers`,
    );
    // Zipf 1.05 over 12 suppliers: the top 3 carry about 55%; the top 10% of 60 agents about 40%.
    expect(s.suppliers).toBe(12);
    expect(s.top3).toBeGreaterThan(0.45);
    expect(s.top3).toBeLessThan(0.65);
    expect(s.top10pct).toBeGreaterThan(0.3);
    expect(s.top10pct).toBeLessThan(0.55);
  });

  it('has no strips: every mid supplier has bookings in most months of the last year', async () => {
    const { rows } = await a.$client.query<{ supplier: number; months: number }>(
      `with ranked as (select supplier_id, rank() over (order by count(*) desc) as r from bookings group by 1)
       select r.r as supplier, count(distinct date_trunc('month', b.booking_date))::int as months
         from ranked r left join bookings b on b.supplier_id = r.supplier_id
              and b.booking_date > date '${seedA.anchor}' - 365 and b.booking_date <= date '${seedA.anchor}'
        where r.r between 4 and 8 group by r.r order by r.r`,
    );
    expect(rows).toHaveLength(5);
    for (const r of rows) expect(r.months, `supplier ranked ${r.supplier}`).toBeGreaterThanOrEqual(10);
  });

  it('has the shapes the lists and reports need, in sensible proportions', async () => {
    const s = await one<Record<string, number>>(
      a,
      `select count(*) filter (where is_sub_agent)::int as sub_agent, count(*) filter (where booking_group_id is not null)::int as grouped,
              count(*) filter (where status = 'cancelled')::int as cancelled, count(*) filter (where status = 'partial')::int as partial,
              count(*) filter (where status = 'completed')::int as completed, count(*) filter (where booking_amount < 0)::int as refunds,
              count(*) filter (where booking_date > date '${seedA.anchor}')::int as future,
              (select count(*)::int from payouts) as payouts,
              (select count(*)::int from claim_requests where status = 'pending') as claims_pending,
              (select count(*)::int from claim_requests where status = 'rejected') as claims_rejected,
              (select count(*)::int from claim_requests where status = 'approved') as claims_approved,
              (select count(*)::int from transactions where status = 'completed' and transaction_type = 'credit'
                 and not matches_booking and payout_id is null) as unmatched,
              (select count(*)::int from transactions t where t.payout_id is null and not t.matches_booking
                 and t.reference_number ~ '[- ]' and t.reference_number !~ '^[A-Z]{3}-[0-9]{8}$') as noisy,
              (select count(*)::int from transactions where reference_number <> upper(btrim(reference_number))) as absorbed_noise
         from bookings`,
    );
    const share = (n: number) => n / BOOKINGS;
    expect(share(s.sub_agent!)).toBeGreaterThan(0.01);
    expect(share(s.sub_agent!)).toBeLessThan(0.12);
    expect(share(s.grouped!)).toBeGreaterThan(0.01);
    expect(share(s.grouped!)).toBeLessThan(0.06);
    expect(share(s.cancelled!)).toBeGreaterThan(0.03);
    expect(share(s.refunds!)).toBeGreaterThan(0.01);
    expect(share(s.refunds!)).toBeLessThan(0.04);
    expect(share(s.completed!)).toBeGreaterThan(0.4);
    expect(s.partial).toBeGreaterThan(20);
    expect(s.future).toBeGreaterThan(10);
    expect(s.payouts).toBeGreaterThan(50);
    for (const k of ['claims_pending', 'claims_rejected', 'claims_approved', 'noisy', 'absorbed_noise'])
      expect(s[k], k).toBeGreaterThan(0);
    expect(share(s.unmatched!)).toBeGreaterThan(0.02);
    expect(share(s.unmatched!)).toBeLessThan(0.1);
  });
});
