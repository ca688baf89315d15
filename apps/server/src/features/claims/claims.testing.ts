/**
 * The claims API tests' configuration of the shared test world (test/world.ts), whose accounts, supplier
 * payments and bookings go through the real routes, so match statuses are the matching's:
 * - Sunwing (CAD, format SW0000000) and TUI UK (GBP): tier Gold at 12.5%; Transat (CAD): Pat's own
 *   70%, which Sam books only through Pat at a 40% split (Sam 28% of gross, Pat 42%);
 * - Ana and Otto (Gold), Pat (the parent), Sam (his sub-agent), two admins (Ada, Bob);
 * - supplier accounts for the three suppliers and an agent account for Ana.
 */
import { createBooking, createPayment, freshReference } from '../../test/factories';
import type { TestClient } from '../../test/test-app';
import { buildWorld } from '../../test/world';

export type Client = TestClient & { userId: number; agentId: number | null };

export async function claimsWorld() {
  const w = await buildWorld({
    formats: { sunwing: 'SW0000000' },
    admins: ['Ada Admin', 'Bob Admin'],
    agentAccounts: [['ana', 'CAD']],
  });
  const { t, q, cur, admin } = w;
  const admin2 = w.admins[1]!;
  const { ana, otto, pat, sam } = w.as;
  const { sunwing, transat, tui } = w.supplier;
  const acc = { ...w.account, ana: w.agentAccount['ana CAD']! };

  /**
   * A transaction through `POST /transactions` (completed credit unless said) in the account's currency
   * (the world's accounts; another account says its `currency`); its id.
   */
  const payment = async (
    accountId: number,
    reference: string,
    amount: string,
    opts: { type?: 'credit' | 'debit'; status?: string; currency?: string; date?: string } = {},
  ) => {
    const id = await createPayment(admin, {
      account: accountId,
      type: opts.type ?? 'credit',
      currency: opts.currency ? cur[opts.currency]! : w.accountCurrency[accountId]!,
      amount,
      reference,
      status: opts.status ?? 'completed',
      description: `Payment ${reference}`,
    });
    if (opts.date) await q(`update transactions set transaction_date = $2 where id = $1`, [id, opts.date]);
    return id;
  };

  /** An admin's booking through `POST /bookings`; its id. */
  const booking = async (supplierId: number, reference: string, amount: string, agentId = ana.agentId) =>
    (await createBooking(admin, { agent: agentId, supplier: supplierId, amount, reference })).id;

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

/** A fresh reference in the booking reference alphabet. */
export const ref = (prefix = 'CL') => freshReference(prefix);

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

/**
 * The claim modal's multipart body for a transaction and its reference; `over` changes any part. No
 * transaction (null): booking_data names none, as the spec's call does (the reference and supplier say which).
 */
export function claimBody(
  transactionId: number | null,
  reference: string,
  over: { booking_data?: Record<string, unknown> | string; fields?: Record<string, Part | undefined> } = {},
) {
  const data =
    typeof over.booking_data === 'string'
      ? over.booking_data
      : JSON.stringify({
          ...(transactionId === null ? {} : { transaction_id: transactionId }),
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
  transactionId: number | null,
  reference: string,
  over: Parameters<typeof claimBody>[2] = {},
) => client.post('/api/unclaimed-bookings', claimBody(transactionId, reference, over));
