import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../testing/mock-fetch';
import { setCsrfToken } from '../../../lib/api-client';
import { renderWithProviders } from '../../../testing/render';
import { payoutInfo, processedAnswer, refundInfo, settingsAnswer } from '../payouts.testing';
import { PayoutModal } from './payout-modal';

function open(info: unknown, process: unknown = { body: processedAnswer }) {
  const mock = mockFetch({
    'GET /bookings/5/payout-info': info as never,
    'POST /bookings/5/process-payout': process as never,
    'GET /api/settings': { body: settingsAnswer },
  });
  setCsrfToken('test-csrf-token');
  const onPaid = vi.fn();
  const onClose = vi.fn();
  const view = renderWithProviders(<PayoutModal bookingId={5} opened onClose={onClose} onPaid={onPaid} />);
  return { ...view, mock, onPaid, onClose };
}

const amountField = () => screen.getByLabelText(/^Payout amount/) as HTMLInputElement;

async function typeAmount(user: ReturnType<typeof open>['user'], value: string) {
  await user.clear(amountField());
  await user.type(amountField(), value);
}

/** Processes the payout and answers what was sent. */
async function processed(user: ReturnType<typeof open>['user'], mock: ReturnType<typeof open>['mock']) {
  await user.click(screen.getByRole('button', { name: 'Process Payout' }));
  await waitFor(() => expect(mock.calls('POST /bookings/5/process-payout')).toHaveLength(1));
  return mock.calls('POST /bookings/5/process-payout')[0]?.body;
}

const rowsOf = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('row')
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

