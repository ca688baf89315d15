import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createMatchedBooking, createSupplierCredit, requestClaim } from '../fixtures/api';
import { journeyBrowser, screenshot } from '../fixtures/browser';
import { DEMO_ADMIN, DEMO_AGENT } from '../fixtures/demo';
import { BookingsListPage } from '../page-models/bookings-list';
import { ClaimsPage, makeReceipt } from '../page-models/claims';
import { expectFocusOn, focusState, tabTo } from '../page-models/keyboard';
import { apiJson, field } from '../page-models/mantine';
import { PayoutModal } from '../page-models/payouts';
import { alertWith, settled } from '../page-models/transactions';

/*
 * Issue 22: a payout and a claim's approval with the keyboard alone (Tab, Shift+Tab, Enter, Space, Escape;
 * text typed into the focused field), the focus visible at every stop and back on the trigger when a
 * modal closes. No click, fill or focus() on the screens under test.
 *
 * The journey's own data, made through the API first so it shares nothing with the other journeys on
 * one demo server: Olivia's Air Canada booking AC-8xxxxx of CA$1,000.00 with its credit received in full
 * (her Gold tier's 75%: 750.00, GST 5% 37.50), and a Jet2holidays credit KBJ-… of £23.45 that she claims.
 * Left behind: the booking, paid CA$400.00 then the rest (completed), the credit and its approved claim.
 */
const REFERENCE = `AC-8${String(Date.now() % 100_000).padStart(5, '0')}`;
const CLAIMED = `KBJ-${Date.now().toString(36).toUpperCase()}`;

const browser = journeyBrowser({ width: 1360, height: 900 });

/** Signs in with the keyboard: Email has the focus, type, Tab to Password, type, Enter. */
async function signIn(page: Page, user: { email: string; password: string }) {
  await page.context().clearCookies();
  await page.goto('/login');
  await expectFocusOn(page, field(page, 'Email'), 'the Email field (autofocus)');
  await page.keyboard.type(user.email);
  await tabTo(page, field(page, 'Password'), 'the Password field', { max: 1 });
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/bookings/);
}

/** Tab and Shift+Tab `presses` times each: the focus stays in the dialog and shows its ring at every stop. */
async function expectTrapped(page: Page, dialog: Locator, presses: number) {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key);
      const inside = await dialog.evaluate((d) => d.contains(document.activeElement));
      const state = await focusState(page);
      if (!inside) throw new Error(`${key} took the focus out of the dialog, to ${state.what}`);
      expect(state.focusVisible, state.what).toBe(true);
      expect(state.indicator, state.what).not.toBeNull();
    }
  }
}

/** A modal's × button in its header, where the focus goes first when the modal opens. */
const closeButton = (dialog: Locator) => dialog.locator('button.mantine-Modal-close');

interface PayoutInfo {
  booking: { paid_amount: number; remaining_amount: number; status: string };
}

