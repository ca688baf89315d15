import { ACCEPT_MESSAGES, cents } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { adminUser } from '../../../testing/fixtures';
import type { MockHandler } from '../../../testing/mock-fetch';
import {
  listAndSuggestionsReadAgain,
  nearMatch,
  page,
  renderAs,
  suggestionsAnswer,
  sunwingCredit,
  tuiCredit,
  tuiSplit,
  weakMatch,
} from '../claims.testing';
import { UnmatchedTransactionsPanel } from './unmatched-transactions-panel';

const range = { startDate: '2026-04-05', endDate: '2026-05-06', supplierIds: [3, 4] };

/** The dashboard's unmatched table with the page's suggestions, and `mocks` for the decisions. */
function open(mocks: Record<string, MockHandler | MockHandler[]> = {}) {
  return renderAs(adminUser, <UnmatchedTransactionsPanel {...range} />, {
    'GET /api/reports/unmatched-transactions': page([sunwingCredit, tuiCredit], { total: 2 }),
    'GET /api/reports/match-suggestions': suggestionsAnswer({ 31: [nearMatch, weakMatch], 32: [tuiSplit] }),
    'GET /agents-list': { body: { status: 'success', data: [] } },
    ...mocks,
  });
}

/** Opens the review of `reference` from its row. */
async function review(user: ReturnType<typeof open>['user'], reference: string) {
  await user.click(await screen.findByRole('button', { name: new RegExp(`^Review suggestions for ${reference}:`) }));
  return screen.findByRole('dialog', { name: `Suggestions for ${reference}` });
}

const cards = (dialog: HTMLElement) => within(dialog).queryAllByTestId('suggestion-card');
const accepted = (
  parts: { transaction_id: number; booking_id: number; booking_reference: string; amount: number }[],
) => ({
  body: {
    status: 'success',
    message: `${parts.map((p) => p.booking_reference).join(' and ')} now matched.`,
    data: { original_reference_number: 'SW4472299', parts },
  },
});

