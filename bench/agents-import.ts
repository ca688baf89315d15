/**
 * Agent bulk import (issue 3): a 5,000-row .xlsx through `POST /agents-bulk-import`, end to end over
 * HTTP (parse, validate every row, hash 5,000 default passwords, write in one transaction).
 * Target: under 10 s per file.
 */
import * as XLSX from '@e965/xlsx';
import { AGENT_IMPORT_COLUMNS } from '@app/domain';
import { createDb } from '../apps/server/src/db/client';
import { withLuhnCheckDigit } from '../packages/domain/src/agents/agent-fields.testing';
import { createUser } from '../apps/server/src/features/users';
import { HttpClient, measure } from './lib';
import type { BenchContext, BenchResult } from './run';
import { startBenchApp } from './app';

const ROWS = 5000;

function file(run: number): Buffer {
  const rows: unknown[][] = [[...AGENT_IMPORT_COLUMNS]];
  for (let i = 0; i < ROWS; i++) {
    rows.push([
      `First${i}`,
      `Last${i}`,
      `${i} Main St`,
      'Toronto',
      i % 2 ? 'ON' : 'BC',
      'M5V 1A1',
      '1990-05-17',
      `run${run}.agent${i}@bench.test`,
      `416555${String(i).padStart(4, '0')}`,
      'Gold',
      '2024-01-15',
      withLuhnCheckDigit(String(10000000 + i)),
    ]);
  }
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Agents');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

export async function benchAgentsImport(ctx: BenchContext): Promise<BenchResult> {
  const url = await ctx.createDatabase('bench_agent_import');
  const db = createDb(url, 10);
  await db.$client.query(`insert into commission_tiers (name) values ('Gold')`);
  await createUser(
    db,
    { email: 'bench-admin@example.test', name: 'Bench Admin', role: 'admin', password: 'bench password 1' },
    null,
  );
  const { app, port } = await startBenchApp(db);
  const client = new HttpClient(port);
  try {
    await client.signIn('bench-admin@example.test', 'bench password 1');
    const runs = Number(process.env.BENCH_IMPORT_RUNS ?? 5);
    const files = Array.from({ length: runs + 1 }, (_, i) => file(i));
    let next = 0;
    const t = await measure(
      async () => {
        const res = await client.upload(
          '/agents-bulk-import',
          'file',
          'agents.xlsx',
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          files[next++]!,
        );
        const body = JSON.parse(res.body) as { summary?: { created: number } };
        if (res.status !== 200 || body.summary?.created !== ROWS)
          throw new Error(`import answered ${res.status}: ${res.body.slice(0, 300)}`);
      },
      runs,
      1,
    );
    return {
      name: 'agents-import',
      description: `POST /agents-bulk-import, ${ROWS.toLocaleString('en-GB')}-row .xlsx, end to end`,
      ...t,
      target: 'p50 < 10 s',
      passed: t.p50_ms < 10_000,
      dataset: { rows: ROWS },
    };
  } finally {
    client.close();
    await app.close();
    await db.$client.end();
  }
}
