import { beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/test-app';
import { bookingForm, bookingsTestWorld } from './bookings.testing';

/**
 * DOMAIN.md "Report cards": non-admins see only their own commission lines — on the booking, in its
 * history, in the list's commission, in group totals and in the commission explanation.
 */
let w: Awaited<ReturnType<typeof bookingsTestWorld>>;
let split: number; // Sam through Pat, Transat 100.00: Sam 42.00, Pat 28.00 (expected 70.00)
let anas: number; // Ana, Sunwing 100.00: 12.50
let ottos: number; // Otto, Sunwing 200.00: 25.00

beforeAll(async () => {
  w = await bookingsTestWorld();
  const book = async (who: typeof w.ana, over: Record<string, unknown>) => {
    const res = await who.post('/bookings', { json: bookingForm(over) });
    expect(res.statusCode).toBe(200);
    return res.json().data.id as number;
  };
  split = await book(w.sam, { supplier_id: w.transat, booking_reference: 'TR-VIS-1' });
  // Edited once, so its history holds an update row with both lines too.
  const edit = await w.sam.post(`/bookings/${split}`, {
    json: { _method: 'PUT', ...bookingForm({ supplier_id: w.transat, booking_reference: 'TR-VIS-1', notes: 'x' }) },
  });
  expect(edit.statusCode).toBe(200);
  anas = await book(w.ana, { supplier_id: w.sunwing, booking_reference: 'SW2000001' });
  ottos = await book(w.otto, { supplier_id: w.sunwing, booking_reference: 'SW2000002', booking_amount: '200.00' });
});

/** Every agent id named anywhere in a value (lines, payout items, …). */
function agentIdsIn(value: unknown, out = new Set<number>()): Set<number> {
  if (Array.isArray(value)) value.forEach((v) => agentIdsIn(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'agent_id' && typeof v === 'number') out.add(v);
      else agentIdsIn(v, out);
    }
  }
  return out;
}

describe('one booking', () => {
  it('gives each agent their own line and their own line history; the admin both', async () => {
    for (const [who, line] of [
      [w.sam, 42],
      [w.pat, 28],
    ] as const) {
      const b = (await who.get(`/bookings/${split}`)).json().data;
      expect(b.actual_commissions.map((l: { agent_id: number; amount: number }) => [l.agent_id, l.amount])).toEqual([
        [who.agentId, line],
      ]);
      expect(b.history.map((h: { action: string }) => h.action)).toEqual(['update', 'create']);
      expect([...agentIdsIn(b.history)]).toEqual([who.agentId]);
      expect(b.my_commission).toBe(line);
    }
    const all = (await w.admin.get(`/bookings/${split}`)).json().data;
    expect(all.actual_commissions).toHaveLength(2);
    expect([...agentIdsIn(all.history)].sort()).toEqual([w.pat.agentId, w.sam.agentId].sort());
    expect(all.my_commission).toBe(70);
  });
});

describe('the list', () => {
  it('shows each agent their own share of the commission and the admin the whole agent side', async () => {
    const row = async (who: TestClient) =>
      (await who.get('/bookings?per_page=100')).json().data.find((r: { id: number }) => r.id === split);
    expect(await row(w.sam)).toMatchObject({ expected_commission: 70, my_commission: 42 });
    expect(await row(w.pat)).toMatchObject({ expected_commission: 70, my_commission: 28 });
    expect(await row(w.admin)).toMatchObject({ expected_commission: 70, my_commission: 70 });
    expect(await row(w.ana)).toBeUndefined();
  });
});

describe('the commission explanation', () => {
  it("answers 404 for another agent's booking as for a missing one, and gives an agent their own lines", async () => {
    const stranger = await w.otto.get(`/bookings/${split}/commission-explanation`);
    const missing = await w.otto.get('/bookings/999999/commission-explanation');
    expect(stranger.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(stranger.json()).toEqual(missing.json());
    const mine = (await w.sam.get(`/bookings/${split}/commission-explanation`)).json();
    expect(mine.lines.map((l: { agent_id: number; amount: string }) => [l.agent_id, l.amount])).toEqual([
      [w.sam.agentId, '42.00'],
    ]);
    expect((await w.admin.get(`/bookings/${split}/commission-explanation`)).json().lines).toHaveLength(2);
  });
});

describe('booking groups', () => {
  it("count and total only the caller's own bookings, even when an admin put another agent's booking in", async () => {
    const created = await w.ana.post('/booking-groups', { json: { name: 'Ana trip', selectedBookings: [anas] } });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;
    const put = await w.admin.post(`/booking-groups/${id}`, {
      json: { _method: 'PUT', name: 'Ana trip', selectedBookings: [anas, ottos] },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({ bookings_count: 2, totals: [{ total: 300, my_commission: 37.5 }] });

    const own = {
      bookings_count: 1,
      totals: [{ currency_code: 'CAD', total: 100, expected_commission: 12.5, my_commission: 12.5 }],
    };
    const one = (await w.ana.get(`/booking-groups/${id}`)).json().data;
    expect(one).toMatchObject({ ...own, selectedBookings: [anas] });
    const listed = (await w.ana.get('/booking-groups')).json().data.find((g: { id: number }) => g.id === id);
    expect(listed).toMatchObject(own);
  });

  it("total a sub-agent's group with the sub-agent's share", async () => {
    const created = await w.sam.post('/booking-groups', { json: { name: 'Sam trip', selectedBookings: [split] } });
    expect(created.statusCode).toBe(200);
    expect(created.json().data.totals).toEqual([
      { currency_code: 'CAD', currency_symbol: 'C$', total: 100, expected_commission: 70, my_commission: 42 },
    ]);
  });
});
