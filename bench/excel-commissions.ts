/**
 * excel-commissions (issue 14): `POST /api/reports/excel` with `report_type: 'commissions'` over 50,000
 * payout items (BENCH_EXCEL_LINES), ~200 agents (so ~200 agent sheets), CAD/GBP/USD. The server runs as its
 * own process (`main.ts`, as `npm start` runs it) on the bench database, so its resident memory is the
 * server's alone: VmRSS is sampled every 20 ms from before the request until the last byte has arrived.
 * Targets: every run ≤ 10 s, peak RSS ≤ 300 MB. The file is read back (SheetJS) to check it holds every line.
 * BENCH_SERVER_NODE_OPTIONS passes flags to the server process (its results are named after them).
 *
 * Data: the bench seed's bookings, commission lines and payouts (about 80% of the items), the rest of the
 * items paying unpaid lines by SQL (one payout per booking date and currency, one item per line, the line's
 * own amounts), so the items look as payouts write them.
 */
import * as XLSX from '@e965/xlsx';
import { performance } from 'node:perf_hooks';
import { createDb } from '../apps/server/src/db/client';
import { BENCH_ADMIN_EMAIL, BENCH_PASSWORD, benchSeed } from '../apps/server/src/bench/bench-seed';
import { HttpClient, residentBytes, startServerProcess } from '../apps/server/src/test/server-process';
import { timingsOf } from './lib';
import type { BenchContext, BenchResult } from './run';

const MB = 1024 * 1024;

export async function benchExcelCommissions(ctx: BenchContext): Promise<BenchResult> {
  const lines = Number(process.env.BENCH_EXCEL_LINES ?? 50_000);
  const url = await ctx.createDatabase('bench_excel');
  const { dataset, seedSeconds } = await seedPaidLines(url, lines);

  // BENCH_SERVER_NODE_OPTIONS: flags for the server process (e.g. --max-old-space-size=128), default none.
  const nodeOptions = process.env.BENCH_SERVER_NODE_OPTIONS ?? '';
  const server = await startServerProcess({
    DATABASE_URL: url,
    DEMO: '0',
    ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
  });
  const runs = Math.max(1, Math.min(5, Math.floor(ctx.requests / 40) || 3));
  let measured: Awaited<ReturnType<typeof measureReports>>;
  try {
    measured = await measureReports(server, runs, lines);
  } finally {
    await server.stop();
  }
  const { timings, peak, peaks, idle, bytes } = measured;
  const round = (n: number) => Math.round(n * 10) / 10;
  const t = timingsOf(timings, 1);
  return {
    name: nodeOptions ? `excel-commissions (${nodeOptions})` : 'excel-commissions',
    description: `POST /api/reports/excel commissions report, ${lines.toLocaleString('en')} lines, ${dataset.agents} agent sheets, streamed; server process RSS sampled`,
    ...t,
    target: '≤ 10 s per report of 50,000 lines, server RSS ≤ 300 MB',
    passed: t.max_ms <= 10_000 && peak <= 300 * MB,
    dataset: {
      lines,
      agents: dataset.agents,
      payouts: dataset.payouts,
      seed_seconds: seedSeconds,
      file_bytes: bytes,
      server_rss_idle_mb: round(idle / MB),
      server_rss_peak_mb: round(peak / MB),
      ...Object.fromEntries(
        peaks.map((p, i) => [i === 0 ? 'server_rss_peak_warmup_mb' : `server_rss_peak_run${i}_mb`, p]),
      ),
    },
  };
}

