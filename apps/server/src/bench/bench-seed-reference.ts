/**
 * Step 1 of the bench seed: the reference rows (admin, tiers, suppliers, agents with their sub-agent
 * links, commission rules, supplier and agent accounts) and the lookup tables the generator draws from:
 * suppliers and agents by popularity slot (Zipf-like), each (agent, supplier) pair's rate.
 */
import type { DbOrTx } from '../db/client';
import { run, type SeedContext } from './bench-seed-sql';

/** Slots of the popularity arrays: an ordinal gets at least one and about its share of the rest. */
const SLOTS = 65536;
/** Zipf exponents: the top 10 of 100 suppliers carry about 60% of the bookings, the top 10% of agents about half. */
const SUPPLIER_SKEW = '1.05';
const AGENT_SKEW = '0.8';
/** One agent in 20 is a sub-agent (no tier, no rate of their own), booking through the agent before them. */
export const SUB_AGENT_EVERY = 20;

export async function seedReference(tx: DbOrTx, c: SeedContext, passwordHash: string, adminEmail: string) {
  const hash = passwordHash.replace(/'/g, "''");
  await run(
    tx,
    `insert into users (name, email, password_hash, roles) values ('Bench Admin', '${adminEmail}', '${hash}', '{admin}')`,
  );
  await run(
    tx,
    `insert into commission_tiers (name, description)
    select 'Bench Tier ' || t, 'bench' from generate_series(1, 3) t on conflict do nothing`,
  );
  await run(
    tx,
    `insert into suppliers (name, currency_id, booking_number_format)
    select 'Bench Supplier ' || lpad(s::text, 3, '0'),
           (select id from currencies where code = (array['CAD','USD','GBP'])[1 + (s - 1) % 3]), null
      from generate_series(1, ${c.suppliers}) s`,
  );
  await seedAgents(tx, c, hash);
  await seedRules(tx);
  await run(
    tx,
    `insert into accounts (name, account_number, accountable_type, accountable_id, currency_id)
    select s.name || ' commissions', 'BENCH-' || s.id, 'supplier', s.id, s.currency_id
      from suppliers s where s.name like 'Bench Supplier %' order by s.id`,
  );
  // Every agent has an account in each currency, so no payout is refused for want of one.
  await run(
    tx,
    `insert into accounts (name, account_number, accountable_type, accountable_id, currency_id)
    select u.name || ' ' || cur.code, 'BENCH-A' || a.id || cur.code, 'agent', a.id, cur.id
      from agents a join users u on u.id = a.user_id
      cross join currencies cur
     where u.email like 'bench.agent%' and cur.code in ('CAD', 'USD', 'GBP')
     order by a.id, cur.id`,
  );
}

async function seedAgents(tx: DbOrTx, c: SeedContext, hash: string) {
  await run(
    tx,
    `with u as (
       insert into users (name, email, password_hash, roles)
       select 'Bench Agent ' || lpad(a::text, 4, '0'), 'bench.agent' || a || '@example.com', '${hash}', '{agent}'
         from generate_series(1, ${c.agents}) a
       returning id, substring(email from 'bench.agent(\\d+)@')::int as n
     )
     insert into agents (user_id, fareconnect_number, commission_tier_id, commission_type, commission_percentage, has_gst, joined_on)
     select u.id, 'FCB' || lpad(u.n::text, 6, '0'),
            case when u.n % ${SUB_AGENT_EVERY} <> 0
                 then (select id from commission_tiers where name = 'Bench Tier ' || (1 + u.n % 3)) end,
            'percentage', case when u.n % ${SUB_AGENT_EVERY} <> 0 then 50 end, u.n % 5 = 0,
            date '2020-01-01' + u.n
       from u order by u.n`,
  );
  await run(
    tx,
    `with l as (
       insert into sub_agent_links (parent_agent_id, sub_agent_id, split_percentage)
       select p.id, s.id, (array[30, 40, 50, 60])[1 + (n / ${SUB_AGENT_EVERY}) % 4]
         from generate_series(${SUB_AGENT_EVERY}, ${c.agents}, ${SUB_AGENT_EVERY}) n
         join agents s on s.fareconnect_number = 'FCB' || lpad(n::text, 6, '0')
         join agents p on p.fareconnect_number = 'FCB' || lpad((n - 1)::text, 6, '0')
       returning id
     )
     insert into sub_agent_link_suppliers (link_id, supplier_id)
     select l.id, s.id from l cross join suppliers s where s.name like 'Bench Supplier %'`,
  );
}

/** One tier rule per tier on every bench supplier; agent rules for one agent in ten on a third of the suppliers. */
async function seedRules(tx: DbOrTx) {
  await run(
    tx,
    `
    with r as (
      insert into commission_rules (commission_type, general_id, percentage)
      select 'tier', t.id, 10 + (row_number() over (order by t.id)) * 5 from commission_tiers t where t.name like 'Bench Tier %'
      returning id, general_id
    )
    insert into commission_rule_suppliers (rule_id, supplier_id, commission_type, general_id)
    select r.id, s.id, 'tier', r.general_id from r cross join suppliers s where s.name like 'Bench Supplier %'`,
  );
  await run(
    tx,
    `
    with r as (
      insert into commission_rules (commission_type, general_id, percentage)
      select 'agent', a.id, 25 + (a.id % 40) from agents a
       where a.fareconnect_number like 'FCB%' and substring(a.fareconnect_number from 4)::int % 10 = 3
      returning id, general_id
    )
    insert into commission_rule_suppliers (rule_id, supplier_id, commission_type, general_id)
    select r.id, s.id, 'agent', r.general_id from r cross join suppliers s
     where s.name like 'Bench Supplier %' and substring(s.name from 16)::int % 3 = 0`,
  );
}

/**
 * The generator's lookup tables (unlogged, dropped at the end): suppliers and agents by ordinal (the
 * ordinal is the popularity rank), their popularity slots, the sub-agent links, and the rate each agent
 * gets from each supplier by the engine's steps 1–2 (agent rule, else the tier's rule).
 */
export async function createLookups(db: DbOrTx, c: SeedContext) {
  await dropLookups(db);
  await run(
    db,
    `create unlogged table bench_suppliers as
    select substring(s.name from 16)::int as n, s.id, s.currency_id, a.id as account_id,
           substring(s.name from 16)::int % 4 as fmt,
           chr(65 + (s.id * 7) % 26) || chr(65 + (s.id * 11 + 3) % 26) || chr(65 + (s.id * 5 + 1) % 26) as prefix
      from suppliers s join accounts a on a.accountable_type = 'supplier' and a.accountable_id = s.id
     where s.name like 'Bench Supplier %'`,
  );
  await run(
    db,
    `create unlogged table bench_agents as
    select substring(a.fareconnect_number from 4)::int as n, a.id, a.user_id, a.has_gst
      from agents a where a.fareconnect_number like 'FCB%'`,
  );
  await run(
    db,
    `create unlogged table bench_links as
    select s.n as sub_n, p.n as parent_n, l.split_percentage as split
      from sub_agent_links l join bench_agents s on s.id = l.sub_agent_id join bench_agents p on p.id = l.parent_agent_id`,
  );
  await run(
    db,
    `create unlogged table bench_rates as
    select a.n as an, s.n as sn,
           coalesce(ar.percentage, tr.percentage, 0) as r,
           case when ar.percentage is not null then 'agent_rule' when tr.percentage is not null then 'tier_rule' else 'none' end as source
      from bench_agents a join agents ag on ag.id = a.id cross join bench_suppliers s
      left join commission_rule_suppliers ars on ars.commission_type = 'agent' and ars.general_id = a.id and ars.supplier_id = s.id
      left join commission_rules ar on ar.id = ars.rule_id
      left join commission_rule_suppliers trs on trs.commission_type = 'tier' and trs.general_id = ag.commission_tier_id and trs.supplier_id = s.id
      left join commission_rules tr on tr.id = trs.rule_id`,
  );
  await run(
    db,
    `create unlogged table bench_agent_accounts as
    select a.accountable_id as agent_id, a.currency_id, a.id as account_id
      from accounts a join bench_agents b on b.id = a.accountable_id where a.accountable_type = 'agent'`,
  );
  await run(
    db,
    `create unlogged table bench_slots as
    select s.j, s.k as s, a.k as a from ${slots(c.suppliers, SUPPLIER_SKEW)} s join ${slots(c.agents, AGENT_SKEW)} a using (j)`,
  );
  for (const [table, key] of [
    ['bench_suppliers', 'n'],
    ['bench_agents', 'n'],
    ['bench_links', 'sub_n'],
    ['bench_rates', 'an, sn'],
    ['bench_agent_accounts', 'agent_id, currency_id'],
    ['bench_slots', 'j'],
  ])
    await run(db, `alter table ${table} add primary key (${key}); analyze ${table}`);
}

/**
 * Slots 0..SLOTS − 1 of the ordinals 1..n (slot j, ordinal k), ordinal k holding 1 + floor((SLOTS − n) × its
 * Zipf share) of them (weights k^−skew, in numeric: the same slots on every platform).
 */
function slots(n: number, skew: string): string {
  return `(select j, k from (
      select k, hi, coalesce(lag(hi) over (order by k), 0) as lo
        from (select k, k + floor((${SLOTS} - ${n}) * sum(w) over (order by k) / sum(w) over ())::int as hi
                from (select k, power(k::numeric, -${skew}::numeric) as w from generate_series(1, ${n}) k) w) c
    ) r cross join lateral generate_series(r.lo, r.hi - 1) j)`;
}

export async function dropLookups(db: DbOrTx) {
  await run(
    db,
    'drop table if exists bench_suppliers, bench_agents, bench_links, bench_rates, bench_agent_accounts, bench_slots, bench_plan',
  );
}
