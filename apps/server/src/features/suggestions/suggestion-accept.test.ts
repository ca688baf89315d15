import { beforeAll, describe, expect, it } from 'vitest';
import { createBooking, createPayment, freshReference } from '../../test/factories';
import { buildWorld, type World } from '../../test/world';
import { checkBooks } from '../books';

/**
 * Accepting and rejecting match suggestions (issue 24 §1) through the API: the credit takes the booking's
 * reference (the original kept and audited), a split becomes one transaction per booking adding up to the
 * credit, every refusal changes nothing, two admins racing cannot make one credit fund two bookings, and
 * 'Accept all' previews and applies only what is at the threshold and unambiguous. The money invariants
 * (checkBooks) hold at the end.
 */
let w: World;
let n = 0;
/** A fresh tag per test: references of one test never near another's. */
const fresh = () =>
  `${freshReference('Q')
    .replace(/[^A-Z0-9]/g, '')
    .slice(-4)}${++n}`;

const booking = async (reference: string, amount: string, supplier = w.supplier.transat, extra = {}) =>
  (
    await createBooking(w.admin, {
      agent: w.agent.ana,
      supplier,
      amount,
      reference,
      customer_name: 'Martin, Claire',
      ...extra,
    })
  ).id;
const credit = (reference: string, amount: string, extra: { partial?: boolean } = {}) =>
  createPayment(w.admin, {
    account: w.account.transat,
    currency: w.accountCurrency[w.account.transat]!,
    reference,
    amount,
    ...extra,
  });
const accept = (transaction: number, body: object) =>
  w.admin.post(`/api/transactions/${transaction}/accept-suggestion`, { json: body });
const row = async (id: number) =>
  (
    await w.q(
      `select reference_number, amount::text, is_partial, original_reference_number, original_amount::text,
              split_from_transaction_id from transactions where id = $1`,
      [id],
    )
  )[0]!;
const matchStatus = async (id: number) =>
  (await w.q(`select transaction_match_status as s from bookings where id = $1`, [id]))[0]!.s as string;
