import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import { memoryFlags } from './embedded';

const GB = 1024 ** 3;

describe("the embedded server's memory settings", () => {
  it('gives shared buffers a quarter of the memory, between 128 MB and 1 GB, and 2 GB of WAL', () => {
    expect(memoryFlags(2 * GB)).toEqual(['-c', 'shared_buffers=512MB', '-c', 'max_wal_size=2GB']);
    expect(memoryFlags(24 * GB)).toEqual(['-c', 'shared_buffers=1024MB', '-c', 'max_wal_size=2GB']);
    expect(memoryFlags(GB / 4)).toEqual(['-c', 'shared_buffers=128MB', '-c', 'max_wal_size=2GB']);
  });

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('are the ones the running embedded server has', async () => {
    const { db } = await createTestDatabase();
    const [, buffers, , wal] = memoryFlags(os.totalmem());
    const shown = async (name: string) =>
      (await db.$client.query<{ setting: string }>(`select current_setting($1) as setting`, [name])).rows[0]!.setting;
    expect(`shared_buffers=${await shown('shared_buffers')}`).toBe(buffers!.replace('1024MB', '1GB'));
    expect(`max_wal_size=${await shown('max_wal_size')}`).toBe(wal);
    await db.$client.end();
  });
});
