import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app';
import { findTransactionStatuses } from '../transactions';
import { seedDemo } from './demo-seed';

describe('the demo dataset', () => {
  it('stores every booking match status as the matching rule computes it', async () => {
    const { db } = await createTestDatabase();
    await seedDemo(db);
    const { rows } = await db.$client.query<{ id: number; booking_reference: string; s: string | null }>(
      'select id, booking_reference, transaction_match_status as s from bookings order by booking_reference',
    );
    expect(rows).toHaveLength(12);
    const live = await findTransactionStatuses(
      db,
      rows.map((r) => r.id),
    );
    expect(rows.map((r) => [r.booking_reference, r.s])).toEqual(
      rows.map((r) => [r.booking_reference, live.get(r.id)!.status]),
    );
    // The four payments of the demo: a full one, a partial one, one short of the amount, one exact.
    const byRef = Object.fromEntries(rows.map((r) => [r.booking_reference, r.s]));
    expect(byRef).toMatchObject({
      'AC-482913': 'match',
      TS7Q2K9L: 'partial',
      'J2-88213': 'mismatch',
      '40218876': 'match',
      SW4471208: 'no_transaction',
    });
    expect(rows.filter((r) => r.s === 'no_transaction')).toHaveLength(8);
  });
});
