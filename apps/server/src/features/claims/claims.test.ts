import { beforeAll, describe, expect, it } from 'vitest';
import { claim, claimsWorld, pdf, png, ref, type ClaimsWorld } from './claims.testing';

/**
 * Issue 13: an agent's claim of an unmatched credit (POST /api/unclaimed-bookings), the unclaimed
 * search, the agent's own claims and receipts. Every refusal is checked to write nothing.
 */
let w: ClaimsWorld;
beforeAll(async () => {
  w = await claimsWorld();
});

/** Runs `act`, which must be refused, and checks that no table a claim writes changed. */
async function refusedWithoutWriting(act: () => Promise<{ statusCode: number; json(): unknown }>) {
  const before = await w.written();
  const res = await act();
  expect(await w.written()).toEqual(before);
  return res as { statusCode: number; json(): { message: string; errors?: Record<string, string[]> } };
}

describe('POST /api/unclaimed-bookings (an agent claims)', () => {
  it('creates a pending request with the booking data and the receipt, audited, and the credit leaves the unmatched list', async () => {
    const reference = ref();
    const tx = await w.payment(w.acc.tui, reference.toLowerCase(), '321.45');
    const res = await claim(w.ana, tx, ` ${reference.toLowerCase()} `, {
      booking_data: { is_personal: true, notes: 'Two\nlines' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Claim submitted for review.');
    expect(body.data).toMatchObject({
      status: 'pending',
      agent: { id: w.ana.agentId, name: 'Ana Agent' },
      requested_by: { id: w.ana.userId, name: 'Ana Agent' },
      transaction: {
        id: tx,
        reference_number: reference.toLowerCase(),
        amount: 321.45,
        currency_code: 'GBP',
        currency_symbol: '£',
        supplier_id: w.tui,
        supplier_name: 'TUI UK',
        account_id: w.acc.tui,
        account_name: 'TUI GBP',
      },
      booking_data: {
        transaction_id: tx,
        booking_reference: reference,
        customer_name: 'Chris Customer',
        booking_date: '2026-03-02',
        notes: 'Two\nlines',
        is_personal: true,
      },
      receipt: {
        filename: 'receipt.png',
        mimetype: 'image/png',
        url: `/api/unclaimed-bookings/${body.data.id}/receipt`,
      },
      decided_by: null,
      decided_at: null,
      rejection_reason: null,
      booking_id: null,
    });
    const [audit] = await w.q(
      `select user_id, action, after from audit_logs where entity_type = 'claim_request' and entity_id = $1`,
      [String(body.data.id)],
    );
    expect(audit).toMatchObject({
      user_id: w.ana.userId,
      action: 'create',
      after: { status: 'pending', transaction_id: tx, agent_id: w.ana.agentId },
    });
    // Out of the report, the search and the booking form's check while pending.
    const list = (await w.admin.get(`/api/reports/unmatched-transactions?search=${reference}`)).json();
    expect(list.total).toBe(0);
    const search = await w.otto.get(`/api/unclaimed-bookings/search?reference_number=${reference}`);
    expect(search.json()).toMatchObject({ status: 'success', data: { transaction: null } });
    const check = await w.admin.post('/api/check-unclaimed-transaction', {
      json: { reference_number: reference, supplier_id: w.tui },
    });
    expect(check.json()).toEqual({ has_unclaimed: false, message: '', transaction: null });
  });

  it('takes a PDF receipt', async () => {
    const tx = await w.payment(w.acc.sunwing, 'SW1000001', '50.00');
    const res = await claim(w.ana, tx, 'SW1000001', { fields: { booking_receipt: pdf() } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.receipt).toMatchObject({ filename: 'receipt.pdf', mimetype: 'application/pdf' });
  });

  describe('refuses what cannot be claimed, naming why, and writes nothing', () => {
    it('a transaction that matches a booking of its supplier', async () => {
      const reference = ref();
      await w.booking(w.transat, reference, '80.00', w.pat.agentId!);
      const tx = await w.payment(w.acc.transat, reference, '80.00');
      const res = await refusedWithoutWriting(() => claim(w.ana, tx, reference));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        reference_number: ['This transaction already matches a booking of its supplier.'],
      });
    });

    it('a transaction with a pending claim, naming the claim', async () => {
      const reference = ref();
      const tx = await w.payment(w.acc.transat, reference, '10.00');
      const first = await claim(w.pat, tx, reference);
      expect(first.statusCode, first.body).toBe(200);
      const res = await refusedWithoutWriting(() => claim(w.ana, tx, reference));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: `This transaction already has a pending claim (#${first.json().data.id}).`,
        errors: { reference_number: [`This transaction already has a pending claim (#${first.json().data.id}).`] },
      });
    });

    it.each([
      ['a debit', { type: 'debit' as const }, 'Only a credit transaction can be claimed: this one is a debit.'],
      ['a pending transaction', { status: 'pending' }, 'Only a completed transaction can be claimed.'],
      ['a failed transaction', { status: 'failed' }, 'Only a completed transaction can be claimed.'],
    ])('%s', async (_name, opts, message) => {
      const reference = ref();
      const tx = await w.payment(w.acc.transat, reference, '10.00', opts);
      const res = await refusedWithoutWriting(() => claim(w.pat, tx, reference));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ reference_number: [message] });
    });

    it("a transaction on an agent's account", async () => {
      const reference = ref();
      const tx = await w.payment(w.acc.ana, reference, '10.00');
      const res = await refusedWithoutWriting(() => claim(w.ana, tx, reference));
      expect(res.json().errors).toEqual({
        reference_number: ['Only a transaction on a supplier account can be claimed.'],
      });
    });

    it('an unknown transaction', async () => {
      const res = await refusedWithoutWriting(() => claim(w.ana, 2_000_000_000, 'ANY-1'));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ 'booking_data.transaction_id': ['The selected transaction is invalid.'] });
    });

    it("a reference that differs from the transaction's", async () => {
      const reference = ref();
      const tx = await w.payment(w.acc.transat, reference, '10.00');
      const res = await refusedWithoutWriting(() => claim(w.pat, tx, `${reference}X`));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        reference_number: ["The reference number does not match the transaction's reference number."],
      });
    });

    it("a booking reference that is not the transaction's, or not in the supplier's format", async () => {
      const reference = ref();
      const tx = await w.payment(w.acc.transat, reference, '10.00');
      const other = await refusedWithoutWriting(() =>
        claim(w.pat, tx, reference, { booking_data: { booking_reference: 'OTHER-1' } }),
      );
      expect(other.json().errors).toEqual({
        'booking_data.booking_reference': [
          `The booking reference must be the transaction's reference number (${reference}) so the booking matches it.`,
        ],
      });
      const lower = await refusedWithoutWriting(() =>
        claim(w.pat, tx, reference, { booking_data: { booking_reference: reference.toLowerCase() } }),
      );
      expect(lower.json().errors).toEqual({
        'booking_data.booking_reference': [
          'Booking reference must be in UPPERCASE letters, numbers, and hyphens only.',
        ],
      });
      // Written before the supplier had its format (the transaction form now refuses it).
      const [{ id: swTx }] = (await w.q(
        `insert into transactions (account_id, transaction_type, currency_id, amount, reference_number)
         values ($1, 'credit', $2, 10, 'SW-12') returning id`,
        [w.acc.sunwing, w.cur.CAD],
      )) as [{ id: number }];
      const format = await refusedWithoutWriting(() => claim(w.ana, swTx, 'SW-12'));
      expect(format.json().errors).toEqual({ 'booking_data.booking_reference': ['Format should match: SW0000000'] });
    });

    it('a supplier the agent cannot book (no rate, no parent who books it)', async () => {
      const reference = ref();
      const tx = await w.payment(w.acc.transat, reference, '10.00');
      const res = await refusedWithoutWriting(() => claim(w.otto, tx, reference));
      expect(res.json().errors).toEqual({
        reference_number: [
          "You cannot claim this supplier's transaction: you have no commission rate for the supplier and no parent agent who books it.",
        ],
      });
    });
  });

  describe('bad input: a clear message on the field, nothing written', () => {
    let tx: number;
    let reference: string;
    beforeAll(async () => {
      reference = ref();
      tx = await w.payment(w.acc.transat, reference, '10.00');
    });

    it.each([
      ['text that is not JSON', '{"transaction_id": 1,'],
      ['a JSON list', '[1, 2]'],
    ])('booking_data that is %s', async (_name, text) => {
      const res = await refusedWithoutWriting(() => claim(w.pat, tx, reference, { booking_data: text }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        booking_data: ['The booking data must be a JSON object (the claim form sends it as text).'],
      });
    });

    it('booking_data that lacks fields', async () => {
      const res = await refusedWithoutWriting(() =>
        claim(w.pat, tx, reference, { booking_data: JSON.stringify({ transaction_id: tx }) }),
      );
      expect(res.json().errors).toEqual({
        'booking_data.booking_reference': ['The booking reference field is required.'],
        'booking_data.customer_name': ['The customer name field is required.'],
        'booking_data.booking_date': ['The booking date field is required.'],
      });
    });

    it('no receipt', async () => {
      const res = await refusedWithoutWriting(() =>
        claim(w.pat, tx, reference, { fields: { booking_receipt: undefined } }),
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ booking_receipt: ['Receipt is required.'] });
    });

    it('a receipt of 6 MB', async () => {
      const big = { ...png('big.png'), data: Buffer.concat([png().data, Buffer.alloc(6 * 1024 * 1024)]) };
      const res = await refusedWithoutWriting(() => claim(w.pat, tx, reference, { fields: { booking_receipt: big } }));
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('File size should not exceed 5MB');
    });

    it.each([
      [
        'an .exe renamed .pdf',
        { filename: 'receipt.pdf', contentType: 'application/pdf', data: Buffer.from('MZ\x90\x00\x03 this program') },
      ],
      [
        'an SVG',
        {
          filename: 'receipt.svg',
          contentType: 'image/svg+xml',
          data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        },
      ],
    ])('%s', async (_name, file) => {
      const res = await refusedWithoutWriting(() => claim(w.pat, tx, reference, { fields: { booking_receipt: file } }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ booking_receipt: ['The booking receipt must be a JPEG, PNG or PDF file.'] });
    });
  });

  it('is for agents: an admin claims by creating the booking (403), and nothing is written', async () => {
    const reference = ref();
    const tx = await w.payment(w.acc.transat, reference, '10.00');
    const res = await refusedWithoutWriting(() => claim(w.admin, tx, reference));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Admins claim a transaction by creating the booking directly (is_claimed_booking with a primary agent).',
    );
  });

  it('lets one of two agents claiming the same transaction at the same moment win; the other is told which claim', async () => {
    const reference = ref();
    const tx = await w.payment(w.acc.transat, reference, '10.00');
    const before = await w.written();
    const results = await Promise.all([claim(w.pat, tx, reference), claim(w.sam, tx, reference)]);
    const won = results.filter((r) => r.statusCode === 200);
    const lost = results.filter((r) => r.statusCode !== 200);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    const id = won[0]!.json().data.id as number;
    expect(lost[0]!.statusCode).toBe(422);
    expect(lost[0]!.json().errors).toEqual({
      reference_number: [`This transaction already has a pending claim (#${id}).`],
    });
    const after = await w.written();
    expect(after.claims - before.claims).toBe(1);
    expect(after.files - before.files).toBe(1);
    expect(after.audits - before.audits).toBe(1);
  });
});