const suggestionsOf = async (id: number) => {
  const res = await w.admin.get(`/api/reports/match-suggestions?transaction_ids=${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data[0]?.suggestions ?? []) as { bookings: { id: number }[]; score: number }[];
};
const snapshot = () =>
  w
    .q(`select id, reference_number, amount::text, is_partial from transactions order by id`)
    .then((r) => JSON.stringify(r));

beforeAll(async () => {
  w = await buildWorld();
});

describe('accepting one booking', () => {
  it("gives the credit the booking's reference, keeps the original, audits it and matches the booking", async () => {
    const t = fresh();
    const b = await booking(`${t}-604417`, '1265.00');
    const c = await credit(`${t.toLowerCase()} 6O4417`, '1265.00');
    expect((await suggestionsOf(c))[0]).toMatchObject({ bookings: [{ id: b }], score: 100 });

    const res = await accept(c, { booking_ids: [b] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: `Credit ${t.toLowerCase()} 6O4417 now matches booking ${t}-604417.`,
      data: {
        original_reference_number: `${t.toLowerCase()} 6O4417`,
        parts: [{ transaction_id: c, booking_id: b, booking_reference: `${t}-604417`, amount: 1265 }],
      },
    });
    expect(await row(c)).toEqual({
      reference_number: `${t}-604417`,
      amount: '1265.00',
      is_partial: false,
      original_reference_number: `${t.toLowerCase()} 6O4417`,
      original_amount: '1265.00',
      split_from_transaction_id: null,
    });
    expect(await matchStatus(b)).toBe('match');
    const [audit] = await w.q(
      `select action, before, after, user_id from audit_logs where entity_type = 'transaction' and entity_id = $1
        order by id desc limit 1`,
      [String(c)],
    );
    expect(audit).toMatchObject({
      action: 'accept_suggestion',
      before: { reference_number: `${t.toLowerCase()} 6O4417`, amount: '1265.00' },
      after: { reference_number: `${t}-604417`, amount: '1265.00', booking_id: b },
    });
    // No longer an unmatched credit: not suggested, not accepted twice.
    expect(await suggestionsOf(c)).toEqual([]);
    const again = await accept(c, { booking_ids: [b] });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.transaction[0]).toMatch(/^Credit .* is no longer an unmatched credit/);
  });

  it('takes a credit onto a booking paid in part as partial too, so the booking is matched, not ambiguous', async () => {
    const t = fresh();
    const b = await booking(`${t}-5000`, '1000.00');
    await credit(`${t}-5000`, '400.00', { partial: true });
    expect(await matchStatus(b)).toBe('partial');
    const c = await credit(`${t} 5000 balance`, '600.00');
    expect((await accept(c, { booking_ids: [b] })).statusCode).toBe(200);
    expect((await row(c)).is_partial).toBe(true);
    expect(await matchStatus(b)).toBe('match');
  });
});

describe('accepting a split', () => {
  it('makes one transaction per booking from their gross when it adds up to the credit', async () => {
    const t = fresh();
    const [a, b] = [await booking(`${t}-771200`, '300.00'), await booking(`${t}-771201`, '200.00')];
    const c = await credit(`${t}-771200/${t}-771201`, '500.00');
    const res = await accept(c, { booking_ids: [a, b] });
    expect(res.statusCode, res.body).toBe(200);
    const parts = res.json().data.parts as { transaction_id: number; booking_id: number; amount: number }[];
    expect(parts.map((p) => [p.booking_id, p.amount])).toEqual([
      [a, 300],
      [b, 200],
    ]);
    expect(parts[0]!.transaction_id).toBe(c);
    expect(await row(parts[1]!.transaction_id)).toMatchObject({
      reference_number: `${t}-771201`,
      amount: '200.00',
      original_reference_number: `${t}-771200/${t}-771201`,
      original_amount: '500.00',
      split_from_transaction_id: c,
    });
    expect([await matchStatus(a), await matchStatus(b)]).toEqual(['match', 'match']);

    // The parts add up to what the supplier sent: neither amount can be edited; a credit accepted whole can.
    const edit = (id: number, amount: string) =>
      w.admin.post(`/transactions/${id}`, {
        multipart: {
          _method: 'PUT',
          account_id: String(w.account.transat),
          transaction_type: 'credit',
          currency_id: String(w.accountCurrency[w.account.transat]),
          amount,
          reference_number: id === c ? `${t}-771200` : `${t}-771201`,
          status: 'completed',
          is_partial: '0',
        },
      });
    for (const id of [c, parts[1]!.transaction_id]) {
      const res = await edit(id, '250.00');
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.amount).toEqual([
        'This transaction is part of a supplier credit split across bookings: its parts add up to what the supplier sent, so its amount cannot be changed.',
      ]);
    }
    expect((await edit(c, '300.00')).statusCode).toBe(200);
  });

  it('asks for the amounts when the gross does not add up, and takes them only when they add up exactly', async () => {
    const t = fresh();
    const [a, b] = [await booking(`${t}-1`, '300.00'), await booking(`${t}-2`, '200.00')];
    const c = await credit(`${t}-1 ${t}-2`, '495.00');
    const before = await snapshot();
    const none = await accept(c, { booking_ids: [a, b] });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.amounts).toEqual([
      "The bookings' gross adds up to 500.00, not the credit's 495.00: enter the amount each booking takes.",
    ]);
    const off = await accept(c, { booking_ids: [a, b], amounts: ['297.00', '197.99'] });
    expect(off.json().errors.amounts).toEqual(["The amounts add up to 494.99, not the credit's 495.00."]);
    const count = await accept(c, { booking_ids: [a, b], amounts: ['495.00'] });
    expect(count.json().errors.amounts).toEqual(['Enter one amount for each of the 2 bookings.']);
    expect(await snapshot()).toBe(before);

    const ok = await accept(c, { booking_ids: [a, b], amounts: ['297.00', '198.00'] });
    expect(ok.statusCode, ok.body).toBe(200);
    const ids = (ok.json().data.parts as { transaction_id: number }[]).map((p) => p.transaction_id);
    const amounts = await w.q(`select amount::text from transactions where id = any($1) order by id`, [ids]);
    expect(amounts.map((r) => r.amount)).toEqual(['297.00', '198.00']);
    // Short of the gross: each booking is to reconcile, as any short credit leaves it.
    expect([await matchStatus(a), await matchStatus(b)]).toEqual(['mismatch', 'mismatch']);
  });
});

describe('refusals change nothing', () => {
  it('refuses bookings that cannot take the credit, with the reason, and unknown ids', async () => {
    const t = fresh();
    const other = await booking(`${t}-TUI`, '100.00', w.supplier.tui);
    const cancelled = await booking(`${t}-CX`, '100.00');
    await w.q(`update bookings set status = 'cancelled' where id = $1`, [cancelled]);
    const funded = await booking(`${t}-FULL`, '100.00');
    await credit(`${t}-FULL`, '90.00'); // short, not partial: mismatch
    const dupA = await booking(`${t}-DUP`, '100.00');
    await booking(`${t}-DUP`, '100.00');
    const refund = await booking(`${t}-RF`, '-100.00');
    const c = await credit(`${t} something`, '100.00');
    const before = await snapshot();

    const cases: [number[], string][] = [
      [[other], `Booking ${t}-TUI is not a booking of the credit's supplier.`],
      [[cancelled], `Booking ${t}-CX is cancelled: it takes no money.`],
      [
        [funded],
        `Booking ${t}-FULL already has a transaction that is not partial (match status mismatch): a second credit would make it ambiguous. Mark that transaction partial or reconcile the booking first.`,
      ],
      [
        [dupA],
        `Booking ${t}-DUP shares its reference with another live booking of the supplier: resolve the duplicate first (DOMAIN.md: one credit must not fund two bookings).`,
      ],
      [[999_999], 'The selected bookings are invalid.'],
    ];
    for (const [ids, message] of cases) {
      const res = await accept(c, { booking_ids: ids });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.booking_ids).toEqual([message]);
    }
    const rf = await accept(c, { booking_ids: [refund] });
    expect(rf.json().errors.amounts).toEqual([
      `Booking ${t}-RF is a refund (its gross is not above 0): a credit cannot pay it.`,
    ]);
    for (const body of [{}, { booking_ids: [] }, { booking_ids: [funded, funded] }, { booking_ids: ['x'] }]) {
      expect((await accept(c, body)).statusCode).toBe(422);
    }
    expect((await accept(2_000_000_000, { booking_ids: [funded] })).statusCode).toBe(404);
    expect(
      (await w.as.ana.post(`/api/transactions/${c}/accept-suggestion`, { json: { booking_ids: [funded] } })).statusCode,
    ).toBe(403);
    expect(await snapshot()).toBe(before);
  });

  it('refuses a credit that is not an unmatched supplier credit', async () => {
    const t = fresh();
    const b = await booking(`${t}-9`, '50.00');
    const debit = await createPayment(w.admin, {
      account: w.account.transat,
      currency: w.accountCurrency[w.account.transat]!,
      reference: `${t} 9`,
      amount: '50.00',
      type: 'debit',
    });
    const res = await accept(debit, { booking_ids: [b] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.transaction[0]).toMatch(/no longer an unmatched credit/);
  });
});