describe('PayoutModal', () => {
  it('shows the booking, what is available and the breakdown, pre-fills the amount that completes it', async () => {
    open({ body: payoutInfo() });
    expect(await screen.findByTestId('payout-booking')).toHaveTextContent(
      'Booking referenceSW0000001SupplierSunwing (CAD)Gross commissionCA$1,000.00Expected commissionCA$700.00PaidCA$0.00RemainingCA$1,000.00',
    );
    expect(screen.getByTestId('payout-available')).toHaveTextContent('Available amountCA$1,000.00');
    expect(rowsOf('payout-breakdown')).toEqual([
      ['Agent', 'Percentage', 'Amount', 'GST', 'Total'],
      ['Olivia Parent', '42%', 'CA$420.00', 'CA$21.00', 'CA$441.00'],
      ['Noah Sub', '28%', 'CA$280.00', 'CA$0.00', 'CA$280.00'],
    ]);
    expect(amountField()).toHaveValue(1000);
    expect(amountField()).toHaveAttribute('step', '0.01');
    // The whole gross: nothing remains, so the payout is not partial.
    expect(screen.getByLabelText('Partial payment')).not.toBeChecked();
    expect(screen.getByTestId('payout-partial').closest('.mantine-Checkbox-root')).toHaveTextContent(
      'Nothing will remain: the booking becomes completed',
    );
  });

  it('says whether the payout leaves the booking partial: ticked and read-only while something remains, sent as is_partial', async () => {
    const info = payoutInfo({
      booking: { booking_amount: 1265, remaining_amount: 1265 },
      payout: { available_amount: 1265 },
    });
    const { user, mock } = open({ body: info });
    await screen.findByTestId('payout-booking');
    const box = screen.getByLabelText('Partial payment');
    const said = () => screen.getByTestId('payout-partial').closest('.mantine-Checkbox-root');
    expect(box).not.toBeChecked();
    expect(box).toHaveAttribute('aria-readonly', 'true');
    await typeAmount(user, '265');
    await waitFor(() => expect(box).toBeChecked());
    expect(said()).toHaveTextContent('CA$1,000.00 will remain: the booking becomes partial');
    // A click is no choice: the amount decides.
    await user.click(box);
    expect(box).toBeChecked();
    // While the amount cannot be paid, the box says nothing.
    await typeAmount(user, '1265.01');
    await waitFor(() => expect(box).toHaveAttribute('data-indeterminate', 'true'));
    expect(said()).not.toHaveTextContent('will remain');
    await typeAmount(user, '1265');
    await waitFor(() => expect(box).not.toBeChecked());
    await user.click(box);
    expect(box).not.toBeChecked();
    await typeAmount(user, '265');
    expect(await processed(user, mock)).toMatchObject({ payout_amount: '265.00', is_partial: true });
  });

  it('sends is_partial false for the amount that completes the booking', async () => {
    const { user, mock } = open({ body: payoutInfo({ booking: { paid_amount: 400, remaining_amount: 600 } }) });
    await screen.findByTestId('payout-booking');
    await typeAmount(user, '600');
    await waitFor(() => expect(screen.getByLabelText('Partial payment')).not.toBeChecked());
    expect(await processed(user, mock)).toMatchObject({ payout_amount: '600.00', is_partial: false });
  });

  it('previews what each agent receives for the typed amount with planPayout', async () => {
    const { user } = open({ body: payoutInfo() });
    await screen.findByTestId('payout-preview');
    await typeAmount(user, '333.33');
    // Olivia: round(420 × 333.33 / 1000) = 140.00 and 5% GST; Noah: round(280 × 333.33 / 1000) = 93.33.
    await waitFor(() =>
      expect(rowsOf('payout-preview')).toEqual([
        ['Agent', 'Percentage', 'Commission', 'GST', 'Total'],
        ['Olivia Parent', '42%', 'CA$140.00', 'CA$7.00', 'CA$147.00'],
        ['Noah Sub', '28%', 'CA$93.33', 'CA$0.00', 'CA$93.33'],
        ['Total to agents', 'CA$233.33', 'CA$7.00', 'CA$240.33'],
      ]),
    );
  });

  it('says an amount of zero or above the maximum is refused, and disables the payout', async () => {
    const { user } = open({ body: payoutInfo({ payout: { max_available_amount: 500 } }) });
    await screen.findByTestId('payout-booking');
    expect(screen.getByTestId('payout-available')).toHaveTextContent('Maximum available amountCA$500.00');
    await typeAmount(user, '0');
    expect(await screen.findByText('Payout amount must be greater than zero')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Process Payout' })).toBeDisabled();
    await typeAmount(user, '500.01');
    expect(
      await screen.findByText('Payout amount cannot exceed the maximum available amount (500.00)'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('payout-preview')).not.toBeInTheDocument();
    await typeAmount(user, '500');
    expect(screen.getByRole('button', { name: 'Process Payout' })).toBeEnabled();
  });

  it('takes a refund between the available amount and 0, unticked when nothing positive remains', async () => {
    const { user } = open({ body: refundInfo() });
    await screen.findByTestId('payout-booking');
    expect(amountField()).toHaveValue(-200);
    expect(screen.getByLabelText('Partial payment')).not.toBeChecked();
    await typeAmount(user, '-200.01');
    expect(
      await screen.findByText('Payout amount cannot exceed the maximum available amount (-200.00)'),
    ).toBeInTheDocument();
    await typeAmount(user, '50');
    expect(
      await screen.findByText(
        'A refund booking is paid out as a negative amount (a clawback) between the available amount and 0.',
      ),
    ).toBeInTheDocument();
    await typeAmount(user, '-50');
    await waitFor(() =>
      expect(rowsOf('payout-preview')[1]).toEqual(['Olivia Parent', '42%', '-CA$21.00', '-CA$1.05', '-CA$22.05']),
    );
  });

  it('blocks the payout when an agent has no account', async () => {
    open({
      body: payoutInfo({ payout: { agents_without_accounts: [{ agent_id: 12, agent_name: 'Noah Sub' }] } }),
    });
    expect(await screen.findByTestId('payout-blocked')).toHaveTextContent(
      "Cannot process payout: Some agents don't have accounts",
    );
    expect(screen.getByTestId('agents-without-accounts')).toHaveTextContent('Noah Sub');
    expect(screen.getByRole('button', { name: 'Process Payout' })).toBeDisabled();
  });

  it('posts the amount, description and partial flag, then hands the answer over', async () => {
    const { user, mock, onPaid, onClose } = open({ body: payoutInfo() });
    await screen.findByTestId('payout-booking');
    await typeAmount(user, '333.3');
    // Left empty, the record is named after the booking, its agent and the day (the server's name).
    expect(screen.getByLabelText('Description')).toHaveAttribute(
      'placeholder',
      'Payout SW0000001 · Noah Sub · 2026-11-26',
    );
    await user.type(screen.getByLabelText('Description'), 'May commission');
    await user.click(screen.getByRole('button', { name: 'Process Payout' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(processedAnswer));
    expect(onClose).toHaveBeenCalled();
    expect(mock.calls('POST /bookings/5/process-payout')[0]?.body).toEqual({
      payout_amount: '333.30',
      description: 'May commission',
      is_partial: true,
    });
  });

  it.each([
    [{ status: 500, body: { status: 'error', message: '' } }, 'Failed to process payout'],
    [
      {
        status: 422,
        body: { message: 'Payout amount cannot exceed the maximum available amount (10.00)', errors: {} },
      },
      'Payout amount cannot exceed the maximum available amount (10.00)',
    ],
    [new TypeError('Failed to fetch'), 'An error occurred while processing the payout'],
  ])('says why a payout failed (%#)', async (reply, message) => {
    const { user, onPaid } = open({ body: payoutInfo() }, reply);
    await screen.findByTestId('payout-booking');
    await user.click(screen.getByRole('button', { name: 'Process Payout' }));
    expect(await screen.findByTestId('payout-error')).toHaveTextContent(message);
    expect(onPaid).not.toHaveBeenCalled();
  });

  it.each([
    [{ status: 500, body: { status: 'error', message: '' } }, 'Failed to fetch payout information'],
    [new TypeError('Failed to fetch'), 'An error occurred while fetching payout information'],
  ])('says the payout information could not be loaded (%#)', async (reply, message) => {
    open(reply);
    expect(await screen.findByTestId('payout-info-error')).toHaveTextContent(message);
  });
});