describe('GET /api/unclaimed-bookings/search', () => {
  it('finds the newest unmatched credit with the reference (trimmed, any case, any supplier)', async () => {
    const reference = ref('SR');
    await w.payment(w.acc.transat, reference, '11.00', { date: '2026-01-10' });
    const newest = await w.payment(w.acc.tui, reference, '22.00', { date: '2026-02-10' });
    const res = await w.ana.get(`/api/unclaimed-bookings/search?reference_number=%20${reference.toLowerCase()}%20`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      data: {
        transaction: {
          id: newest,
          reference_number: reference,
          amount: 22,
          currency_code: 'GBP',
          currency_symbol: '£',
          transaction_date: '2026-02-10',
          supplier_id: w.tui,
          supplier_name: 'TUI UK',
          account_id: w.acc.tui,
          account_name: 'TUI GBP',
          description: `Payment ${reference}`,
        },
      },
    });
  });

  it('answers 404 with the message for a matched, a debit or an unknown reference', async () => {
    const matched = ref('SR');
    await w.booking(w.transat, matched, '5.00', w.pat.agentId!);
    await w.payment(w.acc.transat, matched, '5.00');
    const debit = ref('SR');
    await w.payment(w.acc.transat, debit, '5.00', { type: 'debit' });
    for (const reference of [matched, debit, 'NOPE-404']) {
      const res = await w.ana.get(`/api/unclaimed-bookings/search?reference_number=${reference}`);
      // Nothing found is an answer (200), not an error the browser would log.
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 'success',
        message: 'No unmatched transaction found for this reference.',
        data: { transaction: null },
      });
    }
  });

  it('refuses an empty reference', async () => {
    const res = await w.ana.get('/api/unclaimed-bookings/search?reference_number=%20');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ reference_number: ['The reference number field is required.'] });
  });
});

