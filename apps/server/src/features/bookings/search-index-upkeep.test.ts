/**
 * The search's trigram indexes are merged by the job runner (search-index-upkeep.ts): a write leaves its
 * trigrams in the pending list, the merge empties it, and the search finds the same bookings before and
 * after; one server merges at a time.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { insertBooking, insertSupplier } from '../../test/factories';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { mergeSearchIndexes } from './search-index-upkeep';

let t: TestApp;
let admin: TestClient;
let agentId: number;
let supplier: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn('admin');
  agentId = (await t.signedIn('agent')).agentId!;
  supplier = await insertSupplier(t.db, { name: 'Sunwing', currency: 'CAD' });
});

const found = async (term: string) =>
  ((await admin.get(`/bookings?search=${term}&per_page=100`)).json().data as { id: number }[]).map((r) => r.id).sort();

describe('merging the search indexes', () => {
  it('empties the pending lists the writes filled, and the search finds the same bookings', async () => {
    await mergeSearchIndexes(t.db);
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) {
      ids.push(
        await insertBooking(t.db, {
          primary_agent_id: agentId,
          supplier_id: supplier,
          booking_amount: '100.00',
          booking_reference: `ZXQ-${1000 + i}`,
          customer_name: `Wolstenholme-Pratt, Guest ${i}`,
        }),
      );
    }
    const before = await found('wolstenholme');
    expect(before).toEqual([...ids].sort());
    expect(await found('ZXQ-101')).toHaveLength(10);

    const merged = await mergeSearchIndexes(t.db);
    expect(merged).toBeGreaterThan(0);
    expect(await mergeSearchIndexes(t.db)).toBe(0);
    expect(await found('wolstenholme')).toEqual(before);
    expect(await found('ZXQ-101')).toHaveLength(10);
  });

  it('lets one server merge at a time', async () => {
    const holder = await t.db.$client.connect();
    try {
      await holder.query('begin');
      await holder.query('select pg_advisory_xact_lock(727017)');
      expect(await mergeSearchIndexes(t.db)).toBeNull();
      await holder.query('rollback');
      expect(await mergeSearchIndexes(t.db)).toBe(0);
    } finally {
      holder.release();
    }
  });
});
