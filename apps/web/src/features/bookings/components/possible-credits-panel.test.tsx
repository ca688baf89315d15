import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookingDetail } from '../../../testing/booking-fixtures';
import { agentUser } from '../../../testing/fixtures';
import { done, ok, renderScreen, type ApiMocks } from '../../../testing/screen';
import { creditSuggestionsQueryOptions } from '../api/credit-suggestions-api';

/** SW1234567: a 1,120.00 CAD Sunwing booking with no transaction yet. */
const booking = bookingDetail(5, { booking_reference: 'SW1234567', booking_amount: 1120, remaining_amount: 1120 });

const credit = (id: number, reference: string, amount: number) => ({
  id,
  reference_number: reference,
  amount,
  transaction_date: '2026-03-04',
  account_name: 'RBC Operating',
  currency_code: 'CAD',
  currency_symbol: 'C$',
});

const CLEAR = {
  credit: credit(71, 'SW1234576', 1120),
  score: 92,
  reasons: ['Reference one or two characters off', 'Amount equal'],
  auto_accept: true,
};
const WORTH_A_LOOK = {
  credit: credit(72, 'PAY 0315', 1100),
  score: 64,
  reasons: ['Amount within 2%'],
  auto_accept: false,
};
const WEAK = { credit: credit(73, 'MISC-9', 90), score: 41, reasons: ['Same supplier'], auto_accept: false };

const suggestionsOf = (suggestions: unknown[], canTakeCredit = true) =>
  ok({ can_take_credit: canTakeCredit, suggestions });

/** The booking page's own answers, and the booking's possible credits. */
const pageMocks = (more: ApiMocks = {}): ApiMocks => ({
  'GET /bookings/5': ok(booking),
  'GET /bookings/5/commission-explanation': { status: 404, body: { status: 'error', message: 'Not found.' } },
  'GET /api/bookings/5/match-suggestions': suggestionsOf([CLEAR, WORTH_A_LOOK, WEAK]),
  ...more,
});

const panel = () => screen.findByRole('region', { name: 'Possible supplier credits' });

