import type { TestApp } from '../../test/test-app';
import { buildWorld } from '../../test/world';

/**
 * The bookings API tests' configuration of the shared test world (test/world.ts): Ana (Gold tier,
 * Sunwing 12.5%, format SW0000000), Otto (Gold), Pat the parent (own default 70%) and Sam, Pat's
 * sub-agent, who books Transat only through Pat at a 60% split (Sam 42% of gross, Pat 28%). No TUI; no
 * accounts unless said (then the world's Sunwing CAD and Transat CAD).
 */
export async function bookingsTestWorld(o: { supplierAccounts?: boolean } = {}) {
  const w = await buildWorld({
    suppliers: ['sunwing', 'transat'],
    formats: { sunwing: 'SW0000000' },
    split: '60',
    supplierAccounts: o.supplierAccounts ?? false,
  });
  const { t, q, cur, admin, agent, account } = w;
  return { t, q, cur, admin, agent, account, ...w.as, sunwing: w.supplier.sunwing, transat: w.supplier.transat };
}

/** The booking form's fields, as an outside client following the spec sends them. */
export const bookingForm = (over: Record<string, unknown> = {}) => ({
  booking_reference: 'SW1234567',
  booking_date: '2026-03-01',
  customer_name: 'Jean Client',
  booking_amount: '100.00',
  status: 'pending',
  ...over,
});

/** The audit rows of one booking, oldest first, with their meta. */
export async function bookingAudits(t: TestApp, id: number) {
  const { rows } = await t.db.$client.query(
    `select action, before, after, meta from audit_logs where entity_type = 'booking' and entity_id = $1 order by id`,
    [String(id)],
  );
  return rows as { action: string; before: unknown; after: unknown; meta: Record<string, unknown> | null }[];
}
