/**
 * A payout workload for the benchmark and the crash test: `n` bookings of one supplier (CAD), each
 * fully received from the supplier, so each can be paid out in full. Three GST-registered agents:
 * Avery books directly (30%); Sasha books through Parker (60%, split 40%), so two bookings in three
 * have a parent line and a sub-agent line. Set-based SQL for the bookings and payments; the commission
 * lines come from the commission engine and the match statuses from the matching, as in real use.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recalculateBookings } from '../commissions';
import { refreshMatchStatuses } from '../transactions';
import { createUser } from '../users';

export interface PayoutSeed {
  adminEmail: string;
  password: string;
  supplierId: number;
  bookingIds: number[];
  /** Gross of each booking (= its payout amount), as stored ('123.45'). */
  amounts: Map<number, string>;
}

export async function seedPayableBookings(
  db: Db,
  opts: { bookings: number; tag: string; password: string; date?: string },
): Promise<PayoutSeed> {
  const { tag, password } = opts;
  const date = opts.date ?? '2026-04-01';
  const adminEmail = `payout.admin.${tag}@example.com`;
  await createUser(db, { email: adminEmail, name: `Payout Admin ${tag}`, role: 'admin', password }, null);
  const agent = async (name: string) =>
    (
      await createUser(
        db,
        { email: `${name.toLowerCase()}.${tag}@example.com`, name: `${name} ${tag}`, role: 'agent', password },
        null,
      )
    ).agent_id!;
  const avery = await agent('Avery');
  const parker = await agent('Parker');
  const sasha = await agent('Sasha');

  return db.transaction(async (tx) => {
    const { rows: sup } = await tx.execute<{ id: number; currency_id: number }>(sql`
      insert into suppliers (name, currency_id) select ${`Payout Supplier ${tag}`}, id from currencies where code = 'CAD'
      returning id, currency_id`);
    const { id: supplierId, currency_id: cad } = sup[0]!;
    await tx.execute(sql`update agents set has_gst = true, commission_type = 'percentage',
      commission_percentage = case id when ${avery}::int then 30 when ${parker}::int then 60 end
      where id in (${avery}, ${parker}, ${sasha})`);
    await tx.execute(sql`update agents set commission_percentage = null where id = ${sasha}`);
    const { rows: link } = await tx.execute<{ id: number }>(sql`
      insert into sub_agent_links (parent_agent_id, sub_agent_id, split_percentage) values (${parker}, ${sasha}, 40)
      returning id`);
    await tx.execute(sql`insert into sub_agent_link_suppliers values (${link[0]!.id}, ${supplierId})`);
    await tx.execute(sql`
      insert into accounts (name, accountable_type, accountable_id, currency_id)
      values (${`Payout Supplier ${tag} CAD`}, 'supplier', ${supplierId}, ${cad}),
             (${`Avery ${tag} CAD`}, 'agent', ${avery}, ${cad}),
             (${`Parker ${tag} CAD`}, 'agent', ${parker}, ${cad}),
             (${`Sasha ${tag} CAD`}, 'agent', ${sasha}, ${cad})`);
    // The booker: Avery, or Sasha (registered under Parker by the engine).
    const { rows: inserted } = await tx.execute<{ id: number; booking_amount: string }>(sql`
      insert into bookings (booking_reference, customer_name, booking_date, booking_amount, expected_commission,
                            commission_percentage, rate_source, status, primary_agent_id, supplier_id)
      select ${`PAY${tag}-`} || lpad(i::text, 6, '0'), 'Payout Customer ' || i, ${date}::date,
             round((10000 + (i * 7919) % 90000)::numeric / 100, 2), 0, 0, 'none', 'confirmed',
             case when i % 3 = 0 then ${avery}::int else ${sasha}::int end, ${supplierId}
        from generate_series(1, ${opts.bookings}) i
      returning id, booking_amount::text`);
    const ids = inserted.map((r) => r.id);
    await recalculateBookings(tx, ids, { userId: null, reason: 'payout seed' });
    await tx.execute(sql`
      insert into transactions (account_id, transaction_type, currency_id, amount, reference_number, status)
      select a.id, 'credit', ${cad}, b.booking_amount, b.booking_reference, 'completed'
        from bookings b join accounts a on a.accountable_type = 'supplier' and a.accountable_id = b.supplier_id
       where b.supplier_id = ${supplierId}`);
    await refreshMatchStatuses(tx, ids);
    return {
      adminEmail,
      password,
      supplierId,
      bookingIds: ids,
      amounts: new Map(inserted.map((r) => [r.id, r.booking_amount])),
    };
  });
}
