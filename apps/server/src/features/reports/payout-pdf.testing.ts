/**
 * Reading the payout PDFs in tests: the `%PDF` magic and the page count need nothing; the text and the
 * picture need Debian's poppler-utils (`pdftotext`, `pdftoppm`): those tests call `poppler.need`
 * (test/requires-tool.ts), which skips them with the reason, or fails them under REQUIRE_POPPLER=1.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { formatStatementAmount, moneyFromDb, type Cents } from '@app/domain';
import { expect } from 'vitest';
import type { Db } from '../../db/client';
import { currencyIds, queryRows } from '../../test/factories';
import type { TestApp, TestClient } from '../../test/test-app';
import { seedPayableBookings, type PayoutSeed } from '../payouts';

/** The PDF's text as `pdftotext -layout` lays it out, one string per page. */
export function pdfPages(pdf: Buffer): string[] {
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
  return text.split('\f').slice(0, -1);
}

/** The pages of the PDF, counted from its page objects (no poppler needed). */
export function pageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
}

/** Renders page 1 at 60 dpi to `<dir>/<name>-1.png` (to look at) and returns its path. */
export function renderFirstPage(pdf: Buffer, dir: string, name: string): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-r', '60', '-png', '-f', '1', '-l', '1', file, path.join(dir, name)]);
  const png = fs.readdirSync(dir).find((f) => f.startsWith(`${name}-`) && f.endsWith('.png'));
  if (!png) throw new Error(`pdftoppm wrote no PNG for ${name}`);
  return path.join(dir, png);
}

/**
 * Bookings ready to pay out, seeded as the payouts benchmark seeds them (three GST-registered agents; two
 * bookings in three split between a parent and a sub-agent); in `currency`, the seed's supplier, accounts
 * and payments are moved to it (the seed writes CAD).
 */
export async function payableBookings(
  db: Db,
  opts: { tag: string; bookings: number; password: string; currency?: string; date?: string },
): Promise<PayoutSeed> {
  const seed = await seedPayableBookings(db, opts);
  if (opts.currency && opts.currency !== 'CAD') {
    const q = queryRows(db);
    const currency = (await currencyIds(db))[opts.currency]!;
    const accounts = `select id from accounts where name like '% ' || $2 || ' CAD'`;
    await q(`update suppliers set currency_id = $1 where id = $2`, [currency, seed.supplierId]);
    await q(`update transactions set currency_id = $1 where account_id in (${accounts})`, [currency, opts.tag]);
    await q(`update accounts set currency_id = $1 where id in (${accounts})`, [currency, opts.tag]);
  }
  return seed;
}

/** A client signed in with these credentials. */
export async function signInAs(t: TestApp, email: string, password: string): Promise<TestClient> {
  const client = t.client();
  const res = await client.post('/login', { json: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return client;
}

/** The agent id and a signed-in client of a seeded agent ('avery', 'parker', 'sasha'). */
export async function seededAgent(t: TestApp, name: string, tag: string, password: string) {
  const email = `${name}.${tag.toLowerCase()}@example.com`;
  const { id } = await t.one<{ id: number }>(
    `select a.id from agents a join users u on u.id = a.user_id where lower(u.email) = $1`,
    [email],
  );
  return { id, client: await signInAs(t, email, password) };
}

/** The last three amounts of a layout line (commission, GST, total), as printed. */
export const amountsOf = (line: string) =>
  line
    .trim()
    .split(/\s{2,}/)
    .slice(-3);

/** A stored amount ('1234.5') as the PDF prints it ('1,234.50'). */
export const printedAmount = (stored: string) => formatStatementAmount(moneyFromDb(stored));

/** The sum of stored amounts as the PDF prints it. */
export const printedSum = (stored: readonly string[]) =>
  formatStatementAmount(stored.reduce((s, a) => s + moneyFromDb(a), 0n) as Cents);
