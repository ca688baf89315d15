import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { agentUser } from '../../../testing/fixtures';
import { claimRequest, renderAs, sent, sunwingCredit } from '../claims.testing';
import { UnclaimedSearchPanel } from './unclaimed-search-panel';

const found = { body: { status: 'success', data: { transaction: sunwingCredit } } };

function open(search: unknown) {
  return renderAs(agentUser, <UnclaimedSearchPanel />, {
    'GET /api/unclaimed-bookings/search': search as never,
    'POST /api/unclaimed-bookings': {
      status: 201,
      body: { status: 'success', message: 'Claim submitted for review.', data: claimRequest() },
    },
  });
}

const referenceInput = () => screen.getByLabelText('Booking reference');
const searchButton = () => screen.getByRole('button', { name: 'Search' });

describe('UnclaimedSearchPanel', () => {
  it('keeps Search disabled while the reference is empty, searches on Enter and shows the credit to claim', async () => {
    const { user, mock } = open(found);
    await screen.findByTestId('unclaimed-search');
    expect(searchButton()).toBeDisabled();
    await user.type(referenceInput(), '   ');
    expect(searchButton()).toBeDisabled();
    await user.clear(referenceInput());
    await user.type(referenceInput(), ' SW4472299 {Enter}');
    const card = await screen.findByTestId('unclaimed-result');
    expect(sent(mock.calls('GET /api/unclaimed-bookings/search')[0]).get('reference_number')).toBe('SW4472299');
    expect(within(card).getByTestId('transaction-facts')).toHaveTextContent('SW4472299');
    expect(within(card).getByTestId('transaction-facts')).toHaveTextContent('CA$1,120.00');

    await user.click(within(card).getByRole('button', { name: 'Claim SW4472299' }));
    const dialog = await screen.findByRole('dialog', { name: 'Claim this booking' });
    await user.type(within(dialog).getByLabelText(/^Customer Name/), 'Jean Roy');
    await user.upload(
      dialog.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File(['%PDF-1.4'], 'receipt.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Submit claim' }));
    expect(await screen.findByTestId('claim-sent')).toHaveTextContent(
      "Your claim of SW4472299 is waiting for an admin's review. Follow it on My claims.",
    );
    expect(within(screen.getByTestId('claim-sent')).getByRole('link', { name: 'My claims' })).toHaveAttribute(
      'href',
      '/claims',
    );
    expect(screen.queryByTestId('unclaimed-result')).not.toBeInTheDocument();
    expect(referenceInput()).toHaveValue('');
  });

  it("says the server's message when nothing is found (an answer, not an error), and searches again when asked again", async () => {
    const { user, mock } = open({
      status: 200,
      body: {
        status: 'success',
        message: 'No unmatched transaction found for this reference.',
        data: { transaction: null },
      },
    });
    await user.type(await screen.findByLabelText('Booking reference'), 'NOPE1');
    await user.click(searchButton());
    expect(await screen.findByTestId('search-none')).toHaveTextContent(
      'No unmatched transaction found for this reference.',
    );
    expect(screen.queryByTestId('search-error')).not.toBeInTheDocument();
    await user.click(searchButton());
    await waitFor(() => expect(mock.calls('GET /api/unclaimed-bookings/search')).toHaveLength(2));
  });

  it("falls back to 'An error occurred while searching'", async () => {
    const { user } = open({ status: 500, body: null });
    await user.type(await screen.findByLabelText('Booking reference'), 'SW1');
    await user.click(searchButton());
    expect(await screen.findByTestId('search-error')).toHaveTextContent('An error occurred while searching');
  });
});