describe('two admins at once', () => {
  it('lets one credit go to one booking only, whoever is first', async () => {
    const t = fresh();
    const [a, b] = [await booking(`${t}-A1`, '100.00'), await booking(`${t}-B1`, '100.00')];
    const c = await credit(`${t} A1 B1`, '100.00');
    const results = await Promise.all([accept(c, { booking_ids: [a] }), accept(c, { booking_ids: [b] })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const statuses = [await matchStatus(a), await matchStatus(b)].sort();
    expect(statuses).toEqual(['match', 'no_transaction']);
    expect(
      Number(
        (await w.q(`select count(*) as n from transactions where original_reference_number = $1`, [`${t} A1 B1`]))[0]!
          .n,
      ),
    ).toBe(1);
  });

  it('lets one booking take one of two credits, the other refused', async () => {
    const t = fresh();
    const b = await booking(`${t}-X1`, '100.00');
    const [c1, c2] = [await credit(`${t} X1`, '100.00'), await credit(`${t}X1 `, '100.00')];
    const results = await Promise.all([accept(c1, { booking_ids: [b] }), accept(c2, { booking_ids: [b] })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(await matchStatus(b)).toBe('match');
  });
});

describe('rejecting', () => {
  it('never suggests that booking for that credit again, and says so', async () => {
    const t = fresh();
    const b = await booking(`${t}-R1`, '80.00');
    const c = await credit(`${t}R1`, '80.00');
    expect((await suggestionsOf(c)).map((s) => s.bookings[0]!.id)).toEqual([b]);
    const res = await w.admin.post(`/api/transactions/${c}/reject-suggestion`, { json: { booking_ids: [b] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(`Credit ${t}R1 will not be suggested for ${t}-R1 again.`);
    expect(await suggestionsOf(c)).toEqual([]);
    // Again: nothing more, the same answer.
    expect(
      (await w.admin.post(`/api/transactions/${c}/reject-suggestion`, { json: { booking_ids: [b] } })).statusCode,
    ).toBe(200);
    const audits = await w.q(
      `select count(*)::int as n from audit_logs where action = 'reject_suggestion' and entity_id = $1`,
      [String(c)],
    );
    expect(audits[0]!.n).toBe(1);
    const other = await booking(`${t}-R2`, '80.00', w.supplier.tui);
    const bad = await w.admin.post(`/api/transactions/${c}/reject-suggestion`, { json: { booking_ids: [other] } });
    expect(bad.statusCode).toBe(422);
  });
});

describe("'Accept all above N'", () => {
  it('previews only clear suggestions at N or more, leaves a booking two credits point at, and applies once', async () => {
    const t = fresh();
    const clear = await booking(`${t}-C100`, '250.00');
    const contested = await booking(`${t}-K200`, '120.00');
    await booking(`${t}-W300`, '75.00');
    const c1 = await credit(`${t} C100`, '250.00');
    const k1 = await credit(`${t}K200`, '120.00');
    const k2 = await credit(`${t}-K2OO`, '120.00');
    const weak = await credit(`${t}-W309`, '75.00'); // one character off: 45 + 25 + 5 = 75, below 90
    const filters = { include_suppliers: [w.supplier.transat], search: t };

    const low = await w.admin.post('/api/reports/match-suggestions/accept-all/preview', {
      json: { min_score: 80, ...filters },
    });
    expect(low.statusCode).toBe(422);
    expect(low.json().errors.min_score).toEqual([
      'Suggestions are accepted in bulk at the auto-accept threshold (90) or above: raise the score, or lower the threshold in Settings.',
    ]);

    const preview = await w.admin.post('/api/reports/match-suggestions/accept-all/preview', {
      json: { min_score: 90, ...filters },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const data = preview.json().data;
    expect(data).toMatchObject({ min_score: 90, threshold: 90, considered: 4, more: false });
    expect(data.items.map((i: { transaction_id: number }) => i.transaction_id)).toEqual([c1]);
    expect(data.items[0].bookings).toEqual([expect.objectContaining({ id: clear, amount: 250 })]);
    const reasons = Object.fromEntries(
      data.skipped.map((s: { transaction_id: number; reason: string }) => [s.transaction_id, s.reason]),
    );
    expect(reasons).toEqual({
      [k1]: `Booking ${t}-K200 is the best suggestion of 2 credits: choose by hand.`,
      [k2]: `Booking ${t}-K200 is the best suggestion of 2 credits: choose by hand.`,
      [weak]: 'No suggestion scores 90 or more.',
    });
    expect(await matchStatus(contested)).toBe('no_transaction');

    const items = [{ transaction_id: c1, booking_ids: [clear] }];
    const applied = await w.admin.post('/api/reports/match-suggestions/accept-all', { json: { min_score: 90, items } });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().message).toBe('1 suggestion accepted.');
    expect(await matchStatus(clear)).toBe('match');
    const replay = await w.admin.post('/api/reports/match-suggestions/accept-all', { json: { min_score: 90, items } });
    expect(replay.json().message).toBe('0 suggestions accepted; 1 left for you to review.');
    expect(replay.json().data.skipped[0].reason).toMatch(/no longer an unmatched credit/);
  });

  it('re-checks each item: one below N, or a booking listed for two credits, is left and the rest accepted', async () => {
    const t = fresh();
    const good = await booking(`${t}-G1`, '40.00');
    const weakBooking = await booking(`${t}-V777`, '60.00');
    const shared = await booking(`${t}-S1`, '10.00');
    const g = await credit(`${t} G1`, '40.00');
    const v = await credit(`${t}-V771`, '60.00');
    const s1 = await credit(`${t} S1`, '10.00');
    const s2 = await credit(`${t}S1`, '10.00');
    const res = await w.admin.post('/api/reports/match-suggestions/accept-all', {
      json: {
        min_score: 90,
        items: [
          { transaction_id: g, booking_ids: [good] },
          { transaction_id: v, booking_ids: [weakBooking] },
          { transaction_id: s1, booking_ids: [shared] },
          { transaction_id: s2, booking_ids: [shared] },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res.json().data.accepted.map((a: { transaction_id: number }) => a.transaction_id),
      res.body,
    ).toEqual([g]);
    expect(res.json().data.skipped).toEqual([
      {
        transaction_id: v,
        reason: 'This suggestion no longer scores 90 or more, or is no longer clearly ahead: review it by hand.',
      },
      { transaction_id: s1, reason: `Booking #${shared} is in the list for more than one credit: choose by hand.` },
      { transaction_id: s2, reason: `Booking #${shared} is in the list for more than one credit: choose by hand.` },
    ]);
    expect(await matchStatus(weakBooking)).toBe('no_transaction');
    expect(await matchStatus(shared)).toBe('no_transaction');
    expect(
      (await w.as.ana.post('/api/reports/match-suggestions/accept-all', { json: { min_score: 90, items: [] } }))
        .statusCode,
    ).toBe(403);
  });
});

describe('from the booking', () => {
  it("ranks its supplier's unmatched credits that may be its money, and none once it is matched", async () => {
    const t = fresh();
    const b = await booking(`${t}-BK1`, '640.00');
    const near = await credit(`${t} BK1 Martin`, '640.00');
    const far = await credit(`${t}-BK7`, '12.00');
    await createPayment(w.admin, {
      account: w.account.tui,
      currency: w.accountCurrency[w.account.tui]!,
      reference: `${t} BK1`,
      amount: '640.00',
    }); // another supplier's: never
    const res = await w.admin.get(`/api/bookings/${b}/match-suggestions`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as {
      can_take_credit: boolean;
      suggestions: { credit: { id: number; amount: number }; score: number; reasons: string[]; auto_accept: boolean }[];
    };
    expect(data.can_take_credit).toBe(true);
    expect(data.suggestions.map((s) => s.credit.id)).toEqual([near, far]);
    expect(data.suggestions[0]).toMatchObject({ score: 100, auto_accept: true, credit: { amount: 640 } });
    expect(data.suggestions[0]!.reasons).toContain('surname Martin');

    // Rejected for this booking: gone from its list (and from the credit's).
    await w.admin.post(`/api/transactions/${far}/reject-suggestion`, { json: { booking_ids: [b] } });
    const after = (await w.admin.get(`/api/bookings/${b}/match-suggestions`)).json().data;
    expect(after.suggestions.map((s: { credit: { id: number } }) => s.credit.id)).toEqual([near]);

    expect((await accept(near, { booking_ids: [b] })).statusCode).toBe(200);
    expect((await w.admin.get(`/api/bookings/${b}/match-suggestions`)).json().data).toEqual({
      can_take_credit: false,
      suggestions: [],
    });
    expect((await w.admin.get('/api/bookings/2000000000/match-suggestions')).statusCode).toBe(404);
    expect((await w.as.ana.get(`/api/bookings/${b}/match-suggestions`)).statusCode).toBe(403);
  });
});

describe('the books', () => {
  it('hold the money invariants after all of the above, split credits included', async () => {
    const report = await checkBooks(w.t.db);
    expect(report.violations).toEqual([]);
  });

  it('see a split whose parts do not add up to what the supplier sent', async () => {
    const t = fresh();
    const [a, b] = [await booking(`${t}-P1`, '30.00'), await booking(`${t}-P2`, '20.00')];
    const c = await credit(`${t}-P1 ${t}-P2`, '50.00');
    const res = await accept(c, { booking_ids: [a, b] });
    expect(res.statusCode, res.body).toBe(200);
    await w.q(`update transactions set amount = 29.99 where id = $1`, [c]);
    const report = await checkBooks(w.t.db);
    expect(report.violations.map((v) => v.code)).toContain('split_credit_parts');
    await w.q(`update transactions set amount = 30.00 where id = $1`, [c]);
  });
});