describe('keyboard only', () => {
  it('pays out a booking from the bookings list: CA$400.00, then the rest', async () => {
    const { page } = browser;
    await signIn(page, DEMO_ADMIN);
    const id = await createMatchedBooking(page, {
      agent: 'Olivia Tremblay',
      supplier: 'Air Canada Vacations',
      reference: REFERENCE,
      amount: '1000.00',
      date: '2026-11-25',
      customer: 'Keyboard, Kim',
    });
    const list = new BookingsListPage(page);
    const modal = new PayoutModal(page);
    const payout = list.action('Payout', REFERENCE);
    const statusCell = () => list.row(REFERENCE).locator('td').nth(7);
    await list.open(`?search=${REFERENCE}`);
    await payout.waitFor();

    // From the top of the page to the row's Payout button, every stop with its ring.
    await tabTo(page, payout, `Payout ${REFERENCE}`, { max: 80 });
    await screenshot(page, 'keyboard-payout-button');

    // Enter opens the modal, the focus in it; Escape closes it and gives the focus back.
    await page.keyboard.press('Enter');
    await modal.loaded();
    await expectFocusOn(page, closeButton(modal.dialog()), 'the modal’s × button');
    await page.keyboard.press('Escape');
    await modal.dialog().waitFor({ state: 'hidden' });
    await expectFocusOn(page, payout, `Payout ${REFERENCE} after Escape`);

    // Space opens it too. Tab cycles inside it.
    await page.keyboard.press('Space');
    await modal.loaded();
    await settled(modal.dialog());
    await expectTrapped(page, modal.dialog(), 12);

    // Part of it: 400.00 of 1,000.00 gives her 300.00 and GST 15.00.
    await tabTo(page, modal.amount(), 'the Payout amount field');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('400');
    await page.keyboard.press('Tab');
    await expect.poll(() => modal.amount().inputValue()).toBe('400.00');
    expect(await modal.partialNote().innerText()).toBe('CA$600.00 will remain: the booking becomes partial');
    const submit = modal.dialog().getByRole('button', { name: 'Process Payout' });
    await tabTo(page, submit, 'Process Payout', { max: 6 });
    await settled(modal.dialog());
    await screenshot(page, 'keyboard-payout-modal-submit');
    const sent = page.waitForRequest((r) => r.url().endsWith('/process-payout'));
    await page.keyboard.press('Enter');
    expect((await sent).postDataJSON()).toMatchObject({ payout_amount: '400.00', is_partial: true });
    await modal.dialog().waitFor({ state: 'hidden' });
    await list.banner().waitFor();
    expect(await list.banner().innerText()).toContain('Payout processed successfully');
    // textContent: the badge is upper-cased by CSS only.
    await expect.poll(() => statusCell().textContent()).toBe('Partial');
    // Still payable: the focus is back on its Payout button.
    await expectFocusOn(page, payout, `Payout ${REFERENCE} after the payout`);
    await screenshot(page, 'keyboard-payout-focus-returned');
    const partly = await apiJson<PayoutInfo>(page, `/bookings/${id}/payout-info`);
    expect(partly.booking).toMatchObject({ paid_amount: 400, remaining_amount: 600, status: 'partial' });

    // The rest (600.00, offered): Enter on the same button, Tab to Process Payout, Enter.
    await page.keyboard.press('Enter');
    await modal.loaded();
    expect(await modal.amount().inputValue()).toBe('600.00');
    expect(await modal.partialNote().innerText()).toBe('Nothing will remain: the booking becomes completed');
    await tabTo(page, submit, 'Process Payout', { max: 20 });
    await page.keyboard.press('Enter');
    await modal.dialog().waitFor({ state: 'hidden' });
    await expect.poll(() => statusCell().textContent()).toBe('Completed');
    // Its Payout button is gone with the payout: the focus is on the row's reference, not lost.
    await expect.poll(() => payout.count()).toBe(0);
    await expectFocusOn(
      page,
      list.row(REFERENCE).getByRole('link', { name: REFERENCE, exact: true }),
      `the ${REFERENCE} link of the paid row`,
    );
    await screenshot(page, 'keyboard-payout-completed');
    const paid = await apiJson<PayoutInfo>(page, `/bookings/${id}/payout-info`);
    expect(paid.booking).toMatchObject({ paid_amount: 1000, remaining_amount: 0, status: 'completed' });
  });

  it('approves an agent’s claim on /claims', async () => {
    const { page, context } = browser;
    // The credit (admin) and Olivia's claim of it, through the API.
    await createSupplierCredit(page, 'Jet2holidays', CLAIMED, '23.45', 'Keyboard journey credit');
    await signIn(page, DEMO_AGENT);
    await requestClaim(
      page,
      CLAIMED,
      { customer_name: 'Keyboard, Kim', booking_date: '2026-11-25' },
      await makeReceipt(context, CLAIMED, 'png'),
    );

    await signIn(page, DEMO_ADMIN);
    const claims = new ClaimsPage(page);
    await claims.open();
    await claims.row(CLAIMED).waitFor();

    // The receipt: Enter opens its preview, Escape closes it, the focus is back on its button.
    const receipt = claims.receipt(CLAIMED);
    await tabTo(page, receipt, `View receipt of ${CLAIMED}`, { max: 120 });
    await page.keyboard.press('Enter');
    await claims
      .preview()
      .getByRole('img', { name: `Receipt receipt-${CLAIMED}.png` })
      .waitFor();
    await expectFocusOn(page, closeButton(claims.preview()), 'the preview’s × button');
    await page.keyboard.press('Escape');
    await claims.preview().waitFor({ state: 'hidden' });
    await expectFocusOn(page, receipt, `View receipt of ${CLAIMED} after Escape`);

    // Approve: Escape first, then Space, Tab to the modal's Approve, Enter.
    const approve = claims.approve(CLAIMED);
    await tabTo(page, approve, `Approve ${CLAIMED}`, { max: 3 });
    await screenshot(page, 'keyboard-claims-approve-button');
    await page.keyboard.press('Enter');
    const confirm = claims.dialog('Approve claim');
    await settled(confirm);
    await expectFocusOn(page, closeButton(confirm), 'the confirmation’s × button');
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    await expectFocusOn(page, approve, `Approve ${CLAIMED} after Escape`);
    await page.keyboard.press('Space');
    await settled(confirm);
    expect(await confirm.innerText()).toContain(
      `Approve Olivia Tremblay's claim of ${CLAIMED} (£23.45, Jet2holidays)?`,
    );
    await expectTrapped(page, confirm, 4);
    await tabTo(page, confirm.getByRole('button', { name: 'Approve' }), 'the confirmation’s Approve', { max: 3 });
    await screenshot(page, 'keyboard-claims-approve-confirm');
    const rows = page.getByTestId('claims-table').locator('tbody tr');
    const index = await claims.row(CLAIMED).evaluate((tr) => [...tr.parentElement!.children].indexOf(tr));
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'hidden' });
    await alertWith(page, 'Claim approved: the booking was created.').first().waitFor();
    await claims.row(CLAIMED).waitFor({ state: 'detached' });
    // Its row has left the pending list with the button: the focus goes to the Approve of the claim now in
    // its place (or of the last one), or with none left to the status filter's Pending, not to the page.
    const left = await rows.count();
    if (left > 0) {
      const next = rows.nth(Math.min(index, left - 1)).getByRole('button', { name: /^Approve / });
      await expectFocusOn(page, next, 'the next claim’s Approve');
    } else {
      await expectFocusOn(page, page.getByRole('radio', { name: 'Pending' }), 'the Pending filter');
    }
    await screenshot(page, 'keyboard-claims-approved');

    // The booking it made: Olivia's, matched to the credit.
    const found = await apiJson<{ data: { booking_reference: string; primary_agent: { user: { name: string } } }[] }>(
      page,
      `/bookings?search=${CLAIMED}`,
    );
    expect(found.data.map((b) => [b.booking_reference, b.primary_agent.user.name])).toEqual([
      [CLAIMED, 'Olivia Tremblay'],
    ]);
  });
});