describe('SuggestionsModal', () => {
  it("shows the credit, then each suggestion's bookings, score and reasons", async () => {
    const { user } = open();
    const dialog = await review(user, 'SW4472299');
    expect(within(dialog).getByTestId('suggestion-credit')).toHaveTextContent(
      'DateMay 4, 2026AmountCA$1,120.00SupplierSunwing',
    );
    const [best, weak] = cards(dialog);
    expect(cards(dialog)).toHaveLength(2);
    expect(within(best!).getByTestId('suggestion-score')).toHaveTextContent('Score 75');
    expect(
      within(within(best!).getByTestId('suggestion-bookings'))
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['ReferenceCustomerBooking dateGross', 'SW4472290Jean RoyApr 20, 2026CA$1,120.00']);
    expect(
      within(within(best!).getByTestId('suggestion-reasons'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['reference one character off (SW4472290)', 'amount equal']);
    expect(within(weak!).getByTestId('suggestion-score')).toHaveTextContent('Score 50');
    expect(within(weak!).getByRole('button', { name: 'Accept SW4472209' })).toBeInTheDocument();
    expect(within(weak!).getByRole('button', { name: 'Reject SW4472209' })).toBeInTheDocument();
  });

  it('accepts a single booking after saying what changes, and refreshes the list and the suggestions', async () => {
    const { user, mock, queryClient } = open({
      'POST /api/transactions/31/accept-suggestion': accepted([
        { transaction_id: 31, booking_id: 90, booking_reference: 'SW4472290', amount: 1120 },
      ]),
    });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const dialog = await review(user, 'SW4472299');
    await user.click(within(dialog).getByRole('button', { name: 'Accept SW4472290' }));
    expect(within(dialog).getByRole('heading', { name: 'Accept SW4472290?' })).toHaveFocus();
    expect(within(dialog).getByTestId('accept-change')).toHaveTextContent(
      "The credit's reference SW4472299 becomes SW4472290; the original is kept in its history.",
    );
    expect(mock.calls('POST /api/transactions/31/accept-suggestion')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Accept suggestion' }));

    expect(await screen.findByText('SW4472290 now matched.')).toBeInTheDocument();
    expect(mock.calls('POST /api/transactions/31/accept-suggestion')[0]!.body).toEqual({ booking_ids: [90] });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The credit left the unmatched list: the list and the suggestions are read again, and whatever counts
    // matched bookings (the dashboard's reports, the bookings) or shows the credit (transactions, accounts).
    await listAndSuggestionsReadAgain(mock);
    const invalidated = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(invalidated).toEqual(
      expect.arrayContaining([['claims'], ['bookings'], ['reports'], ['transactions'], ['accounts']]),
    );
  });

  it('goes Back to the list without sending anything, the focus on the Accept it came from', async () => {
    const { user, mock } = open();
    const dialog = await review(user, 'SW4472299');
    await user.click(within(dialog).getByRole('button', { name: 'Accept SW4472209' }));
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('button', { name: 'Accept SW4472209' })).toHaveFocus();
    expect(mock.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('accepts a split with the amounts the admin enters, adding up to the credit exactly', async () => {
    const { user, mock } = open({
      'POST /api/transactions/32/accept-suggestion': accepted([
        { transaction_id: 32, booking_id: 92, booking_reference: 'TUI-40229', amount: 52.25 },
        { transaction_id: 40, booking_id: 93, booking_reference: 'TUI-40230', amount: 32.25 },
      ]),
    });
    const dialog = await review(user, '40229911');
    expect(cards(dialog)[0]).toHaveTextContent('A split: the credit pays these 2 bookings together.');
    await user.click(within(dialog).getByRole('button', { name: 'Accept TUI-40229 and TUI-40230' }));
    expect(within(dialog).getByTestId('accept-change')).toHaveTextContent(
      "The credit of £84.50 is split into one transaction per booking, each taking its booking's reference; " +
        'the original reference 40229911 is kept in their history.',
    );
    // Their gross (£80.00) is not the credit (£84.50): the amounts start blank, and the domain says why.
    expect(within(dialog).getByTestId('split-hint')).toHaveTextContent(
      ACCEPT_MESSAGES.grossDoesNotAddUp(cents(8000), cents(8450)),
    );
    const first = within(dialog).getByRole('spinbutton', { name: 'Amount TUI-40229 takes' });
    const second = within(dialog).getByRole('spinbutton', { name: 'Amount TUI-40230 takes' });
    expect(first).toHaveValue(null);
    expect(first).toHaveFocus();
    const total = within(dialog).getByTestId('split-total');
    expect(total).toHaveTextContent("Total £0.00 of the credit's £84.50: £84.50 left to share");

    // Nothing entered: each amount is required, and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Accept suggestion' }));
    expect(await within(dialog).findAllByText('The amount field is required.')).toHaveLength(2);

    await user.type(first, '52.25');
    await user.type(second, '30');
    expect(total).toHaveTextContent("Total £82.25 of the credit's £84.50: £2.25 left to share");
    await user.click(within(dialog).getByRole('button', { name: 'Accept suggestion' }));
    expect(within(dialog).getByTestId('form-error')).toHaveTextContent(
      ACCEPT_MESSAGES.amountsDoNotAddUp(cents(8225), cents(8450)),
    );
    await user.clear(second);
    await user.type(second, '33');
    expect(total).toHaveTextContent("Total £85.25 of the credit's £84.50: £0.75 more than the credit");
    await user.clear(second);
    await user.type(second, '32.25');
    expect(total).toHaveTextContent("Total £84.50 of the credit's £84.50: adds up exactly");
    expect(mock.calls('POST /api/transactions/32/accept-suggestion')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Accept suggestion' }));
    expect(await screen.findByText('TUI-40229 and TUI-40230 now matched.')).toBeInTheDocument();
    expect(mock.calls('POST /api/transactions/32/accept-suggestion')[0]!.body).toEqual({
      booking_ids: [92, 93],
      amounts: ['52.25', '32.25'],
    });
  });

  it("prefills a split's amounts from the gross when it adds up to the credit, and sends them", async () => {
    const even = {
      ...tuiSplit,
      bookings: [tuiSplit.bookings[0]!, { ...tuiSplit.bookings[1]!, gross: 34.5 }],
      score: 95,
      auto_accept: true,
    };
    const { user, mock } = open({
      'GET /api/reports/match-suggestions': suggestionsAnswer({ 31: [], 32: [even] }),
      'POST /api/transactions/32/accept-suggestion': accepted([]),
    });
    const dialog = await review(user, '40229911');
    await user.click(within(dialog).getByRole('button', { name: 'Accept TUI-40229 and TUI-40230' }));
    expect(within(dialog).queryByTestId('split-hint')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('spinbutton', { name: 'Amount TUI-40229 takes' })).toHaveValue(50);
    expect(within(dialog).getByRole('spinbutton', { name: 'Amount TUI-40230 takes' })).toHaveValue(34.5);
    expect(within(dialog).getByTestId('split-total')).toHaveTextContent('adds up exactly');
    await user.click(within(dialog).getByRole('button', { name: 'Accept suggestion' }));
    await waitFor(() => expect(mock.calls('POST /api/transactions/32/accept-suggestion')).toHaveLength(1));
    expect(mock.calls('POST /api/transactions/32/accept-suggestion')[0]!.body).toEqual({
      booking_ids: [92, 93],
      amounts: ['50.00', '34.50'],
    });
  });

  it('rejects a suggestion after a confirmation: it leaves the modal and the row', async () => {
    const { user, mock } = open({
      'GET /api/reports/match-suggestions': [
        suggestionsAnswer({ 31: [nearMatch, weakMatch], 32: [tuiSplit] }),
        suggestionsAnswer({ 31: [weakMatch], 32: [tuiSplit] }),
      ],
      'POST /api/transactions/31/reject-suggestion': {
        body: { status: 'success', message: 'SW4472290 will not be suggested for SW4472299 again.' },
      },
    });
    const dialog = await review(user, 'SW4472299');
    await user.click(within(dialog).getByRole('button', { name: 'Reject SW4472290' }));
    expect(within(dialog).getByRole('heading', { name: 'Reject SW4472290?' })).toHaveFocus();
    expect(within(dialog).getByTestId('reject-suggestion')).toHaveTextContent(
      'SW4472290 will never be suggested again for SW4472299. The credit stays unmatched.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject suggestion' }));

    expect(await screen.findByText('SW4472290 will not be suggested for SW4472299 again.')).toBeInTheDocument();
    expect(mock.calls('POST /api/transactions/31/reject-suggestion')[0]!.body).toEqual({ booking_ids: [90] });
    await waitFor(() => expect(cards(dialog)).toHaveLength(1));
    expect(within(dialog).queryByRole('button', { name: 'Accept SW4472290' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Suggested bookings' })).toHaveFocus();
    // The row's best suggestion is now the next one.
    expect(
      within(screen.getByTestId('unmatched-transactions-table'))
        .getAllByTestId('best-suggestion')
        .map((cell) => cell.textContent),
    ).toEqual(['Score 50SW4472209Marc Roy', 'Score 85TUI-40229 + TUI-40230Amy Clark, Ben Clark']);
    await waitFor(() => expect(mock.calls('GET /api/reports/match-suggestions')).toHaveLength(2));
    // Rejecting matches nothing: the unmatched list is not read again.
    expect(mock.calls('GET /api/reports/unmatched-transactions')).toHaveLength(1);
  });

  it("shows the server's refusal in the modal, which stays open", async () => {
    const refusal = 'This credit already matches booking SW4472290.';
    const { user, mock } = open({
      'POST /api/transactions/31/accept-suggestion': { status: 422, body: { message: refusal } },
      'POST /api/transactions/32/accept-suggestion': {
        status: 422,
        body: {
          message: ACCEPT_MESSAGES.amountsDoNotAddUp(cents(8400), cents(8450)),
          errors: { 'amounts.1': ['The amount field must be at least 0.01.'] },
        },
      },
    });
    let dialog = await review(user, 'SW4472299');
    await user.click(within(dialog).getByRole('button', { name: 'Accept SW4472290' }));
    await user.click(within(dialog).getByRole('button', { name: 'Accept suggestion' }));
    await waitFor(() => expect(within(dialog).getByTestId('form-error')).toHaveTextContent(refusal));
    expect(screen.getByRole('dialog', { name: 'Suggestions for SW4472299' })).toBeInTheDocument();
    expect(mock.calls('GET /api/reports/unmatched-transactions')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // A split's refusal: the message above, a field's error under its amount.
    dialog = await review(user, '40229911');
    await user.click(within(dialog).getByRole('button', { name: 'Accept TUI-40229 and TUI-40230' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Amount TUI-40229 takes' }), '84.49');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Amount TUI-40230 takes' }), '0.01');
    await user.click(within(dialog).getByRole('button', { name: 'Accept suggestion' }));
    await waitFor(() =>
      expect(within(dialog).getByTestId('form-error')).toHaveTextContent(
        ACCEPT_MESSAGES.amountsDoNotAddUp(cents(8400), cents(8450)),
      ),
    );
    expect(within(dialog).getByText('The amount field must be at least 0.01.')).toBeInTheDocument();
  });
});
