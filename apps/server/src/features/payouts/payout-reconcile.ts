import { moneyToString, PAYOUT_MESSAGES, reconcileProblem, statusAfterReconcile } from '@app/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { writeAudits } from '../../shared/audit';
import { idArray } from '../../shared/sql';
import { recalculateBookings } from '../commissions';
import { refreshMatchStatuses } from '../transactions';
import { customProblem, notFoundOutcome, refused, type Outcome, type Run, type RunRow } from './payout-run-model';
import { findBookingFacts, findLineFacts, type BookingFacts, type LineFacts } from './payouts.repo';

/**
 * Reconcile (DOMAIN.md "Payouts"): gross := net received, is_reconciled, expected commission and lines
 * recomputed by the commission engine (paid money kept), match status refreshed, the old amount in the
 * audit row. A custom commission is checked here but only a payout applies it.
 */
export async function reconcile(
  tx: DbOrTx,
  run: Run,
  rows: readonly RunRow[],
  done: Map<number, Outcome>,
): Promise<void> {
  const ids = rows.map((r) => r.booking_id);
  const facts = await findBookingFacts(tx, ids);
  const lines = rows.some((r) => r.custom) ? await findLineFacts(tx, ids) : new Map<number, LineFacts[]>();
  const ok: BookingFacts[] = [];
  for (const row of rows) {
    const f = facts.get(row.booking_id);
    if (!f) {
      done.set(row.booking_id, notFoundOutcome(row.booking_id));
      continue;
    }
    const problem =
      reconcileProblem({ ...f, expectedNet: row.expectedNet }) ?? customProblem(row, f, lines.get(f.id) ?? []);
    if (problem) done.set(f.id, refused(f, problem));
    else ok.push(f);
  }
  if (ok.length === 0) return;
  // DOMAIN.md "Money invariants" 1, 3 and 5: a reconcile that leaves nothing remaining completes the
  // booking (in the same statement as its new gross: the database holds status and paid together); its
  // lines are then what was paid on them (amount and GST from their items: a line recomputed from the new
  // gross can round a cent away from what its partial payouts paid), all paid. The others go through the
  // commission engine at the new gross.
  const statusAfter = (f: BookingFacts) => statusAfterReconcile(f.booking_status, f.net, f.paid);
  await tx.execute(sql`
    update bookings b set booking_amount = u.net, status = u.status, is_reconciled = true, updated_at = now()
      from json_to_recordset(${JSON.stringify(ok.map((f) => ({ id: f.id, net: moneyToString(f.net), status: statusAfter(f) })))}::json)
           as u(id int, net numeric, status text)
     where b.id = u.id`);
  const okIds = ok.map((f) => f.id);
  await recalculateBookings(tx, okIds, { userId: run.userId, reason: 'reconcile' });
  const closed = ok.filter((f) => statusAfter(f) === 'completed').map((f) => f.id);
  if (closed.length) {
    await tx.execute(sql`
      update actual_commissions ac
         set amount = ac.paid_amount, gst_amount = i.gst, total_with_gst = ac.paid_amount + i.gst, status = 'paid',
             updated_at = now()
        from (select ac2.id, coalesce(sum(pi.gst), 0) as gst
                from actual_commissions ac2 left join payout_items pi on pi.actual_commission_id = ac2.id
               where ac2.booking_id = any(${idArray(closed)})
               group by ac2.id) i
       where ac.id = i.id`);
    await tx.execute(sql`
      update bookings b set expected_commission = coalesce((select sum(ac.amount) from actual_commissions ac
                                                              where ac.booking_id = b.id), 0)
       where b.id = any(${idArray(closed)})`);
  }
  await refreshMatchStatuses(tx, okIds);
  await writeAudits(
    tx,
    ok.map((f) => ({
      userId: run.userId,
      action: 'reconcile',
      entityType: 'booking',
      entityId: f.id,
      before: { booking_amount: moneyToString(f.gross), is_reconciled: f.is_reconciled, status: f.booking_status },
      after: {
        booking_amount: moneyToString(f.net),
        is_reconciled: true,
        status: statusAfter(f),
      },
      meta: { net_received: moneyToString(f.net) },
    })),
  );
  for (const f of ok)
    done.set(f.id, { booking_id: f.id, reference: f.reference, ok: true, message: PAYOUT_MESSAGES.reconciled });
}
