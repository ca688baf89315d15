import { beforeAll, describe, expect, it } from 'vitest';
import { insertSupplier } from '../../test/factories';
import { auditRows, createTestApp, type TestApp, type TestClient } from '../../test/test-app';

let t: TestApp;
let admin: TestClient;
let ana: TestClient & { agentId: number | null };
let otto: TestClient & { agentId: number | null };
let sunwing: number;
let tui: number;

beforeAll(async () => {
  t = await createTestApp();
  sunwing = await insertSupplier(t.db, { name: 'Sunwing' });
  tui = await insertSupplier(t.db, { name: 'TUI UK', currency: 'GBP' });
  admin = await t.signedIn('admin');
  ana = await t.signedIn('agent', { name: 'Ana Agent' });
  otto = await t.signedIn('agent', { name: 'Otto Other' });
  for (const a of [ana, otto]) await t.q(`update agents set commission_percentage = 10 where id = $1`, [a.agentId]);
});

async function book(client: TestClient, ref: string, supplier: number, amount: string) {
  const res = await client.post('/bookings', {
    json: {
      booking_reference: ref,
      supplier_id: supplier,
      booking_date: '2026-03-01',
      customer_name: `Customer ${ref}`,
      booking_amount: amount,
    },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.id as number;
}

describe('booking groups', () => {
  let a1: number;
  let a2: number;
  let a3: number;
  let o1: number;
  let groupId: number;

  beforeAll(async () => {
    a1 = await book(ana, 'GA-1', sunwing, '100.00');
    a2 = await book(ana, 'GA-2', tui, '50.50');
    a3 = await book(ana, 'GA-3', sunwing, '20.25');
    o1 = await book(otto, 'GO-1', sunwing, '10.00');
  });

  it('lists the bookings an agent can group: their own, in no group', async () => {
    const res = await ana.get('/bookings-available-for-group');
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('success');
    const rows = res.json().data as { id: number }[];
    expect(rows.map((r) => r.id).sort()).toEqual([a1, a2, a3].sort());
    expect(rows.find((r) => r.id === a2)).toEqual({
      id: a2,
      booking_reference: 'GA-2',
      customer_name: 'Customer GA-2',
      booking_amount: 50.5,
      currency: { code: 'GBP', symbol: '£' },
      agent_name: 'Ana Agent',
      agent_id: ana.agentId,
    });
  });

  it('lets an admin filter the available bookings by agent', async () => {
    const all = (await admin.get('/bookings-available-for-group')).json().data as { id: number }[];
    expect(all.map((r) => r.id)).toEqual(expect.arrayContaining([a1, a2, a3, o1]));
    const otto1 = (await admin.get(`/bookings-available-for-group?agent_id=${otto.agentId}`)).json().data;
    expect(otto1.map((r: { id: number }) => r.id)).toEqual([o1]);
  });

  it('requires a name', async () => {
    const res = await ana.post('/booking-groups', { json: { name: '  ', description: '', selectedBookings: [a1] } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name).toEqual(['The name field is required.']);
    expect(await t.count('booking_groups')).toBe(0);
  });

  it("refuses another agent's booking and writes nothing", async () => {
    const res = await ana.post('/booking-groups', { json: { name: 'Mine', selectedBookings: [a1, o1] } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.selectedBookings).toEqual(['One of the selected bookings is invalid.']);
    expect(await t.count('booking_groups')).toBe(0);
    expect((await t.q('select booking_group_id from bookings where id = $1', [a1]))[0].booking_group_id).toBeNull();
  });

  it('creates a group and moves the bookings into it, audited', async () => {
    const res = await ana.post('/booking-groups', {
      json: { name: 'Smith family', description: 'Summer trip', selectedBookings: [a1, a2] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: 'Booking group created successfully' });
    groupId = res.json().data.id;
    expect(res.json().data).toMatchObject({
      name: 'Smith family',
      description: 'Summer trip',
      agent_id: ana.agentId,
      bookings_count: 2,
      selectedBookings: expect.arrayContaining([a1, a2]),
    });
    const rows = await t.q(
      'select id, booking_group_id, is_group_booking from bookings where id = any($1) order by id',
      [[a1, a2, a3]],
    );
    expect(rows.map((r) => [r.booking_group_id, r.is_group_booking])).toEqual([
      [groupId, true],
      [groupId, true],
      [null, false],
    ]);
    const audit = await auditRows(t.db, 'booking_group');
    expect(audit.at(-1)).toMatchObject({ action: 'create', entity_id: String(groupId) });
    // No longer available to other groups; available when editing this one.
    const free = (await ana.get('/bookings-available-for-group')).json().data.map((r: { id: number }) => r.id);
    expect(free).toEqual([a3]);
    const editing = (await ana.get(`/bookings-available-for-group?group_id=${groupId}`)).json().data;
    expect(editing.map((r: { id: number }) => r.id).sort()).toEqual([a1, a2, a3].sort());
  });

  it('lists groups with counts and per-currency totals; agents see only their own', async () => {
    const list = (await ana.get('/booking-groups')).json();
    expect(list).toMatchObject({ current_page: 1, total: 1 });
    expect(list.data[0]).toMatchObject({ id: groupId, bookings_count: 2 });
    expect(list.data[0].totals).toEqual([
      expect.objectContaining({ currency_code: 'CAD', total: 100 }),
      expect.objectContaining({ currency_code: 'GBP', total: 50.5 }),
    ]);
    expect((await otto.get('/booking-groups')).json().total).toBe(0);
    expect((await otto.get('/api/booking-groups')).json()).toEqual({ status: 'success', data: [] });
    expect((await ana.get('/api/booking-groups')).json()).toEqual({
      status: 'success',
      data: [{ id: groupId, name: 'Smith family' }],
    });
    expect((await admin.get('/api/booking-groups')).json().data).toEqual([{ id: groupId, name: 'Smith family' }]);
    expect((await otto.get(`/booking-groups/${groupId}`)).statusCode).toBe(404);
  });

  it('updates a group: removed bookings leave it, new ones join', async () => {
    const res = await ana.post(`/booking-groups/${groupId}`, {
      json: { _method: 'PUT', name: 'Smith family 2', description: '', selectedBookings: [a2, a3] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Booking group updated successfully');
    const rows = await t.q(
      'select id, booking_group_id, is_group_booking from bookings where id = any($1) order by id',
      [[a1, a2, a3]],
    );
    expect(rows.map((r) => [r.booking_group_id, r.is_group_booking])).toEqual([
      [null, false],
      [groupId, true],
      [groupId, true],
    ]);
    const audit = await auditRows(t.db, 'booking_group');
    expect(audit.at(-1)).toMatchObject({ action: 'update', before: expect.objectContaining({ name: 'Smith family' }) });
  });

  it("refuses a booking that is in another group, and another agent's group", async () => {
    const other = await admin.post('/booking-groups', { json: { name: 'Admin group', selectedBookings: [a2] } });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.selectedBookings).toEqual(['One of the selected bookings is already in another group.']);
    const res = await otto.post(`/booking-groups/${groupId}`, {
      json: { _method: 'PUT', name: 'Hijack', selectedBookings: [] },
    });
    expect(res.statusCode).toBe(404);
  });

  it("gives an admin's group to the agent of its bookings", async () => {
    const res = await admin.post('/booking-groups', { json: { name: 'Otto trips', selectedBookings: [o1] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.agent_id).toBe(otto.agentId);
    expect((await otto.get('/api/booking-groups')).json().data).toEqual([
      { id: res.json().data.id, name: 'Otto trips' },
    ]);
  });

  it('needs a session and a CSRF token', async () => {
    expect((await t.client().get('/api/booking-groups')).statusCode).toBe(401);
    expect((await ana.post('/booking-groups', { json: { name: 'x' } }, { csrf: false })).statusCode).toBe(419);
  });
});
