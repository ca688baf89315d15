/** Bookings created, edited, cancelled and deleted, by an admin or an agent. */
import fc from 'fast-check';
import { type AgentKey, type SupplierKey } from '../../../test/world';
import { type MBooking, type Model, cents, modelBooking, money, pick, upsert } from './model.testing';
import {
  agentChoice,
  agentFor,
  agentKey,
  always,
  amountCents,
  anyBooking,
  bookingDate,
  index,
  op,
  refChoice,
  refIndex,
  referenceOf,
  supplierKey,
} from './op.testing';
import { type Real, read, step } from './real.testing';
import { REFERENCES, type Row } from './world.testing';

export const newBookingArgs = {
  agent: agentChoice,
  supplier: supplierKey,
  ref: refChoice,
  amount: amountCents,
  /** One admin booking in four is a refund (negative gross); one agent booking in eight tries (refused). */
  refund: fc.nat({ max: 7 }),
  status: fc.constantFrom('pending', 'confirmed'),
  date: bookingDate,
};

interface NewBooking {
  agent: number | AgentKey;
  supplier: SupplierKey;
  ref: number | null;
  amount: number;
  refund: number;
  status: string;
  date: string;
}

/** `POST /bookings` by the admin (refunds too) or by an agent for themselves; the booking, when created. */
export async function newBooking(m: Model, r: Real, by: 'admin' | 'agent', a: NewBooking): Promise<MBooking | null> {
  const admin = by === 'admin';
  const agent = agentFor(a.supplier, a.agent);
  const { res, body } = await step(
    r,
    `createBooking(${by})`,
    admin ? 'admin' : agent,
    admin ? r.w.admin : r.w.as[agent],
    {
      method: 'POST',
      url: '/bookings',
      json: {
        booking_reference: referenceOf(m, a.ref),
        supplier_id: r.w.supplier[a.supplier],
        booking_date: a.date,
        customer_name: 'Model Client',
        booking_amount: money(a.refund < (admin ? 2 : 1) ? -a.amount : a.amount),
        status: a.status,
        ...(admin ? { primary_agent_id: r.w.agent[agent] } : {}),
      },
    },
  );
  if (res.statusCode !== 200) return null;
  const b = modelBooking(r.w, body.data as Row);
  upsert(m, b);
  return b;
}

/** Admin (refunds too) or an agent for themselves: a new booking. */
export const createBooking = op(
  'createBooking',
  fc.record({ by: fc.constantFrom<'admin' | 'agent'>('admin', 'admin', 'admin', 'agent'), ...newBookingArgs }),
  always,
  async (m, r, a) => {
    await newBooking(m, r, a.by, a);
  },
);

/** The booking form read back and posted with changes: by the admin, the agent it was booked for, or another agent (404). */
export const editBooking = op(
  'editBooking',
  fc.record({
    pick: index,
    by: fc.constantFrom('admin', 'admin', 'owner', 'other'),
    amount: fc.option(amountCents, { freq: 2 }),
    negate: fc.boolean(),
    ref: fc.option(refIndex, { freq: 3 }),
    supplier: fc.option(supplierKey, { freq: 4 }),
    status: fc.option(fc.constantFrom('pending', 'confirmed'), { freq: 2 }),
    date: fc.option(bookingDate, { freq: 3 }),
    agent: fc.option(agentKey, { freq: 5 }),
  }),
  anyBooking,
  async (m, r, a) => {
    const b = pick(m.bookings, a.pick);
    const cur = (await read(r, r.w.admin, `/bookings/${b.id}`)).data as Row;
    const who = a.by === 'admin' ? 'admin' : a.by === 'owner' ? b.booker : b.booker === 'ana' ? 'otto' : 'ana';
    const gross = a.amount === null ? cents(cur.booking_amount) : a.negate ? -a.amount : a.amount;
    const { res, body } = await step(r, `editBooking(${a.by})`, who, who === 'admin' ? r.w.admin : r.w.as[who], {
      method: 'POST',
      url: `/bookings/${b.id}`,
      json: {
        _method: 'PUT',
        booking_reference: a.ref === null ? cur.booking_reference : REFERENCES[a.ref],
        supplier_id: a.supplier === null ? cur.supplier_id : r.w.supplier[a.supplier],
        booking_date: a.date ?? cur.booking_date,
        customer_name: cur.customer_name,
        booking_amount: money(gross),
        status: a.status ?? cur.status,
        ...(who === 'admin' ? { primary_agent_id: r.w.agent[a.agent ?? b.booker] } : {}),
      },
    });
    if (res.statusCode === 200) upsert(m, modelBooking(r.w, body.data as Row));
  },
);

export const cancelBooking = op('cancelBooking', fc.record({ pick: index }), anyBooking, async (m, r, a) => {
  const b = pick(m.bookings, a.pick);
  const { res } = await step(r, 'cancelBooking', 'admin', r.w.admin, {
    method: 'POST',
    url: `/bookings/${b.id}/cancel`,
    json: { cancellation_note: 'Model cancels' },
  });
  if (res.statusCode === 200) b.live = false;
});

/** `POST {path}/{id}` with `_method: DELETE` by the admin, on a row of the model's list; gone from it when deleted. */
export const deleteOp = (name: string, list: (m: Model) => { id: number }[], path: string) =>
  op(
    name,
    fc.record({ pick: index }),
    (m) => list(m).length > 0,
    async (m, r, a) => {
      const row = pick(list(m), a.pick);
      const { res } = await step(r, name, 'admin', r.w.admin, {
        method: 'POST',
        url: `${path}/${row.id}`,
        json: { _method: 'DELETE' },
      });
      if (res.statusCode === 200) list(m).splice(list(m).indexOf(row), 1);
    },
  );

export const deleteBooking = deleteOp('deleteBooking', (m) => m.bookings, '/bookings');
