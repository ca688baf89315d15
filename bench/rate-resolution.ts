/**
 * Rate resolution through the HTTP API (issue 4 "Numbers"): `GET /commissions/rates` for random
 * (agent, supplier, date) on a throwaway embedded PostgreSQL with 500 agents, 100 suppliers,
 * 2,000 commission rules and 5,000 tier-history rows. Target: p50 < 2 ms.
 */
import { performance } from 'node:perf_hooks';
import { createDb, type Db } from '../apps/server/src/db/client';
import { createUser } from '../apps/server/src/features/users';
import { HttpClient, percentile } from './lib';
import type { BenchContext, BenchResult } from './run';
import { startBenchApp } from './app';

export const DATASET = {
  agents: 500,
  suppliers: 100,
  tiers: 20,
  agent_rules: 1_500,
  tier_rules: 500,
  tier_history: 5_000,
  sub_agent_links: 50,
};

/** Set-based seed: one statement per table. Deterministic (no random()). */
export async function seedRateResolution(db: Db): Promise<void> {
  const q = (text: string) => db.$client.query(text);
  const { agents, suppliers, tiers, agent_rules, tier_rules, sub_agent_links } = DATASET;
  const historyPerAgent = DATASET.tier_history / agents; // 10
  const agentRulesPerAgent = agent_rules / agents; // 3
  const tierRulesPerTier = tier_rules / tiers; // 25
  await q(`insert into commission_tiers (name) select 'Bench tier ' || i from generate_series(1, ${tiers}) i`);
  await q(`insert into suppliers (name, currency_id)
           select 'Bench supplier ' || lpad(i::text, 3, '0'), (select id from currencies order by id limit 1)
             from generate_series(1, ${suppliers}) i`);
  await q(`insert into users (name, email, password_hash, roles)
           select 'Bench agent ' || i, 'bench-agent-' || i || '@example.test', 'x', '{agent}'
             from generate_series(1, ${agents}) i`);
  await q(`insert into agents (user_id, fareconnect_number, commission_tier_id, commission_type, commission_percentage)
           select u.id, 'FC' || nextval('fareconnect_number_seq'),
                  (select id from commission_tiers order by id offset (u.id % ${tiers}) limit 1),
                  'percentage', (u.id % 40) + 0.25
             from users u where u.email like 'bench-agent-%'`);
  // Ten consecutive 180-day periods per agent, the last one open.
  await q(`insert into agent_tier_history (agent_id, commission_tier_id, start_date, end_date)
           select a.id, t.ids[1 + ((a.id + k) % ${tiers})],
                  date '2021-01-01' + k * 180, case when k = ${historyPerAgent - 1} then null else date '2021-01-01' + k * 180 + 179 end
             from agents a cross join generate_series(0, ${historyPerAgent - 1}) k
             cross join (select array_agg(id order by id) ids from commission_tiers) t`);
  // Agent rules: rule k of an agent covers the suppliers s with s % 3 = k and (s + agent) % 4 = 0 (disjoint).
  await q(`insert into commission_rules (commission_type, general_id, percentage)
           select 'agent', a.id, 5 + ((a.id * 7 + k) % 50) + 0.5 from agents a cross join generate_series(0, ${agentRulesPerAgent - 1}) k`);
  await q(`insert into commission_rule_suppliers (rule_id, supplier_id, commission_type, general_id)
           select r.id, s.id, 'agent', r.general_id
             from (select id, general_id, row_number() over (partition by general_id order by id) - 1 as k
                     from commission_rules where commission_type = 'agent') r
             join (select id, row_number() over (order by id) as n from suppliers) s
               on s.n % ${agentRulesPerAgent} = r.k and (s.n + r.general_id) % 4 = 0`);
  // Tier rules: rule k of a tier covers the suppliers s with s % 25 = k (disjoint).
  await q(`insert into commission_rules (commission_type, general_id, percentage)
           select 'tier', t.id, 2 + ((t.id * 3 + k) % 20) + 0.25 from commission_tiers t cross join generate_series(0, ${tierRulesPerTier - 1}) k`);
  await q(`insert into commission_rule_suppliers (rule_id, supplier_id, commission_type, general_id)
           select r.id, s.id, 'tier', r.general_id
             from (select id, general_id, row_number() over (partition by general_id order by id) - 1 as k
                     from commission_rules where commission_type = 'tier') r
             join (select id, row_number() over (order by id) as n from suppliers) s on s.n % ${tierRulesPerTier} = r.k`);
  // Sub-agents: the last 50 agents work under the first 50, with every 5th supplier.
  await q(`insert into sub_agent_links (parent_agent_id, sub_agent_id, split_percentage)
           select p.id, c.id, 60
             from (select id, row_number() over (order by id) n from agents) p
             join (select id, row_number() over (order by id desc) n from agents) c on c.n = p.n
            where p.n <= ${sub_agent_links}`);
  await q(`insert into sub_agent_link_suppliers (link_id, supplier_id)
           select l.id, s.id from sub_agent_links l join (select id, row_number() over (order by id) n from suppliers) s
             on s.n % 5 = 0`);
  await q('analyze');
}