/** The bench seed (~200 agents, 60 suppliers), its first `lines` commission lines paid out by SQL. */
async function seedPaidLines(url: string, lines: number) {
  const db = createDb(url, 2);
  const seeded = await benchSeed(db, { bookings: Math.ceil(lines * 1.1), seed: 14, agents: 200, suppliers: 60 });
  // The seed pays about 80% as many lines as this asks for through its own payouts; unpaid lines make up the rest.
  await db.$client.query(
    `with lines as (
       select ac.id, ac.booking_id, ac.agent_id, ac.percentage, ac.amount, ac.gst_amount, ac.total_with_gst,
              b.booking_amount, b.booking_date, s.currency_id
         from actual_commissions ac join bookings b on b.id = ac.booking_id join suppliers s on s.id = b.supplier_id
        where not exists (select 1 from payout_items pi where pi.actual_commission_id = ac.id)
        order by ac.id limit greatest(0, $1 - (select count(*) from payout_items))),
     p as (
       insert into payouts (name, payout_date, currency_id, total_amount, kind)
       select 'Excel bench payout ' || booking_date, booking_date, currency_id, sum(amount + gst_amount), 'bulk'
         from lines group by booking_date, currency_id
       returning id, payout_date, currency_id)
     insert into payout_items (payout_id, booking_id, actual_commission_id, agent_id, gross_portion, percentage, commission, gst, total)
     select p.id, l.booking_id, l.id, l.agent_id, l.booking_amount, l.percentage, l.amount, l.gst_amount, l.amount + l.gst_amount
       from lines l join p on p.payout_date = l.booking_date and p.currency_id = l.currency_id`,
    [lines],
  );
  const { rows: counts } = await db.$client.query<{ items: number; agents: number; payouts: number }>(
    `select count(*)::int as items, count(distinct agent_id)::int as agents, count(distinct payout_id)::int as payouts
       from payout_items`,
  );
  await db.$client.end();
  const dataset = counts[0]!;
  if (dataset.items !== lines) throw new Error(`seeded ${dataset.items} payout items, wanted ${lines}`);
  return { dataset, seedSeconds: seeded.seconds };
}

/**
 * One warm-up report (its workbook read back and checked), then `runs` measured ones, the server's VmRSS
 * sampled every 20 ms from before each request until its last byte has arrived.
 */
async function measureReports(server: Awaited<ReturnType<typeof startServerProcess>>, runs: number, lines: number) {
  const pid = server.child.pid!;
  const timings: number[] = [];
  const peaks: number[] = [];
  let peak = 0;
  let bytes = 0;
  const client = new HttpClient(server.port);
  const login = await client.signIn(BENCH_ADMIN_EMAIL, BENCH_PASSWORD);
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
  const idle = residentBytes(pid);
  for (let run = 0; run <= runs; run++) {
    let sampledPeak = residentBytes(pid);
    const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, residentBytes(pid))), 20);
    const start = performance.now();
    const res = await fetch(`http://127.0.0.1:${server.port}/api/reports/excel`, {
      method: 'POST',
      headers: { ...client.headers(), 'content-type': 'application/json' },
      body: JSON.stringify({ start_date: '2000-01-01', end_date: '2100-12-31', report_type: 'commissions' }),
    });
    const body = Buffer.from(await res.arrayBuffer());
    const ms = performance.now() - start;
    clearInterval(sampler);
    sampledPeak = Math.max(sampledPeak, residentBytes(pid));
    if (res.status !== 200) throw new Error(`excel answered ${res.status}: ${body.toString('utf8', 0, 300)}`);
    if (run === 0) checkWorkbook(body, lines);
    else timings.push(ms);
    peak = Math.max(peak, sampledPeak);
    peaks.push(Math.round(sampledPeak / MB));
    bytes = body.length;
  }
  return { timings, peak, peaks, idle, bytes };
}

/** The workbook holds every line: the agent sheets' data rows (all but headers and totals) add up to `lines`. */
function checkWorkbook(body: Buffer, lines: number) {
  const wb = XLSX.read(body, { type: 'buffer', dense: true });
  let rows = 0;
  for (const name of wb.SheetNames.slice(1)) {
    const data = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[name]!, { header: 1 }).slice(1);
    rows += data.filter((r) => r[0] !== 'Total').length;
  }
  if (wb.SheetNames[0] !== 'Summary' || rows !== lines)
    throw new Error(`the workbook lists ${rows} lines on ${wb.SheetNames.length - 1} agent sheets, wanted ${lines}`);
}
