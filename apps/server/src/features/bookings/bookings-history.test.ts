import { beforeAll, describe, expect, it } from 'vitest';
import { bookingForm, bookingsTestWorld } from './bookings.testing';

let w: Awaited<ReturnType<typeof bookingsTestWorld>>;
beforeAll(async () => {
  w = await bookingsTestWorld();
});

/** CONTRACT.md §2: timestamps ISO-8601 UTC. */
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe("a booking's history", () => {
  it('names exactly the fields whose values changed', async () => {
    const form = bookingForm({ supplier_id: w.sunwing, booking_reference: 'SW3000001' });
    const id = (await w.ana.post('/bookings', { json: form })).json().data.id as number;
    const put = (over: Record<string, unknown>) =>
      w.ana.post(`/bookings/${id}`, { json: { _method: 'PUT', ...form, ...over } });

    expect((await put({ notes: 'Window seat' })).statusCode).toBe(200);
    let history = (await w.ana.get(`/bookings/${id}`)).json().data.history;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['update', 'create']);
    expect(history[0].changes).toEqual([{ field: 'notes', before: null, after: 'Window seat' }]);

    // Saved again unchanged: an update row that changed nothing.
    expect((await put({ notes: 'Window seat' })).statusCode).toBe(200);
    history = (await w.ana.get(`/bookings/${id}`)).json().data.history;
    expect(history[0].changes).toEqual([]);

    expect((await put({ notes: 'Window seat', booking_amount: '200.00' })).statusCode).toBe(200);
    history = (await w.ana.get(`/bookings/${id}`)).json().data.history;
    expect(history[0].changes).toEqual([
      { field: 'booking_amount', before: '100.00', after: '200.00' },
      { field: 'expected_commission', before: '12.50', after: '25.00' },
    ]);

    // The creation lists what was set; no update row mentions the cancellation note.
    const created = history.at(-1);
    expect(created.changes).toEqual(
      expect.arrayContaining([
        { field: 'booking_reference', before: null, after: 'SW3000001' },
        { field: 'status', before: null, after: 'pending' },
      ]),
    );
    expect(history.flatMap((h: { changes: { field: string }[] }) => h.changes.map((c) => c.field))).not.toContain(
      'cancellation_note',
    );

    await w.admin.post(`/bookings/${id}/cancel`, { json: { cancellation_note: 'Client changed plans' } });
    history = (await w.admin.get(`/bookings/${id}`)).json().data.history;
    expect(history[0]).toMatchObject({
      action: 'cancel',
      changes: [
        { field: 'status', before: 'pending', after: 'cancelled' },
        { field: 'cancellation_note', before: null, after: 'Client changed plans' },
      ],
    });
  });
});

describe("a booking's history names what its ids point at (issue 19 item 7)", () => {
  type Change = {
    field: string;
    before: unknown;
    after: unknown;
    before_name?: string | null;
    after_name?: string | null;
  };
  const changeOf = (changes: Change[], field: string) => changes.find((c) => c.field === field);

  it('gives the supplier, the agents of a sub-agent booking and the group by name', async () => {
    const form = bookingForm({
      supplier_id: w.transat,
      booking_reference: 'TR-HIST-1',
      is_group_booking: true,
      booking_group_id: 'Sam history group',
    });
    const created = await w.sam.post('/bookings', { json: form });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    let history = (await w.sam.get(`/bookings/${id}`)).json().data.history as { changes: Change[] }[];
    const creation = history.at(-1)!.changes;
    expect(changeOf(creation, 'supplier_id')).toEqual({
      field: 'supplier_id',
      before: null,
      after: w.transat,
      before_name: null,
      after_name: 'Transat',
    });
    expect(changeOf(creation, 'primary_agent_id')).toMatchObject({ after: w.pat.agentId, after_name: 'Pat Parent' });
    expect(changeOf(creation, 'parent_agent_id')).toMatchObject({ after: w.pat.agentId, after_name: 'Pat Parent' });
    expect(changeOf(creation, 'sub_agent_id')).toMatchObject({ after: w.sam.agentId, after_name: 'Sam Sub' });
    expect(changeOf(creation, 'booking_group_id')).toMatchObject({ after_name: 'Sam history group' });
    // A field that names no record carries no names.
    expect(changeOf(creation, 'booking_reference')).toEqual({
      field: 'booking_reference',
      before: null,
      after: 'TR-HIST-1',
    });

    // Moved to another group: both names.
    const moved = await w.sam.post(`/bookings/${id}`, {
      json: { _method: 'PUT', ...form, booking_group_id: 'Sam second group' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    history = (await w.sam.get(`/bookings/${id}`)).json().data.history;
    expect(changeOf(history[0]!.changes, 'booking_group_id')).toMatchObject({
      before_name: 'Sam history group',
      after_name: 'Sam second group',
    });
  });
});

describe('timestamps', () => {
  it("go out as ISO-8601 UTC: the booking's, its history's and a booking group's", async () => {
    const id = (
      await w.ana.post('/bookings', {
        json: bookingForm({
          supplier_id: w.sunwing,
          booking_reference: 'SW3000002',
          is_group_booking: true,
          booking_group_id: 'Ana group',
        }),
      })
    ).json().data.id as number;
    const b = (await w.ana.get(`/bookings/${id}`)).json().data;
    expect(b.created_at).toMatch(ISO_UTC);
    expect(b.history[0].occurred_at).toMatch(ISO_UTC);
    const [stored] = await w.q(`select created_at from bookings where id = $1`, [id]);
    expect(b.created_at).toBe((stored!.created_at as Date).toISOString());
    const groups = (await w.ana.get('/booking-groups')).json().data;
    expect(groups.map((g: { created_at: string }) => g.created_at)).toEqual([expect.stringMatching(ISO_UTC)]);
    expect((await w.ana.get(`/booking-groups/${b.booking_group.id}`)).json().data.created_at).toMatch(ISO_UTC);
  });
});
