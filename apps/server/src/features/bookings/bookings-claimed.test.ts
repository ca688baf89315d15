import { beforeAll, describe, expect, it } from 'vitest';
import { bookingAudits, bookingForm, bookingsTestWorld } from './bookings.testing';

/**
 * The admin claim (issue 13; spec §6 "Claiming a transaction", §7 `POST /bookings` with
 * `is_claimed_booking`): an admin turns an unmatched credit into a booking at once, for the agent they
 * choose. Spec §4: "Claimed bookings are created with status pending" — a chosen status is coerced
 * and the audit row says so, as a non-admin's coercions are recorded. A non-admin cannot claim this way.
 */
let w: Awaited<ReturnType<typeof bookingsTestWorld>>;
beforeAll(async () => {
  w = await bookingsTestWorld();
});

describe('POST /bookings with is_claimed_booking', () => {
  it("creates an admin's claimed booking pending for the chosen agent, recording the status it coerced", async () => {
    const res = await w.admin.post('/bookings', {
      multipart: {
        ...bookingForm({ supplier_id: String(w.sunwing), booking_reference: 'SW2000001', status: 'confirmed' }),
        is_claimed_booking: '1',
        primary_agent_id: String(w.ana.agentId),
        is_personal: '0',
        notes: 'Claimed from an unmatched credit',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json().data;
    expect(b).toMatchObject({
      status: 'pending',
      is_claimed_booking: true,
      primary_agent_id: w.ana.agentId,
      booking_amount: 100,
      expected_commission: 12.5,
    });
    const [created] = await bookingAudits(w.t, b.id);
    expect(created!.meta).toEqual({ coerced: { status: { sent: 'confirmed', kept: 'pending' } } });
    expect(created!.after).toMatchObject({ status: 'pending', is_claimed_booking: true });
  });

  it('records nothing coerced when the claimed booking was sent pending', async () => {
    const res = await w.admin.post('/bookings', {
      json: bookingForm({
        supplier_id: w.sunwing,
        booking_reference: 'SW2000002',
        is_claimed_booking: true,
        primary_agent_id: w.ana.agentId,
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'pending', is_claimed_booking: true });
    const [created] = await bookingAudits(w.t, res.json().data.id);
    expect(created!.meta).toBeNull();
  });

  it("ignores an agent's is_claimed_booking (agents claim through a request) and records it", async () => {
    const res = await w.ana.post('/bookings', {
      json: bookingForm({ supplier_id: w.sunwing, booking_reference: 'SW2000003', is_claimed_booking: '1' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'pending', is_claimed_booking: false });
    const [created] = await bookingAudits(w.t, res.json().data.id);
    expect(created!.meta).toEqual({ coerced: { is_claimed_booking: { sent: true, kept: false } } });
  });

  it('keeps a claimed booking claimed on edit, where the admin may set the status as on any booking', async () => {
    const id = (
      await w.admin.post('/bookings', {
        json: bookingForm({
          supplier_id: w.sunwing,
          booking_reference: 'SW2000004',
          is_claimed_booking: '1',
          primary_agent_id: w.ana.agentId,
        }),
      })
    ).json().data.id as number;
    const res = await w.admin.post(`/bookings/${id}`, {
      json: {
        _method: 'PUT',
        ...bookingForm({ supplier_id: w.sunwing, booking_reference: 'SW2000004', status: 'confirmed' }),
        primary_agent_id: w.ana.agentId,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'confirmed', is_claimed_booking: true });
    const [, updated] = await bookingAudits(w.t, id);
    expect(updated!.meta).toBeNull();
  });

  it('does not make a booking claimed by an edit', async () => {
    const id = (
      await w.admin.post('/bookings', {
        json: bookingForm({ supplier_id: w.sunwing, booking_reference: 'SW2000005', primary_agent_id: w.ana.agentId }),
      })
    ).json().data.id as number;
    const res = await w.admin.post(`/bookings/${id}`, {
      json: {
        _method: 'PUT',
        ...bookingForm({ supplier_id: w.sunwing, booking_reference: 'SW2000005', is_claimed_booking: '1' }),
        primary_agent_id: w.ana.agentId,
      },
    });
    expect(res.json().data.is_claimed_booking).toBe(false);
    const [, updated] = await bookingAudits(w.t, id);
    expect(updated!.meta).toEqual({ coerced: { is_claimed_booking: { sent: true, kept: false } } });
  });
});
