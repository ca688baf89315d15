import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { hashPassword } from '../shared/password';
import { backfillMatchStatuses } from '../features/transactions';

export interface BenchSeedOptions {
  bookings: number;
  seed: number;
  agents?: number;
  suppliers?: number;
  log?: (msg: string) => void;
}

export const BENCH_PASSWORD = 'bench-password';
export const BENCH_ADMIN_EMAIL = 'bench.admin@example.com';

/**
 * A deterministic large dataset for benchmarks (CONTRACT.md §1 `bench:seed`): the same options give
 * the same rows. Everything is set-based SQL (generate_series), in batches, so a million bookings
 * with their commission lines load in minutes. Refuses a database that already has bench data.
 */
export async function benchSeed(db: Db, opts: BenchSeedOptions) {
  const log = opts.log ?? (() => {});
  const nAgents = opts.agents ?? 500;
  const nSuppliers = opts.suppliers ?? 100;
  const seed = opts.seed;
  if (!Number.isSafeInteger(seed)) throw new Error(`The seed must be an integer, not ${seed}.`);
  const started = Date.now();
  const { rows: existing } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from users where email = ${BENCH_ADMIN_EMAIL}`,
  );
  if ((existing[0]?.n ?? 0) > 0) throw new Error('This database already has bench data: seed into an empty database.');

  const hash = await hashPassword(BENCH_PASSWORD);
  // h(i, k): a deterministic pseudo-random integer in [0, 2^31 - 1) for row i and column k.
  // sql.raw, constant: `i` is a column name of these statements and the numbers come from integers (checked below).
  const h = (i: string, k: number) =>
    sql.raw(`(((${i})::bigint * 2654435761 + ${seed * 7919 + k * 40503}) % 2147483647)`);

  await db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into users (name, email, password_hash, roles) values ('Bench Admin', ${BENCH_ADMIN_EMAIL}, ${hash}, '{admin}')`,
    );
    await tx.execute(sql`insert into commission_tiers (name, description)
      select 'Bench Tier ' || t, 'bench' from generate_series(1, 3) t on conflict do nothing`);
    await tx.execute(sql`insert into suppliers (name, currency_id, booking_number_format)
      select 'Bench Supplier ' || lpad(s::text, 3, '0'),
             (select id from currencies where code = (array['CAD','GBP','USD'])[1 + s % 3]),
             null
        from generate_series(1, ${nSuppliers}) s`);
    await tx.execute(sql`
      with u as (
        insert into users (name, email, password_hash, roles)
        select 'Bench Agent ' || lpad(a::text, 4, '0'), 'bench.agent' || a || '@example.com', ${hash}, '{agent}'
          from generate_series(1, ${nAgents}) a
        returning id, email
      )
      insert into agents (user_id, fareconnect_number, commission_tier_id, commission_type, commission_percentage, has_gst)
      select u.id, 'FCB' || lpad(substring(u.email from 'bench.agent(\\d+)@'), 6, '0'),
             (select id from commission_tiers where name = 'Bench Tier ' || (1 + (substring(u.email from 'bench.agent(\\d+)@')::int % 3))),
             'percentage', 50, (substring(u.email from 'bench.agent(\\d+)@')::int % 5 = 0)
        from u`);
    // One tier rule per tier covering every bench supplier; agent rules for every tenth agent on a third of the suppliers.
    await tx.execute(sql`
      with r as (
        insert into commission_rules (commission_type, general_id, percentage)
        select 'tier', t.id, 10 + (row_number() over (order by t.id)) * 5 from commission_tiers t where t.name like 'Bench Tier %'
        returning id, general_id
      )
      insert into commission_rule_suppliers (rule_id, supplier_id, commission_type, general_id)
      select r.id, s.id, 'tier', r.general_id from r cross join suppliers s where s.name like 'Bench Supplier %'`);
    await tx.execute(sql`
      with r as (
        insert into commission_rules (commission_type, general_id, percentage)
        select 'agent', a.id, 25 + (a.id % 40) from agents a join users u on u.id = a.user_id
         where u.email like 'bench.agent%' and a.id % 10 = 0
        returning id, general_id
      )
      insert into commission_rule_suppliers (rule_id, supplier_id, commission_type, general_id)
      select r.id, s.id, 'agent', r.general_id from r cross join suppliers s
       where s.name like 'Bench Supplier %' and s.id % 3 = 0`);
  });
  log(`reference rows in ${Date.now() - started} ms`);

  // Lookup tables for the generator: agent and supplier by ordinal, the rate each (agent, supplier) gets.
  await db.execute(sql`drop table if exists bench_agents, bench_suppliers`);
  await db.execute(sql`create unlogged table bench_agents as
    select row_number() over (order by a.id) as n, a.id, a.commission_tier_id, a.has_gst from agents a join users u on u.id = a.user_id where u.email like 'bench.agent%'`);
  await db.execute(sql`create unlogged table bench_suppliers as
    select row_number() over (order by s.id) as n, s.id from suppliers s where s.name like 'Bench Supplier %'`);

  // Trigram indexes are rebuilt once at the end: maintaining them row by row is most of the load time.
  await db.execute(sql`drop index if exists bookings_reference_trgm_idx, bookings_customer_trgm_idx`);
  const batch = 100_000;
  try {
    for (let from = 1; from <= opts.bookings; from += batch) {
      const to = Math.min(opts.bookings, from + batch - 1);
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          with g as (
            select i,
                   ${h('i', 1)} as h1, ${h('i', 2)} as h2, ${h('i', 3)} as h3, ${h('i', 4)} as h4, ${h('i', 5)} as h5, ${h('i', 6)} as h6
              from generate_series(${from}::int, ${to}::int) i
          ), rows as (
            select g.i, a.id as agent_id, a.has_gst, s.id as supplier_id,
                   date '2023-01-01' + (g.h3 % 1400)::int as booking_date,
                   round(((g.h4 % 400000) + 500)::numeric / 100, 2) * (case when g.h5 % 50 = 0 then -1 else 1 end) as amount,
                   -- No partial or completed booking without the payouts that make them so (DOMAIN.md "Money
                   -- invariants" 1: those statuses come only from payouts; the database refuses them otherwise).
                   (array['pending','confirmed','confirmed','confirmed','pending','cancelled'])[1 + g.h6 % 6] as status,
                   -- Surnames built from syllables (about 8,000 of them) and 40 first names: a realistic spread for search.
                   initcap((array['tre','bla','mar','ro','ga','gnon','le','wil','bro','sin','chen','gar','tay','lor','fon','du','bois','la','pel','vin'])[1 + g.h4 % 20]
                     || (array['mb','r','n','ss','l','t','d','v','s','c','nd','rr','k','g','p','m','st','ch','rd','x'])[1 + (g.h4 / 20) % 20]
                     || (array['ay','on','ier','eau','is','in','ard','ot','ette','er','and','ain','el','ie','um','ez','ski','son','ley','ault'])[1 + (g.h4 / 400) % 20])
                     || ', ' || (array['Olivia','Liam','Emma','Noah','Amelia','Lucas','Mia','Leo','Zoe','Ethan','Chloe','Nathan','Alice','Felix','Rose','Hugo',
                                       'Lea','Jacob','Maya','Owen','Clara','Sami','Ines','Adam','Lily','Eli','Nora','Theo','Ava','Jules','Ella','Omar',
                                       'Sofia','Raphael','Ivy','Louis','Anna','Samuel','Laura','Victor'])[1 + (g.h2 / 100) % 40] as customer,
                   coalesce(ar.percentage, tr.percentage, 0) as pct,
                   case when ar.percentage is not null then 'agent_rule' when tr.percentage is not null then 'tier_rule' else 'none' end as source
              from g
              join bench_agents a on a.n = 1 + g.h1 % ${nAgents}
              join bench_suppliers s on s.n = 1 + g.h2 % ${nSuppliers}
              left join commission_rule_suppliers ars on ars.commission_type = 'agent' and ars.general_id = a.id and ars.supplier_id = s.id
              left join commission_rules ar on ar.id = ars.rule_id
              left join commission_rule_suppliers trs on trs.commission_type = 'tier' and trs.general_id = a.commission_tier_id and trs.supplier_id = s.id
              left join commission_rules tr on tr.id = trs.rule_id
          ), ins as (
            insert into bookings (booking_reference, customer_name, booking_date, booking_amount, expected_commission,
                                  commission_percentage, rate_source, status, primary_agent_id, supplier_id, paid_amount, is_personal)
            select 'BK' || lpad(i::text, 9, '0'), customer, booking_date, amount, round(amount * pct / 100, 2), pct, source, status,
                   agent_id, supplier_id, 0, i % 20 = 0
              from rows
            returning id, primary_agent_id, expected_commission, status, commission_percentage
          )
          insert into actual_commissions (booking_id, agent_id, role, percentage, amount, gst_amount, total_with_gst, paid_amount, status)
          select ins.id, ins.primary_agent_id, 'primary', ins.commission_percentage, ins.expected_commission,
                 case when a.has_gst then round(ins.expected_commission * gst.rate / 100, 2) else 0 end,
                 ins.expected_commission + case when a.has_gst then round(ins.expected_commission * gst.rate / 100, 2) else 0 end,
                 0,
                 case ins.status when 'pending' then 'pending' when 'cancelled' then 'cancelled' else 'confirmed' end
            -- The bookings inserted by this statement are not visible to it: everything comes from ins.
            from ins join agents a on a.id = ins.primary_agent_id
            cross join (select value::numeric as rate from settings where key = 'gst_rate') gst`);
      });
      log(
        `bookings ${to.toLocaleString('en-GB')} / ${opts.bookings.toLocaleString('en-GB')} (${Math.round((Date.now() - started) / 1000)} s)`,
      );
    }
    // The suppliers' payments: one account per supplier and a completed credit for every booking with a
    // positive amount, so matching runs against a table of the same size as the bookings. One in ten is
    // a partial payment of half, one in 25 is a dollar short and one in 40 was paid twice, so every
    // match status of DOMAIN.md is there for the list filter (refunds have no payment).
    await db.execute(sql`drop index if exists transactions_reference_trgm_idx`);
    await db.execute(sql`
      insert into accounts (name, account_number, accountable_type, accountable_id, currency_id)
      select s.name || ' commissions', 'BENCH-' || s.id, 'supplier', s.id, s.currency_id from suppliers s where s.name like 'Bench Supplier %'`);
    const { rows: range } = await db.execute<{ lo: number; hi: number }>(
      sql`select min(id) as lo, max(id) as hi from bookings where booking_reference like 'BK%'`,
    );
    for (let from = range[0]!.lo; from <= range[0]!.hi; from += batch) {
      await db.execute(sql`
        insert into transactions (account_id, transaction_type, currency_id, amount, reference_number, status, is_partial, transaction_date)
        select a.id, 'credit', a.currency_id,
               case when b.id % 10 = 0 then round(b.booking_amount / 2, 2)
                    when b.id % 25 = 3 then b.booking_amount - 1
                    else b.booking_amount end,
               b.booking_reference, 'completed', b.id % 10 = 0, b.booking_date + 30 + n.k
          from bookings b join accounts a on a.accountable_type = 'supplier' and a.accountable_id = b.supplier_id
          join (values (0), (1)) n(k) on n.k = 0 or b.id % 40 = 7
         where b.id between ${from} and ${from + batch - 1} and b.booking_amount > 0 and b.booking_reference like 'BK%'`);
      log(
        `transactions for bookings up to id ${Math.min(from + batch - 1, range[0]!.hi).toLocaleString('en-GB')} (${Math.round((Date.now() - started) / 1000)} s)`,
      );
    }
    // Credits nobody booked (DOMAIN.md "unmatched credit transaction", the claims table): one for every
    // hundredth booking, on the same supplier's account, with a reference no booking has.
    await db.execute(sql`
      insert into transactions (account_id, transaction_type, currency_id, amount, reference_number, status, transaction_date)
      select a.id, 'credit', a.currency_id, round(((b.id::bigint * 7919) % 50000 + 500)::numeric / 100, 2),
             'UC' || lpad(b.id::text, 9, '0'), 'completed', b.booking_date + 45
        from bookings b join accounts a on a.accountable_type = 'supplier' and a.accountable_id = b.supplier_id
       where b.id % 100 = 37 and b.booking_reference like 'BK%'`);
    log(`unmatched credits (${Math.round((Date.now() - started) / 1000)} s)`);
    // The stored match status (bookings list filter), computed by the domain rule like every other
    // write, before the trigram indexes come back (each update touches every index of the row).
    await db.execute(sql`analyze bookings, transactions, accounts`);
    const computed = await backfillMatchStatuses(db);
    // Setting a million statuses leaves the indexes of bookings two to three times their size (the
    // status index 89 MB instead of 31 MB at 1M rows): compact them as a table grown row by row would
    // be, or counting the largest status (four in five bookings) reads three times the pages.
    await db.execute(sql`vacuum full bookings`);
    log(
      `match status of ${computed.toLocaleString('en-GB')} bookings (${Math.round((Date.now() - started) / 1000)} s)`,
    );
  } finally {
    await db.execute(
      sql`create index if not exists transactions_reference_trgm_idx on transactions using gin (reference_number gin_trgm_ops)`,
    );
    await db.execute(
      sql`create index if not exists bookings_reference_trgm_idx on bookings using gin (booking_reference gin_trgm_ops)`,
    );
    await db.execute(
      sql`create index if not exists bookings_customer_trgm_idx on bookings using gin (customer_name gin_trgm_ops)`,
    );
    await db.execute(sql`drop table if exists bench_agents, bench_suppliers`);
  }
  // Fresh statistics and visibility map, as autovacuum would leave a table in steady use.
  await db.execute(sql`vacuum analyze bookings, actual_commissions, transactions`);
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  log(`done in ${seconds} s`);
  return {
    status: 'success',
    bookings: opts.bookings,
    agents: nAgents,
    suppliers: nSuppliers,
    seed,
    seconds,
    admin: { email: BENCH_ADMIN_EMAIL, password: BENCH_PASSWORD },
  };
}
