import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { createTestDatabase } from '../test/test-app';
import { startJobRunner, type JobRunner, type QueueHandler } from './job-runner';

const silent = { info: () => {}, warn: () => {}, error: () => {} };
let db: Db | null = null;
afterAll(async () => {
  await db?.$client.end();
});

const handler = (queue: string): QueueHandler => ({ queue, options: {}, run: async () => {} });

describe('the job runner on several servers', () => {
  it('starts on two servers at once on one database, however many new queues they create', async () => {
    const t = await createTestDatabase();
    db = t.db;
    // Two servers starting together used to create the same pg-boss queue at once and deadlock
    // (PostgreSQL 40P01 in createQueue); each round creates three new queues on both.
    for (let round = 0; round < 4; round++) {
      const handlers = ['a', 'b', 'c'].map((q) => handler(`round-${round}-${q}`));
      const runners: JobRunner[] = await Promise.all([
        startJobRunner(t.url, handlers, silent),
        startJobRunner(t.url, handlers, silent),
      ]);
      await Promise.all(runners.map((r) => r.stop()));
    }
    const { rows } = await t.db.$client.query<{ n: number }>(
      `select count(*)::int as n from pgboss.queue where name like 'round-%'`,
    );
    expect(rows[0]!.n).toBe(12);
  }, 120_000);

  it('runs a periodic task at start and then every sweepMs, with no queue or worker of its own', async () => {
    const t = await createTestDatabase();
    let sweeps = 0;
    const runner = await startJobRunner(
      t.url,
      [{ task: 'tick', sweepMs: 50, sweep: async () => void sweeps++ }],
      silent,
    );
    expect(sweeps).toBe(1);
    await expect.poll(() => sweeps, { timeout: 10_000 }).toBeGreaterThan(2);
    await runner.stop();
    const { rows } = await t.db.$client.query<{ n: number }>(
      `select count(*)::int as n from pgboss.queue where name = 'tick'`,
    );
    expect(rows[0]!.n).toBe(0);
    await t.db.$client.end();
  }, 60_000);
});