describe('Possible supplier credits on the booking page', () => {
  it("shows an admin each credit's reference, date, account, amount, score and reasons", async () => {
    renderScreen('/bookings/5', pageMocks());
    const cards = within(await panel()).getAllByTestId(/^possible-credit-/);
    expect(cards).toHaveLength(3);
    const first = within(cards[0]!);
    expect(first.getByText('SW1234576')).toBeInTheDocument();
    expect(first.getByText('Mar 4, 2026 · RBC Operating')).toBeInTheDocument();
    expect(first.getByTestId('credit-amount')).toHaveTextContent('CA$1,120.00');
    expect(first.getByRole('list', { name: "Why credit SW1234576 may be this booking's" })).toHaveTextContent(
      /Reference one or two characters off.*Amount equal/,
    );
    expect(cards.map((c) => within(c).getByTestId('credit-score').dataset.color)).toEqual(['green', 'yellow', 'gray']);
    expect(within(cards[1]!).getByTestId('credit-score')).toHaveTextContent('Score 64');
    expect(first.getByRole('button', { name: 'Use this credit: SW1234576' })).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Not this one: SW1234576' })).toBeInTheDocument();
  });

  it('is not asked for, nor shown, for an agent', async () => {
    const { mock } = renderScreen('/bookings/5', pageMocks(), agentUser);
    expect(await screen.findByRole('heading', { name: 'Booking SW1234567' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Possible supplier credits' })).not.toBeInTheDocument();
    expect(mock.calls('GET /api/bookings/5/match-suggestions')).toHaveLength(0);
  });

  it.each([
    ['can take no credit', suggestionsOf([], false)],
    ['can take one but none looks like its money', suggestionsOf([])],
  ])('shows nothing when the booking %s', async (_case, answer) => {
    const { queryClient } = renderScreen('/bookings/5', pageMocks({ 'GET /api/bookings/5/match-suggestions': answer }));
    const { queryKey } = creditSuggestionsQueryOptions(5);
    await waitFor(() => expect(queryClient.getQueryState(queryKey)?.status).toBe('success'));
    expect(screen.getByText('No transaction matches this booking yet.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Possible supplier credits' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('possible-credits-error')).not.toBeInTheDocument();
  });

  it('uses a credit after the confirmation, shows the message and refreshes the booking', async () => {
    const { mock, user } = renderScreen(
      '/bookings/5',
      pageMocks({
        'GET /api/bookings/5/match-suggestions': [suggestionsOf([CLEAR, WORTH_A_LOOK]), suggestionsOf([], false)],
        'POST /api/transactions/71/accept-suggestion': done('Credit SW1234576 now matches booking SW1234567.', {
          data: {
            original_reference_number: 'SW1234576',
            parts: [{ transaction_id: 71, booking_id: 5, booking_reference: 'SW1234567', amount: 1120 }],
          },
        }),
      }),
    );
    await user.click(within(await panel()).getByRole('button', { name: 'Use this credit: SW1234576' }));
    const dialog = await screen.findByRole('dialog', { name: 'Use this credit?' });
    expect(dialog).toHaveTextContent(
      'Credit SW1234576 (CA$1,120.00) will match this booking: its reference becomes SW1234567; ' +
        'the original reference is kept in its history.',
    );
    expect(mock.calls('POST /api/transactions/71/accept-suggestion')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Use this credit' }));

    expect(await screen.findByText('Credit SW1234576 now matches booking SW1234567.')).toBeInTheDocument();
    const [sent] = mock.calls('POST /api/transactions/71/accept-suggestion');
    expect(sent?.body).toEqual({ booking_ids: [5] });
    // The booking (its match status) and its possible credits are read again: it can take none now.
    await waitFor(() => expect(mock.calls('GET /bookings/5')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Possible supplier credits' })).toBeNull());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('dismisses a credit after the confirmation: it leaves the list', async () => {
    const { mock, user } = renderScreen(
      '/bookings/5',
      pageMocks({
        'GET /api/bookings/5/match-suggestions': [suggestionsOf([CLEAR, WORTH_A_LOOK]), suggestionsOf([CLEAR])],
        'POST /api/transactions/72/reject-suggestion': done(
          'Credit PAY 0315 will not be suggested for SW1234567 again.',
        ),
      }),
    );
    await user.click(within(await panel()).getByRole('button', { name: 'Not this one: PAY 0315' }));
    const dialog = await screen.findByRole('dialog', { name: "Not this booking's credit?" });
    expect(dialog).toHaveTextContent('Credit PAY 0315 (CA$1,100.00) will not be suggested for this booking again.');
    await user.click(within(dialog).getByRole('button', { name: 'Not this one' }));

    expect(await screen.findByText('Credit PAY 0315 will not be suggested for SW1234567 again.')).toBeInTheDocument();
    expect(mock.calls('POST /api/transactions/72/reject-suggestion')[0]?.body).toEqual({ booking_ids: [5] });
    await waitFor(() => expect(screen.queryByTestId('possible-credit-72')).not.toBeInTheDocument());
    expect(screen.getByTestId('possible-credit-71')).toBeInTheDocument();
    // Only the possible credits are read again: nothing else changed.
    expect(mock.calls('GET /bookings/5')).toHaveLength(1);
  });

  it("keeps the confirmation open with the server's reasons when it refuses (422)", async () => {
    const refused = 'Booking SW1234567 already has a transaction that is not partial (match status mismatch).';
    const { user } = renderScreen(
      '/bookings/5',
      pageMocks({
        'POST /api/transactions/71/accept-suggestion': {
          status: 422,
          body: { message: refused, errors: { booking_ids: [refused] } },
        },
      }),
    );
    await user.click(within(await panel()).getByRole('button', { name: 'Use this credit: SW1234576' }));
    const dialog = await screen.findByRole('dialog', { name: 'Use this credit?' });
    await user.click(within(dialog).getByRole('button', { name: 'Use this credit' }));
    expect(await within(dialog).findByTestId('credit-refusal')).toHaveTextContent(refused);
    // Said once, not as the message and again as the field's error.
    expect(within(dialog).getAllByText(refused)).toHaveLength(1);
    expect(screen.getByTestId('possible-credit-71')).toBeInTheDocument();
  });

  it('says quietly when the possible credits could not be loaded', async () => {
    renderScreen(
      '/bookings/5',
      pageMocks({
        'GET /api/bookings/5/match-suggestions': { status: 500, body: { status: 'error', message: 'Server Error' } },
      }),
    );
    expect(await screen.findByTestId('possible-credits-error')).toHaveTextContent(
      'Possible supplier credits could not be loaded.',
    );
    expect(screen.getByRole('heading', { name: 'Booking SW1234567' })).toBeInTheDocument();
  });
});
