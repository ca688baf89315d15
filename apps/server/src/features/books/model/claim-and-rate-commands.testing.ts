/** Claims (by an agent, decided, by an admin), and tier and rule changes. */
import fc from 'fast-check';
import { todayUtc } from '../../../clock';
import { PNG } from '../../../test/hostile';
import { type AgentKey } from '../../../test/world';
import { addDays, claimCandidates, modelBooking, money, pick, upsert } from './model.testing';
import { agentChoice, agentFor, always, amountCents, anyTransaction, bookingDate, index, op } from './op.testing';
import { read, step } from './real.testing';
import { type Row, type TierKey, type TieredKey } from './world.testing';

/** An agent claims a credit (one the model thinks unmatched, mostly): a pending request. */
export const agentClaim = op(
  'agentClaim',
  fc.record({
    pick: index,
    by: fc.constantFrom<AgentKey>('ana', 'ana', 'sam', 'pat', 'otto'),
    preferUnmatched: fc.nat({ max: 4 }).map((n) => n > 0),
    date: bookingDate,
  }),
  anyTransaction,
  async (m, r, a) => {
    const t = pick(claimCandidates(m, a.preferUnmatched), a.pick);
    const reference = t.reference.trim().toUpperCase();
    const { res, body } = await step(r, 'agentClaim', a.by, r.w.as[a.by], {
      method: 'POST',
      url: '/api/unclaimed-bookings',
      multipart: {
        reference_number: t.reference,
        booking_data: JSON.stringify({
          transaction_id: t.id,
          booking_reference: reference,
          customer_name: 'Claimed Client',
          booking_date: a.date,
          notes: 'Booked by phone',
        }),
        booking_receipt: { filename: 'receipt.png', contentType: 'image/png', data: PNG },
      },
    });
    if (res.statusCode === 200)
      m.claims.push({ id: (body.data as Row).id as number, transaction: t.id, pending: true });
  },
);

/** The admin approves (the booking is created) or rejects a claim; a decided one is refused. */
export const decideClaim = op(
  'decideClaim',
  fc.record({ pick: index, approve: fc.boolean(), decided: fc.nat({ max: 5 }).map((n) => n === 0) }),
  (m) => m.claims.length > 0,
  async (m, r, a) => {
    const pending = m.claims.filter((c) => c.pending);
    const c = pick(a.decided || !pending.length ? m.claims : pending, a.pick);
    const { res, body } = await step(r, a.approve ? 'approveClaim' : 'rejectClaim', 'admin', r.w.admin, {
      method: 'POST',
      url: `/api/unclaimed-bookings/${c.id}/${a.approve ? 'approve' : 'reject'}`,
      json: a.approve ? {} : { reason: 'Not ours' },
    });
    if (res.statusCode !== 200) return;
    c.pending = false;
    const bookingId = (body.data as Row).booking_id as number | null;
    if (a.approve && bookingId !== null)
      upsert(m, modelBooking(r.w, (await read(r, r.w.admin, `/bookings/${bookingId}`)).data as Row));
  },
);

/** The admin claims a credit directly: `POST /bookings` with is_claimed_booking on the credit's reference and amount. */
export const adminClaim = op(
  'adminClaim',
  fc.record({
    pick: index,
    agent: agentChoice,
    preferUnmatched: fc.nat({ max: 4 }).map((n) => n > 0),
    otherAmount: fc.option(amountCents, { freq: 4 }),
    date: bookingDate,
  }),
  anyTransaction,
  async (m, r, a) => {
    const t = pick(claimCandidates(m, a.preferUnmatched), a.pick);
    const { res, body } = await step(r, 'adminClaim', 'admin', r.w.admin, {
      method: 'POST',
      url: '/bookings',
      json: {
        booking_reference: t.reference.trim().toUpperCase(),
        supplier_id: r.w.supplier[t.supplier],
        booking_date: a.date,
        customer_name: 'Claimed Client',
        booking_amount: a.otherAmount === null ? t.amount : money(a.otherAmount),
        status: 'pending',
        primary_agent_id: r.w.agent[agentFor(t.supplier, a.agent)],
        is_claimed_booking: '1',
      },
    });
    if (res.statusCode === 200) upsert(m, modelBooking(r.w, body.data as Row));
  },
);

/** The agent form with a new tier from a start date in the past (mostly after the current tier's start). */
export const tierChange = op(
  'tierChange',
  fc.record({
    agent: fc.constantFrom<TieredKey>('ana', 'ana', 'otto'),
    tier: fc.constantFrom<TierKey>('gold', 'silver'),
    days: fc.integer({ min: -20, max: 400 }),
  }),
  always,
  async (m, r, a) => {
    const start = [addDays(m.tierStart[a.agent], a.days), todayUtc()].sort()[0]!;
    const { res, body } = await step(r, 'tierChange', 'admin', r.w.admin, {
      method: 'POST',
      url: `/agents/${r.w.agent[a.agent]}`,
      multipart: {
        ...r.w.agentForm[a.agent],
        _method: 'PUT',
        commission_tier_id: String(r.w.tier[a.tier]),
        tier_change_reason: 'Model tier change',
        tier_start_date: start,
      },
    });
    if (res.statusCode === 200 && body.tier_change) m.tierStart[a.agent] = start;
  },
);

/** A tier rule's percentage changed (`POST /commissions/{id}` with _method PUT). */
export const ruleChange = op(
  'ruleChange',
  fc.record({
    rule: fc.constantFrom<TierKey>('gold', 'silver'),
    percentage: fc.constantFrom('0', '5', '12.5', '15.75', '20', '33.33', '100'),
  }),
  always,
  async (_m, r, a) => {
    const rule = r.w.rule[a.rule];
    await step(r, 'ruleChange', 'admin', r.w.admin, {
      method: 'POST',
      url: `/commissions/${rule.id}`,
      json: {
        _method: 'PUT',
        commission_type: 'tier',
        general_id: rule.tier,
        percentage: a.percentage,
        suppliers: rule.suppliers,
      },
    });
  },
);
