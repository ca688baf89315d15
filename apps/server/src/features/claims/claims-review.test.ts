import { beforeAll, describe, expect, it } from 'vitest';
import { claim, claimsWorld, pdf, ref, type ClaimsWorld, type Client } from './claims.testing';

/**
 * Issue 13: the admin review (CONTRACT.md §3): the pending list, approve (the booking is created as if
 * the claiming agent had booked it, and matches the transaction), reject with a reason (the credit is
 * unmatched again); one decision per claim, even at the same moment; an audit row per decision.
 */
let w: ClaimsWorld;
beforeAll(async () => {
  w = await claimsWorld();
});

/** A fresh credit on `account` and `agent`'s pending claim of it. */
async function pendingClaim(agent: Client, account: number, amount = '200.00', reference = ref('RV')) {
  const tx = await w.payment(account, reference, amount);
  const res = await claim(agent, tx, reference);
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().data.id as number, tx, reference };
}

const claimAudits = async (id: number) =>
  w.q(
    `select user_id, action, before, after from audit_logs where entity_type = 'claim_request' and entity_id = $1 order by id`,
    [String(id)],
  );

describe('GET /api/unclaimed-bookings (review list)', () => {
  it('lists the pending requests by default, newest first, with the agent, transaction, booking data and receipt link', async () => {
    const older = await pendingClaim(w.ana, w.acc.tui);
    const newer = await pendingClaim(w.pat, w.acc.transat);
    const res = await w.admin.get('/api/unclaimed-bookings');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const ids = body.data.map((c: { id: number }) => c.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(body.data.every((c: { status: string }) => c.status === 'pending')).toBe(true);
    const row = body.data.find((c: { id: number }) => c.id === newer.id);
    expect(row).toMatchObject({
      agent: { id: w.pat.agentId, name: 'Pat Parent' },
      transaction: { id: newer.tx, reference_number: newer.reference, amount: 200, supplier_name: 'Transat' },
      booking_data: { booking_reference: newer.reference, customer_name: 'Chris Customer' },
      receipt: { url: `/api/unclaimed-bookings/${newer.id}/receipt` },
    });
    expect(body).toMatchObject({ current_page: 1, per_page: 10, from: 1 });
  });

  it('filters by state and pages', async () => {
    const a = await pendingClaim(w.ana, w.acc.tui);
    const r = await w.admin.post(`/api/unclaimed-bookings/${a.id}/reject`, { json: { reason: 'Duplicate' } });
    expect(r.statusCode, r.body).toBe(200);
    const rejected = (await w.admin.get('/api/unclaimed-bookings?status=rejected')).json();
    expect(rejected.data.map((c: { id: number }) => c.id)).toContain(a.id);
    expect(rejected.data.every((c: { status: string }) => c.status === 'rejected')).toBe(true);
    const all = (await w.admin.get('/api/unclaimed-bookings?status=all&per_page=10')).json();
    const n = await w.t.count('claim_requests');
    expect(all.total).toBe(n);
    const page2 = (await w.admin.get('/api/unclaimed-bookings?status=all&per_page=10&page=2')).json();
    expect(page2.current_page).toBe(2);
    expect(page2.from).toBe(n > 10 ? 11 : null);
  });
});

describe('POST /api/unclaimed-bookings/{id}/approve', () => {
  it("creates the agent's pending claimed booking for the transaction's supplier and amount, with the receipt, matched", async () => {
    const c = await pendingClaim(w.ana, w.acc.tui, '512.80');
    const res = await w.admin.post(`/api/unclaimed-bookings/${c.id}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Claim approved: the booking was created.');
    expect(body.data).toMatchObject({
      status: 'approved',
      decided_by: { id: w.admin.userId, name: 'Ada Admin' },
      rejection_reason: null,
    });
    expect(body.data.decided_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const bookingId = body.data.booking_id as number;
    const booking = (await w.ana.get(`/bookings/${bookingId}`)).json().data;
    expect(booking).toMatchObject({
      booking_reference: c.reference,
      customer_name: 'Chris Customer',
      booking_date: '2026-03-02',
      notes: 'Booked by phone',
      booking_amount: 512.8,
      status: 'pending',
      is_claimed_booking: true,
      supplier_id: w.tui,
      primary_agent_id: w.ana.agentId,
      sub_agent_id: null,
      expected_commission: 64.1,
      booking_receipt: { filename: 'receipt.png' },
    });
    expect(booking.transaction_status).toMatchObject({ status: 'match', transaction_count: 1, can_payout: true });
    expect(booking.actual_commissions.map((l: { agent_id: number; amount: number }) => [l.agent_id, l.amount])).toEqual(
      [[w.ana.agentId, 64.1]],
    );
    const [stored] = await w.q(`select transaction_match_status from bookings where id = $1`, [bookingId]);
    expect(stored!.transaction_match_status).toBe('match');
    // The booking's audit row: created for Ana by the admin who approved, naming the claim.
    const [created] = await w.q(
      `select user_id, meta from audit_logs where entity_type = 'booking' and entity_id = $1 and action = 'create'`,
      [String(bookingId)],
    );
    expect(created).toMatchObject({
      user_id: w.admin.userId,
      meta: { claim_request_id: c.id, booked_for_user_id: w.ana.userId },
    });
    expect(await claimAudits(c.id)).toMatchObject([
      { action: 'create', user_id: w.ana.userId },
      {
        action: 'approve',
        user_id: w.admin.userId,
        before: { status: 'pending' },
        after: { status: 'approved', booking_id: bookingId, transaction_id: c.tx },
      },
    ]);
    // The agent sees the outcome on My claims.
    const mine = (await w.ana.get('/api/unclaimed-bookings/mine')).json();
    expect(mine.data.find((x: { id: number }) => x.id === c.id)).toMatchObject({
      status: 'approved',
      booking_id: bookingId,
    });
    // No longer unmatched: the credit matches the booking.
    const list = (await w.admin.get(`/api/reports/unmatched-transactions?search=${c.reference}`)).json();
    expect(list.total).toBe(0);
  });

  it("registers a sub-agent's via-parent claim under the parent with the split", async () => {
    const reference = ref('VP');
    const tx = await w.payment(w.acc.transat, reference, '100.00');
    const res = await claim(w.sam, tx, reference, { fields: { booking_receipt: pdf() } });
    expect(res.statusCode, res.body).toBe(200);
    const approved = await w.admin.post(`/api/unclaimed-bookings/${res.json().data.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const booking = (await w.admin.get(`/bookings/${approved.json().data.booking_id}`)).json().data;
    // Pat's own 70%: Sam gets 40% of it (28% of gross), Pat the rest (42%).
    expect(booking).toMatchObject({
      primary_agent_id: w.pat.agentId,
      sub_agent_id: w.sam.agentId,
      is_sub_agent: true,
      parent_agent_id: w.pat.agentId,
      split_percentage: 40,
      expected_commission: 70,
      status: 'pending',
      is_claimed_booking: true,
    });
    const lines = booking.actual_commissions
      .map((l: { agent_id: number; amount: number; percentage: number }) => [l.agent_id, l.percentage, l.amount])
      .sort((a: number[], b: number[]) => a[0]! - b[0]!);
    expect(lines).toEqual(
      [
        [w.pat.agentId, 42, 42],
        [w.sam.agentId, 28, 28],
      ].sort((a, b) => a[0]! - b[0]!),
    );
    expect(booking.transaction_status.status).toBe('match');
  });

  it('refuses a second approval with the state, and writes nothing', async () => {
    const c = await pendingClaim(w.ana, w.acc.tui);
    expect((await w.admin.post(`/api/unclaimed-bookings/${c.id}/approve`)).statusCode).toBe(200);
    const before = await w.written();
    const again = await w.admin2.post(`/api/unclaimed-bookings/${c.id}/approve`);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      message: 'This claim has already been approved.',
      errors: { status: ['This claim has already been approved.'] },
    });
    const reject = await w.admin2.post(`/api/unclaimed-bookings/${c.id}/reject`, { json: { reason: 'Too late' } });
    expect(reject.json().message).toBe('This claim has already been approved.');
    expect(await w.written()).toEqual(before);
  });

  it('approves once when two admins approve at the same moment', async () => {
    const c = await pendingClaim(w.ana, w.acc.tui);
    const before = await w.written();
    const results = await Promise.all([
      w.admin.post(`/api/unclaimed-bookings/${c.id}/approve`),
      w.admin2.post(`/api/unclaimed-bookings/${c.id}/approve`),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(results.find((r) => r.statusCode === 422)!.json().message).toBe('This claim has already been approved.');
    const after = await w.written();
    expect(after.bookings - before.bookings).toBe(1);
    const [{ n }] = (await w.q(`select count(*)::int as n from bookings where booking_reference = $1`, [
      c.reference,
    ])) as [{ n: number }];
    expect(n).toBe(1);
    expect((await claimAudits(c.id)).map((a) => a.action)).toEqual(['create', 'approve']);
  });

  it('takes one decision when an approval and a rejection come at the same moment', async () => {
    const c = await pendingClaim(w.ana, w.acc.tui);
    const results = await Promise.all([
      w.admin.post(`/api/unclaimed-bookings/${c.id}/approve`),
      w.admin2.post(`/api/unclaimed-bookings/${c.id}/reject`, { json: { reason: 'No receipt' } }),
    ]);
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 422);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(1);
    const state = ok[0]!.json().data.status as 'approved' | 'rejected';
    expect(refused[0]!.json().message).toBe(`This claim has already been ${state}.`);
    const [row] = await w.q(`select status, booking_id, rejection_reason from claim_requests where id = $1`, [c.id]);
    const [{ n }] = (await w.q(`select count(*)::int as n from bookings where booking_reference = $1`, [
      c.reference,
    ])) as [{ n: number }];
    if (state === 'approved') {
      expect(row).toMatchObject({ status: 'approved', rejection_reason: null });
      expect(n).toBe(1);
    } else {
      expect(row).toMatchObject({ status: 'rejected', booking_id: null, rejection_reason: 'No receipt' });
      expect(n).toBe(0);
    }
    expect((await claimAudits(c.id)).map((a) => a.action)).toEqual([
      'create',
      state === 'approved' ? 'approve' : 'reject',
    ]);
  });

  it('refuses when a booking of the reference was recorded meanwhile, keeping the claim pending', async () => {
    const c = await pendingClaim(w.ana, w.acc.tui);
    await w.booking(w.tui, c.reference, '200.00', w.otto.agentId!);
    const before = await w.written();
    const res = await w.admin.post(`/api/unclaimed-bookings/${c.id}/approve`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('This transaction already matches a booking of its supplier.');
    expect(await w.written()).toEqual(before);
    const [row] = await w.q(`select status, decided_at from claim_requests where id = $1`, [c.id]);
    expect(row).toEqual({ status: 'pending', decided_at: null });
  });

  it('answers 404 for an unknown claim', async () => {
    expect((await w.admin.post('/api/unclaimed-bookings/2000000000/approve')).statusCode).toBe(404);
    expect((await w.admin.post('/api/unclaimed-bookings/abc/approve')).statusCode).toBe(404);
  });
});

describe('POST /api/unclaimed-bookings/{id}/reject', () => {
  it('closes the request with the reason and puts the credit back in the unmatched list', async () => {
    const c = await pendingClaim(w.pat, w.acc.transat, '75.25');
    const before = (await w.admin.get(`/api/reports/unmatched-transactions?search=${c.reference}`)).json();
    expect(before.total).toBe(0);
    const res = await w.admin.post(`/api/unclaimed-bookings/${c.id}/reject`, {
      form: { reason: '  No matching trip in our records.  ' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Claim rejected.',
      data: {
        status: 'rejected',
        rejection_reason: 'No matching trip in our records.',
        booking_id: null,
        decided_by: { id: w.admin.userId },
      },
    });
    const list = (await w.admin.get(`/api/reports/unmatched-transactions?search=${c.reference}`)).json();
    expect(list.data.map((t: { id: number; amount: number }) => [t.id, t.amount])).toEqual([[c.tx, 75.25]]);
    expect(await claimAudits(c.id)).toMatchObject([
      { action: 'create' },
      {
        action: 'reject',
        user_id: w.admin.userId,
        after: { status: 'rejected', rejection_reason: 'No matching trip in our records.' },
      },
    ]);
    const mine = (await w.pat.get('/api/unclaimed-bookings/mine?status=rejected')).json();
    expect(mine.data.find((x: { id: number }) => x.id === c.id)).toMatchObject({
      status: 'rejected',
      rejection_reason: 'No matching trip in our records.',
    });
    // And it can be claimed again.
    const again = await claim(w.pat, c.tx, c.reference);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('requires a reason of at most 1000 characters, and writes nothing', async () => {
    const c = await pendingClaim(w.ana, w.acc.tui);
    const before = await w.written();
    const blank = await w.admin.post(`/api/unclaimed-bookings/${c.id}/reject`, { json: { reason: ' ' } });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({ reason: ['The reason field is required.'] });
    const long = await w.admin.post(`/api/unclaimed-bookings/${c.id}/reject`, { json: { reason: 'x'.repeat(1001) } });
    expect(long.json().errors).toEqual({ reason: ['The reason field must not be greater than 1000 characters.'] });
    expect(await w.written()).toEqual(before);
  });
});

describe("an admin's claim (POST /bookings with is_claimed_booking)", () => {
  it('creates the matched booking at once, with no request to review', async () => {
    const reference = ref('AC');
    await w.payment(w.acc.tui, reference, '88.00');
    const before = await w.written();
    const res = await w.admin.post('/bookings', {
      multipart: {
        booking_reference: reference,
        customer_name: 'Chris Customer',
        booking_date: '2026-03-02',
        supplier_id: String(w.tui),
        booking_amount: '88.00',
        expected_commission: '11.00',
        status: 'pending',
        is_personal: '0',
        notes: '',
        is_claimed_booking: '1',
        primary_agent_id: String(w.otto.agentId),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'pending',
      is_claimed_booking: true,
      primary_agent_id: w.otto.agentId,
      expected_commission: 11,
      transaction_status: { status: 'match', transaction_count: 1 },
    });
    const after = await w.written();
    expect(after.claims).toBe(before.claims);
    const list = (await w.admin.get(`/api/reports/unmatched-transactions?search=${reference}`)).json();
    expect(list.total).toBe(0);
  });
});
