/**
 * The world the claims API tests share, built through the real routes where there is one (accounts,
 * supplier payments and bookings), so match statuses are the matching's:
 * - Sunwing (CAD, format SW0000000) and TUI UK (GBP): tier Gold at 12.5%; Transat (CAD): Pat's own
 *   70%, which Sam books only through Pat at a 40% split (Sam 28% of gross, Pat 42%);
 * - Ana and Otto (Gold), Pat (the parent), Sam (his sub-agent), an admin;
 * - supplier accounts for the three suppliers and an agent account for Ana.
 */
import { expect } from 'vitest';
import { insertRule } from '../../test/factories';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';

export type Client = TestClient & { userId: number; agentId: number | null };

export async function claimsWorld() {
  const t: TestApp = await createTestApp();
  const q = async (text: string, params: unknown[] = []) => (await t.db.$client.query(text, params)).rows;
  const cur = Object.fromEntries((await q('select code, id from currencies')).map((r) => [r.code, r.id])) as Record<
    string,
    number
  >;
  const supplier = async (name: string, currency: string, format: string | null = null) =>
    (
      await q(`insert into suppliers (name, currency_id, booking_number_format) values ($1, $2, $3) returning id`, [
        name,
        cur[currency],
        format,
      ])
    )[0]!.id as number;
  const sunwing = await supplier('Sunwing', 'CAD', 'SW0000000');
  const transat = await supplier('Transat', 'CAD');
  const tui = await supplier('TUI UK', 'GBP');
  const gold = (await q(`insert into commission_tiers (name) values ('Gold') returning id`))[0]!.id as number;
  await insertRule(t.db, 'tier', gold, '12.5', [sunwing, tui]);

  const admin = await t.signedIn('admin', { name: 'Ada Admin' });
  const admin2 = await t.signedIn('admin', { name: 'Bob Admin' });
  const ana = await t.signedIn('agent', { tier: 'Gold', name: 'Ana Agent' });
  const otto = await t.signedIn('agent', { tier: 'Gold', name: 'Otto Other' });
  const pat = await t.signedIn('agent', { name: 'Pat Parent' });
  const sam = await t.signedIn('agent', { name: 'Sam Sub' });
  await q(`update agents set commission_percentage = 70 where id = $1`, [pat.agentId]);
  const link = (
    await q(
      `insert into sub_agent_links (parent_agent_id, sub_agent_id, split_percentage) values ($1, $2, 40) returning id`,
      [pat.agentId, sam.agentId],
    )
  )[0]!.id;
  await q(`insert into sub_agent_link_suppliers values ($1, $2)`, [link, transat]);

  const account = async (name: string, type: string, owner: number, currency: string) => {
    const res = await admin.post('/accounts', {
      json: { name, accountable_type: type, accountable_id: owner, currency_id: cur[currency] },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };
  const acc = {
    sunwing: await account('Sunwing CAD', 'supplier', sunwing, 'CAD'),
    transat: await account('Transat CAD', 'supplier', transat, 'CAD'),
    tui: await account('TUI GBP', 'supplier', tui, 'GBP'),
    ana: await account('Ana CAD', 'agent', ana.agentId!, 'CAD'),
  };

  /** A transaction through `POST /transactions` (completed credit unless said); its id. */
  const payment = async (
    accountId: number,
    reference: string,
    amount: string,
    opts: { type?: 'credit' | 'debit'; status?: string; currency?: string; date?: string } = {},
  ) => {
    const res = await admin.post('/transactions', {
      multipart: {
        account_id: String(accountId),
        transaction_type: opts.type ?? 'credit',
        currency_id: String(cur[opts.currency ?? (accountId === acc.tui ? 'GBP' : 'CAD')]),
        amount,
        reference_number: reference,
        status: opts.status ?? 'completed',
        description: `Payment ${reference}`,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as number;
    if (opts.date) await q(`update transactions set transaction_date = $2 where id = $1`, [id, opts.date]);
    return id;
  };

  /** An admin's booking through `POST /bookings`; its id. */
  const booking = async (supplierId: number, reference: string, amount: string, agentId = ana.agentId!) => {
    const res = await admin.post('/bookings', {
      json: {
        booking_reference: reference,
        supplier_id: supplierId,
        booking_date: '2026-03-01',
        customer_name: 'Jean Client',
        booking_amount: amount,
        status: 'confirmed',
        primary_agent_id: agentId,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };

  /** How many rows the tables a claim writes hold: a refused request changes none of them. */
  const written = async () =>
    (
      await q(`select (select count(*)::int from claim_requests) as claims,
                      (select count(*)::int from stored_files) as files,
                      (select count(*)::int from bookings) as bookings,
                      (select count(*)::int from audit_logs) as audits,
                      (select coalesce(max(xmin::text::bigint), 0) from claim_requests) as claim_xmin`)
    )[0];

  return { t, q, cur, admin, admin2, ana, otto, pat, sam, sunwing, transat, tui, acc, payment, booking, written };
}

export type ClaimsWorld = Awaited<ReturnType<typeof claimsWorld>>;

let n = 0;
/** A fresh reference in the booking reference alphabet. */
export const ref = (prefix = 'CL') =>
  `${prefix}-${String(++n).padStart(3, '0')}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;

/** A PNG's signature and a few bytes: what the upload check reads. */
export const png = (name = 'receipt.png') => ({
  filename: name,
  contentType: 'image/png',
  data: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]),
});
export const pdf = (name = 'receipt.pdf') => ({
  filename: name,
  contentType: 'application/pdf',
  data: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
});

type Part = string | { filename: string; contentType: string; data: Buffer };

/** The claim modal's multipart body for a transaction and its reference; `over` changes any part. */
export function claimBody(
  transactionId: number,
  reference: string,
  over: { booking_data?: Record<string, unknown> | string; fields?: Record<string, Part | undefined> } = {},
) {
  const data =
    typeof over.booking_data === 'string'
      ? over.booking_data
      : JSON.stringify({
          transaction_id: transactionId,
          booking_reference: reference.toUpperCase(),
          customer_name: 'Chris Customer',
          booking_date: '2026-03-02',
          notes: 'Booked by phone',
          ...over.booking_data,
        });
  const parts: Record<string, Part | undefined> = {
    reference_number: reference,
    booking_data: data,
    booking_receipt: png(),
    ...over.fields,
  };
  return {
    multipart: Object.fromEntries(Object.entries(parts).filter((e): e is [string, Part] => e[1] !== undefined)),
  };
}

/** An agent's claim through the route. */
export const claim = (
  client: TestClient,
  transactionId: number,
  reference: string,
  over: Parameters<typeof claimBody>[2] = {},
) => client.post('/api/unclaimed-bookings', claimBody(transactionId, reference, over));