export async function benchRateResolution(ctx: BenchContext): Promise<BenchResult> {
  const url = await ctx.createDatabase('bench_rates');
  const db = createDb(url, 10);
  const seedStart = performance.now();
  await seedRateResolution(db);
  const seedMs = performance.now() - seedStart;
  const password = 'bench password 1';
  await createUser(db, { email: 'bench-admin@example.test', name: 'Bench Admin', role: 'admin', password }, null);

  const { app, port } = await startBenchApp(db);
  try {
    const client = new HttpClient(port);
    const session = JSON.parse((await client.request('GET', '/api/session')).body) as { csrf_token: string };
    client.csrf = session.csrf_token;
    const login = await client.request('POST', '/login', { email: 'bench-admin@example.test', password });
    if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${login.body}`);

    const agentIds = (await db.$client.query<{ id: number }>('select id from agents order by id')).rows.map(
      (r) => r.id,
    );
    const supplierIds = (await db.$client.query<{ id: number }>('select id from suppliers order by id')).rows.map(
      (r) => r.id,
    );
    // Deterministic pseudo-random choices (mulberry32).
    let seed = 0x5eed;
    const rand = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
    const randomDate = () => {
      const d = new Date(Date.UTC(2021, 0, 1) + Math.floor(rand() * 6 * 365) * 86_400_000);
      return d.toISOString().slice(0, 10);
    };
    const path = () =>
      `/commissions/rates?agent_id=${pick(agentIds)}&supplier_id=${pick(supplierIds)}&date=${randomDate()}`;

    const one = async () => {
      const start = performance.now();
      const res = await client.request('GET', path());
      const ms = performance.now() - start;
      if (res.status !== 200) throw new Error(`GET /commissions/rates answered ${res.status}`);
      return ms;
    };
    for (let i = 0; i < ctx.warmup; i++) await one();
    const timings: number[] = [];
    for (let i = 0; i < ctx.requests; i++) timings.push(await one());
    client.close();
    timings.sort((a, b) => a - b);
    const round = (n: number) => Math.round(n * 1000) / 1000;
    const p50 = percentile(timings, 50);
    return {
      name: 'rate-resolution',
      description: 'GET /commissions/rates through HTTP (session, validation, facts, domain decision)',
      requests: timings.length,
      warmup: ctx.warmup,
      p50_ms: round(p50),
      p95_ms: round(percentile(timings, 95)),
      p99_ms: round(percentile(timings, 99)),
      mean_ms: round(timings.reduce((a, b) => a + b, 0) / timings.length),
      max_ms: round(timings.at(-1)!),
      target: 'p50 < 2 ms',
      passed: p50 < 2,
      dataset: { ...DATASET, seed_ms: Math.round(seedMs) },
    };
  } finally {
    await app.close();
    await db.$client.end();
  }
}
