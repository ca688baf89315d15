import { describe, expect, it } from 'vitest';
import { journeyBrowser, screenshot } from '../fixtures/browser';
import { DEMO_ADMIN } from '../fixtures/demo';
import { apiJson, signInAs } from '../page-models/mantine';

/*
 * Issue 24 §1: the admin finds the demo statement's noisy lines among the Unmatched Credit Transactions,
 * reviews Jet2's (two digits transposed: a suggestion for a person) and accepts it, then accepts the three
 * clear ones at once with 'Accept all above…' after looking at the preview; each booking is then matched.
 *
 * The demo statement (demo-seed.ts, 2026-11-25): 'J2-90141' (Jet2holidays, £333.33, for J2-90114),
 * 'SW 4471208 / SW 4471562' (Sunwing Vacations, CA$2,190.40, pays both bookings), 'TUI 40219940 FORTIN'
 * (TUI UK, £420.00) and 'baxy 4412' (British Airways Holidays, £2,125.00, short of BAXY-4412's £2,130.00 by a
 * bank fee). No other journey uses these lines or bookings. Left behind: the four credits matched to their
 * bookings (references corrected, originals kept), the Sunwing line split in two.
 */
const browser = journeyBrowser({ width: 1360, height: 900 });

/** A booking's match status (DOMAIN.md "Matching") as its page reads it. */
async function matchStatus(page: Parameters<typeof apiJson>[0], reference: string): Promise<string> {
  const list = await apiJson<{ data: { id: number; booking_reference: string }[] }>(
    page,
    `/bookings?search=${encodeURIComponent(reference)}&per_page=5`,
  );
  const id = list.data.find((b) => b.booking_reference === reference)!.id;
  const booking = await apiJson<{ data: { transaction_status: { status: string } } }>(page, `/bookings/${id}`);
  return booking.data.transaction_status.status;
}

describe('match suggestions', () => {
  it('the admin reviews and accepts one suggestion, then accepts the clear ones in bulk after a preview', async () => {
    const { page } = browser;
    await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);

    // The booking's page names the credit that may be its money (the other way round).
    const j2 = await apiJson<{ data: { id: number; booking_reference: string }[] }>(page, '/bookings?search=J2-90114');
    await page.goto(`/bookings/${j2.data.find((b) => b.booking_reference === 'J2-90114')!.id}`);
    const possible = page.getByTestId('possible-credits');
    await possible.waitFor();
    expect(await possible.innerText()).toContain('J2-90141');
    await possible.scrollIntoViewIfNeeded();
    await screenshot(page, 'suggestions-booking-possible-credits', possible);

    await page.goto('/reports/commissions');
    const unmatched = page.getByTestId('unmatched-transactions');
    const searchBox = unmatched.getByRole('searchbox', { name: 'Search unmatched transactions' });

    // One line for a person: the Suggestion column names the booking with a score not clear enough.
    await searchBox.fill('J2-90141');
    const row = unmatched.getByRole('row').filter({ hasText: 'J2-90141' });
    await row.getByTestId('best-suggestion').waitFor();
    expect(await row.getByTestId('best-suggestion').innerText()).toContain('J2-90114');
    expect(await row.getByTestId('suggestion-score').getAttribute('data-color')).toBe('yellow');
    await unmatched.scrollIntoViewIfNeeded();
    await screenshot(page, 'suggestions-unmatched-column', unmatched);

    await row.getByRole('button', { name: /^Review suggestions for J2-90141:/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Suggestions for J2-90141' });
    const card = dialog.getByTestId('suggestion-card').first();
    expect(await card.getByTestId('suggestion-reasons').innerText()).toMatch(/J2-90114/);
    await screenshot(page, 'suggestions-review-modal', dialog);
    await card.getByRole('button', { name: 'Accept J2-90114' }).click();
    expect(await dialog.getByTestId('accept-change').innerText()).toContain('J2-90141');
    await screenshot(page, 'suggestions-accept-confirm', dialog);
    await dialog.getByRole('button', { name: 'Accept suggestion' }).click();
    await page.getByText('Credit J2-90141 now matches booking J2-90114.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await unmatched.getByText('No unmatched credit transactions match your search.').waitFor();
    expect(await matchStatus(page, 'J2-90114')).toBe('match');

    // The clear ones at once: the preview says what will change before anything does.
    await searchBox.fill('');
    await unmatched.getByRole('button', { name: 'Accept all above…' }).click();
    const bulk = page.getByRole('dialog', { name: 'Accept all suggestions above a score' });
    const score = bulk.getByRole('textbox', { name: 'Minimum score' });
    expect(await score.inputValue()).toBe('90');
    await bulk.getByRole('button', { name: 'Preview' }).click();
    const items = bulk.getByTestId('accept-all-items');
    await items.waitFor();
    const previewed = await items.innerText();
    for (const expected of [
      'SW 4471208 / SW 4471562',
      'SW4471208',
      'SW4471562',
      'TUI 40219940 FORTIN',
      '40219940',
      'baxy 4412',
      'BAXY-4412',
    ])
      expect(previewed).toContain(expected);
    await screenshot(page, 'suggestions-accept-all-preview', bulk);
    const accept = bulk.getByRole('button', { name: /^Accept \d+ suggestions?$/ });
    await accept.click();
    const outcome = bulk.getByTestId('accept-all-outcome');
    await outcome.waitFor();
    await screenshot(page, 'suggestions-accept-all-outcome', bulk);
    await page.keyboard.press('Escape');
    await bulk.waitFor({ state: 'hidden' });

    // Each booking now matches its money: the split paid both Sunwing bookings in full, BA's is short a fee.
    expect(await matchStatus(page, 'SW4471208')).toBe('match');
    expect(await matchStatus(page, 'SW4471562')).toBe('match');
    expect(await matchStatus(page, '40219940')).toBe('match');
    expect(await matchStatus(page, 'BAXY-4412')).toBe('mismatch');
  });
});