describe("an agent's own claims and receipts", () => {
  let anaClaim: number;
  let patClaim: number;
  beforeAll(async () => {
    const a = ref('MY');
    const txA = await w.payment(w.acc.tui, a, '12.00');
    anaClaim = (await claim(w.ana, txA, a)).json().data.id;
    const p = ref('MY');
    const txP = await w.payment(w.acc.transat, p, '13.00');
    patClaim = (await claim(w.pat, txP, p, { fields: { booking_receipt: pdf('pat.pdf') } })).json().data.id;
  });

  it('lists only the signed-in agent’s claims, newest first', async () => {
    const res = await w.ana.get('/api/unclaimed-bookings/mine');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.every((c: { agent: { id: number } }) => c.agent.id === w.ana.agentId)).toBe(true);
    expect(body.data.map((c: { id: number }) => c.id)).toContain(anaClaim);
    expect(body.data.map((c: { id: number }) => c.id)).not.toContain(patClaim);
    const ids = body.data.map((c: { id: number }) => c.id);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => y - x));
    expect(body.total).toBe(body.data.length);
  });

  it('is for agents: a user without an agent profile gets 403', async () => {
    expect((await w.admin.get('/api/unclaimed-bookings/mine')).statusCode).toBe(403);
  });

  it('serves the receipt inline to its agent and to admins, framable by the app only; 404 to another agent', async () => {
    const own = await w.pat.get(`/api/unclaimed-bookings/${patClaim}/receipt`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toBe('inline; filename="pat.pdf"');
    expect(own.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(own.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(own.headers['content-security-policy']).toContain("default-src 'self'");
    expect(own.body.startsWith('%PDF-')).toBe(true);
    const admin = await w.admin.get(`/api/unclaimed-bookings/${patClaim}/receipt`);
    expect(admin.statusCode).toBe(200);
    expect((await w.ana.get(`/api/unclaimed-bookings/${patClaim}/receipt`)).statusCode).toBe(404);
    expect((await w.ana.get('/api/unclaimed-bookings/2000000000/receipt')).statusCode).toBe(404);
  });

  it('leaves every other answer framable by nobody', async () => {
    const res = await w.pat.get('/api/unclaimed-bookings/mine');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('keeps the review paths from agents (403)', async () => {
    expect((await w.ana.get('/api/unclaimed-bookings')).statusCode).toBe(403);
    expect((await w.ana.post(`/api/unclaimed-bookings/${anaClaim}/approve`)).statusCode).toBe(403);
    expect((await w.ana.post(`/api/unclaimed-bookings/${anaClaim}/reject`, { json: { reason: 'x' } })).statusCode).toBe(
      403,
    );
    expect((await w.ana.get('/api/reports/unmatched-transactions')).statusCode).toBe(403);
    const [row] = await w.q(`select status from claim_requests where id = $1`, [anaClaim]);
    expect(row!.status).toBe('pending');
  });
});

describe('POST /api/unclaimed-bookings as the spec sends it (no transaction_id: the reference and the supplier say which)', () => {
  /** The spec's call (§7): reference_number, booking_data with the supplier and amount, the receipt. */
  const specClaim = (
    client: ClaimsWorld['ana'],
    reference: string,
    supplierId: number,
    amount: string,
    over: Record<string, unknown> = {},
  ) =>
    claim(client, null, reference, {
      booking_data: {
        supplier_id: supplierId,
        booking_amount: amount,
        notes: 'Sent as the spec says',
        is_personal: false,
        ...over,
      },
    });

  it('claims the one unmatched credit of that supplier with that reference (trimmed, any case), and its approval books it', async () => {
    const reference = ref('SP');
    // The same reference at another supplier, and a debit of this one: neither is the claimed credit.
    await w.payment(w.acc.transat, reference, '99.00');
    await w.payment(w.acc.tui, reference, '5.00', { type: 'debit' });
    const tx = await w.payment(w.acc.tui, reference.toLowerCase(), '321.45');
    const res = await specClaim(w.ana, ` ${reference.toLowerCase()} `, w.tui, '321.45');
    expect(res.statusCode, res.body).toBe(200);
    const kept = {
      transaction_id: tx,
      booking_reference: reference,
      customer_name: 'Chris Customer',
      booking_date: '2026-03-02',
      notes: 'Sent as the spec says',
      is_personal: false,
    };
    expect(res.json()).toMatchObject({
      message: 'Claim submitted for review.',
      data: {
        status: 'pending',
        agent: { id: w.ana.agentId },
        transaction: { id: tx, supplier_id: w.tui, amount: 321.45, currency_code: 'GBP' },
        booking_data: kept,
      },
    });
    const claimId = res.json().data.id as number;
    const [stored] = await w.q(`select transaction_id, booking_data from claim_requests where id = $1`, [claimId]);
    // Kept as the modal's claims are (the transaction's id, not the supplier or amount sent).
    expect(stored).toEqual({ transaction_id: tx, booking_data: kept });
    const approved = await w.admin.post(`/api/unclaimed-bookings/${claimId}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const [booking] = await w.q(
      `select booking_reference, supplier_id, booking_amount::text as amount, primary_agent_id, is_claimed_booking
         from bookings where id = $1`,
      [approved.json().data.booking_id],
    );
    expect(booking).toEqual({
      booking_reference: reference,
      supplier_id: w.tui,
      amount: '321.45',
      primary_agent_id: w.ana.agentId,
      is_claimed_booking: true,
    });
  });

  it('refuses, writing nothing, when no credit of that supplier with that reference is unmatched', async () => {
    const reference = ref('SP');
    await w.payment(w.acc.transat, reference, '10.00'); // another supplier's
    await w.payment(w.acc.tui, reference, '10.00', { status: 'pending' });
    const res = await refusedWithoutWriting(() => specClaim(w.ana, reference, w.tui, '10.00'));
    expect(res.statusCode).toBe(422);
    const message = `No unmatched credit transaction of this supplier has the reference number ${reference}.`;
    expect(res.json()).toEqual({ message, errors: { reference_number: [message] } });
    // An unknown supplier finds none either.
    const unknown = await refusedWithoutWriting(() => specClaim(w.ana, reference, 2_000_000_000, '10.00'));
    expect(unknown.json().errors).toEqual({ reference_number: [message] });
  });

  it('refuses, writing nothing, when more than one is: the claim must name it, and then it goes through', async () => {
    const reference = ref('SP');
    await w.payment(w.acc.tui, reference, '40.00');
    const second = await w.payment(w.acc.tui, ` ${reference.toLowerCase()}`, '40.00');
    const res = await refusedWithoutWriting(() => specClaim(w.ana, reference, w.tui, '40.00'));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      reference_number: [
        `2 unmatched credit transactions of this supplier have the reference number ${reference}: send booking_data.transaction_id to say which one is claimed.`,
      ],
    });
    const named = await specClaim(w.ana, reference, w.tui, '40.00', { transaction_id: second });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().data.transaction.id).toBe(second);
    // The other one is now the only unmatched credit with that reference: the spec's call finds it.
    const rest = await specClaim(w.ana, reference, w.tui, '40.00');
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().data.transaction.id).not.toBe(second);
  });

  it("names the pending claim that holds the supplier's only credit with that reference", async () => {
    const reference = ref('SP');
    await w.payment(w.acc.transat, reference, '10.00');
    const first = await specClaim(w.pat, reference, w.transat, '10.00');
    expect(first.statusCode, first.body).toBe(200);
    const res = await refusedWithoutWriting(() => specClaim(w.sam, reference, w.transat, '10.00'));
    expect(res.json().errors).toEqual({
      reference_number: [`This transaction already has a pending claim (#${first.json().data.id}).`],
    });
  });

  it("refuses a supplier or an amount that is not the transaction's, and a claim that names neither transaction nor supplier", async () => {
    const reference = ref('SP');
    const tx = await w.payment(w.acc.tui, reference, '75.50');
    const amount = await refusedWithoutWriting(() => specClaim(w.ana, reference, w.tui, '75.00'));
    expect(amount.json().errors).toEqual({
      'booking_data.booking_amount': ["The booking amount must be the transaction's amount (GBP 75.50)."],
    });
    const supplier = await refusedWithoutWriting(() =>
      specClaim(w.ana, reference, w.sunwing, '75.50', { transaction_id: tx }),
    );
    expect(supplier.json().errors).toEqual({
      'booking_data.supplier_id': ["The supplier is not the transaction's supplier."],
    });
    const neither = await refusedWithoutWriting(() =>
      specClaim(w.ana, reference, w.tui, '75.50', { supplier_id: undefined }),
    );
    expect(neither.statusCode).toBe(422);
    expect(neither.json().errors).toEqual({ 'booking_data.supplier_id': ['The supplier field is required.'] });
    // '75.5' is the same amount.
    const ok = await specClaim(w.ana, reference, w.tui, '75.5');
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('lets one of two agents claiming the same credit by reference at the same moment win; one request is written', async () => {
    const reference = ref('SP');
    await w.payment(w.acc.transat, reference, '10.00');
    const before = await w.written();
    const results = await Promise.all([
      specClaim(w.pat, reference, w.transat, '10.00'),
      specClaim(w.sam, reference, w.transat, '10.00'),
    ]);
    const won = results.filter((r) => r.statusCode === 200);
    const lost = results.filter((r) => r.statusCode !== 200);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.statusCode).toBe(422);
    const id = won[0]!.json().data.id as number;
    // Resolved before or after the winner committed: either way the loser is told which claim holds it.
    expect(lost[0]!.json().errors).toEqual({
      reference_number: [`This transaction already has a pending claim (#${id}).`],
    });
    const after = await w.written();
    expect(after.claims - before.claims).toBe(1);
    expect(after.files - before.files).toBe(1);
  });
});
