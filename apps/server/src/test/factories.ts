import type { Db } from '../db/client';

/**
 * Rows written straight into the database for tests that exercise a service below the HTTP layer
 * (the engine, recalculation). Plain objects with overrides; API tests create through the API.
 */
export async function insertRow(db: Db, table: string, cols: Record<string, unknown>): Promise<number> {
  const keys = Object.keys(cols);
  const { rows } = await db.$client.query<{ id: number }>(
    `insert into ${table} (${keys.join(',')}) values (${keys.map((_, i) => `$${i + 1}`).join(',')}) returning id`,
    Object.values(cols),
  );
  return rows[0]!.id;
}

/** A booking as it stands before the engine has run: no commission yet (recalculate it to get some). */
export function insertBooking(
  db: Db,
  cols: { primary_agent_id: number; supplier_id: number; booking_amount: string } & Record<string, unknown>,
): Promise<number> {
  return insertRow(db, 'bookings', {
    booking_reference: `REF-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
    customer_name: 'Test Customer',
    booking_date: '2026-03-01',
    expected_commission: '0',
    commission_percentage: '0',
    rate_source: 'none',
    // A completed booking is one paid out in full (the database refuses it otherwise: DOMAIN.md invariant 1).
    ...(cols.status === 'completed' && cols.paid_amount === undefined ? { paid_amount: cols.booking_amount } : {}),
    ...cols,
  });
}

/** A commission rule of a tier or an agent listing the given suppliers. */
export async function insertRule(
  db: Db,
  type: 'tier' | 'agent',
  owner: number,
  percentage: string,
  suppliers: number[],
) {
  const id = await insertRow(db, 'commission_rules', { commission_type: type, general_id: owner, percentage });
  for (const s of suppliers) {
    await db.$client.query(
      'insert into commission_rule_suppliers (rule_id, supplier_id, commission_type, general_id) values ($1, $2, $3, $4)',
      [id, s, type, owner],
    );
  }
  return id;
}

export async function expectedCommissionOf(db: Db, bookingId: number): Promise<string> {
  const { rows } = await db.$client.query<{ e: string }>(
    'select expected_commission::text as e from bookings where id = $1',
    [bookingId],
  );
  return rows[0]!.e;
}
