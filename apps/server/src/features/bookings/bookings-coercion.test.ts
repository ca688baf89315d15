import { beforeAll, describe, expect, it } from 'vitest';
import { bookingAudits, bookingForm, bookingsTestWorld } from './bookings.testing';

/**
 * Spec bookings §4 "Booking status", §6: what a non-admin sends for the status and the primary agent
 * is coerced (pending on create, unchanged on edit; own agent, or the parent for a via-parent supplier),
 * never refused, and the audit row says what was sent and what was kept.
 */
let w: Awaited<ReturnType<typeof bookingsTestWorld>>;
beforeAll(async () => {
  w = await bookingsTestWorld();
});

const linesOf = (b: { actual_commissions: { agent_id: number; role: string; amount: number }[] }) =>
  b.actual_commissions.map((l) => [l.agent_id, l.role, l.amount]);

describe("an agent's status and primary agent", () => {
  it('creates a booking sent as confirmed for another agent as pending under the agent, and audits both', async () => {
    const res = await w.ana.post('/bookings', {
      json: bookingForm({
        supplier_id: w.sunwing,
        booking_reference: 'SW1000001',
        status: 'confirmed',
        primary_agent_id: w.otto.agentId,
      }),
    });
    expect(res.statusCode).toBe(200);
    const b = res.json().data;
    expect(b).toMatchObject({ status: 'pending', primary_agent_id: w.ana.agentId, sub_agent_id: null });
    expect(linesOf(b)).toEqual([[w.ana.agentId, 'primary', 12.5]]);
    const [created] = await bookingAudits(w.t, b.id);
    expect(created!.meta).toEqual({
      coerced: {
        status: { sent: 'confirmed', kept: 'pending' },
        primary_agent_id: { sent: w.otto.agentId, kept: w.ana.agentId },
      },
    });
  });

  it('keeps the status of an edited booking whatever is sent, and records nothing when nothing was coerced', async () => {
    const id = (
      await w.ana.post('/bookings', {
        json: bookingForm({ supplier_id: w.sunwing, booking_reference: 'SW1000002', primary_agent_id: w.ana.agentId }),
      })
    ).json().data.id as number;
    await w.q(`update bookings set status = 'confirmed' where id = $1`, [id]);
    const res = await w.ana.post(`/bookings/${id}`, {
      json: {
        _method: 'PUT',
        ...bookingForm({ supplier_id: w.sunwing, booking_reference: 'SW1000002', status: 'cancelled' }),
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('confirmed');
    const [created, updated] = await bookingAudits(w.t, id);
    expect(created!.meta).toBeNull();
    expect(updated!.meta).toEqual({ coerced: { status: { sent: 'cancelled', kept: 'confirmed' } } });
  });

  it('still refuses what the spec refuses: a negative amount', async () => {
    const res = await w.ana.post('/bookings', {
      json: bookingForm({ supplier_id: w.sunwing, booking_reference: 'SW1000003', booking_amount: '-1.00' }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ booking_amount: ['The booking amount field must be at least 0.'] });
  });
});

describe("a sub-agent's booking through a via-parent supplier", () => {
  it.each([
    ['their own agent id and status confirmed', 'TR-SENT-OWN', () => w.sam.agentId, 'confirmed'],
    ["the parent's id (what the spec's form sends)", 'TR-SENT-PARENT', () => w.pat.agentId, 'pending'],
    ['no primary agent', 'TR-SENT-NONE', () => null, 'pending'],
  ])('sent with %s is registered under the parent with the split lines', async (_name, reference, sent, status) => {
    const res = await w.sam.post('/bookings', {
      multipart: Object.fromEntries(
        Object.entries(
          bookingForm({
            supplier_id: w.transat,
            booking_reference: reference,
            status,
            ...(sent() === null ? {} : { primary_agent_id: sent() }),
          }),
        ).map(([k, v]) => [k, String(v)]),
      ),
    });
    expect(res.statusCode).toBe(200);
    const b = res.json().data;
    expect(b).toMatchObject({
      status: 'pending',
      primary_agent_id: w.pat.agentId,
      sub_agent_id: w.sam.agentId,
      parent_agent_id: w.pat.agentId,
      is_sub_agent: true,
      split_percentage: 60,
      expected_commission: 70,
    });
    // The sub-agent reads their own line only (DOMAIN.md "Report cards": non-admins see their own lines).
    expect(linesOf(b)).toEqual([[w.sam.agentId, 'sub_agent', 42]]);
    const all = (await w.admin.get(`/bookings/${b.id}`)).json().data;
    expect(linesOf(all)).toEqual([
      [w.sam.agentId, 'sub_agent', 42],
      [w.pat.agentId, 'parent', 28],
    ]);
    expect((await w.sam.get('/bookings')).json().data.map((r: { id: number }) => r.id)).toContain(b.id);
    const [created] = await bookingAudits(w.t, b.id);
    expect(created!.meta).toEqual(
      sent() === w.sam.agentId
        ? {
            coerced: {
              status: { sent: 'confirmed', kept: 'pending' },
              primary_agent_id: { sent: w.sam.agentId, kept: w.pat.agentId },
            },
          }
        : null,
    );
  });

  it('stays registered under the parent when the sub-agent or the parent edits it', async () => {
    const id = (
      await w.sam.post('/bookings', {
        json: bookingForm({ supplier_id: w.transat, booking_reference: 'TR-EDIT-1', primary_agent_id: w.sam.agentId }),
      })
    ).json().data.id as number;
    for (const [who, amount] of [
      [w.sam, '200.00'],
      [w.pat, '300.00'],
    ] as const) {
      const res = await who.post(`/bookings/${id}`, {
        json: {
          _method: 'PUT',
          ...bookingForm({
            supplier_id: w.transat,
            booking_reference: 'TR-EDIT-1',
            booking_amount: amount,
            primary_agent_id: who.agentId,
          }),
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ primary_agent_id: w.pat.agentId, sub_agent_id: w.sam.agentId });
    }
    const all = (await w.admin.get(`/bookings/${id}`)).json().data;
    expect(linesOf(all)).toEqual([
      [w.sam.agentId, 'sub_agent', 126],
      [w.pat.agentId, 'parent', 84],
    ]);
  });
});

describe("an admin's edit of a via-parent booking", () => {
  it('keeps the sub-agent when the primary agent sent is the parent the booking is registered under', async () => {
    const id = (
      await w.sam.post('/bookings', {
        json: bookingForm({ supplier_id: w.transat, booking_reference: 'TR-ADMIN-1' }),
      })
    ).json().data.id as number;
    const res = await w.admin.post(`/bookings/${id}`, {
      json: {
        _method: 'PUT',
        ...bookingForm({
          supplier_id: w.transat,
          booking_reference: 'TR-ADMIN-1',
          notes: 'Checked',
          status: 'confirmed',
          primary_agent_id: w.pat.agentId,
        }),
      },
    });
    expect(res.statusCode).toBe(200);
    const b = res.json().data;
    expect(b).toMatchObject({ status: 'confirmed', primary_agent_id: w.pat.agentId, sub_agent_id: w.sam.agentId });
    expect(linesOf(b)).toEqual([
      [w.sam.agentId, 'sub_agent', 42],
      [w.pat.agentId, 'parent', 28],
    ]);
    expect((await bookingAudits(w.t, id)).at(-1)!.meta).toBeNull();
  });

  it('moves the booking to the agent chosen when the admin picks another one (the sub-agent state goes)', async () => {
    const id = (
      await w.sam.post('/bookings', {
        json: bookingForm({ supplier_id: w.transat, booking_reference: 'TR-ADMIN-2' }),
      })
    ).json().data.id as number;
    const res = await w.admin.post(`/bookings/${id}`, {
      json: {
        _method: 'PUT',
        ...bookingForm({ supplier_id: w.sunwing, booking_reference: 'SW1000009', primary_agent_id: w.ana.agentId }),
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ primary_agent_id: w.ana.agentId, sub_agent_id: null, is_sub_agent: false });
  });
});
