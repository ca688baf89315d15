import { BOOKING_REFERENCE_MESSAGE } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { agentOption, bookingDetail } from '../../../testing/booking-fixtures';
import { adminUser, agentUser } from '../../../testing/fixtures';
import type { MockHandler } from '../../../testing/mock-fetch';
import { claimRequest, renderAs, sunwingCredit } from '../claims.testing';
import { ClaimModal } from './claim-modal';

const png = new File([new Uint8Array([137, 80, 78, 71])], 'receipt.png', { type: 'image/png' });

function open(admin: boolean, mocks: Record<string, MockHandler | MockHandler[]> = {}) {
  const onClose = vi.fn();
  const onClaimed = vi.fn();
  const view = renderAs(
    admin ? adminUser : agentUser,
    <ClaimModal transaction={sunwingCredit} isAdmin={admin} onClose={onClose} onClaimed={onClaimed} />,
    mocks,
  );
  return { ...view, onClose, onClaimed };
}

const dialog = () => screen.findByRole('dialog');
const input = (label: RegExp) =>
  within(screen.getByRole('dialog')).getByLabelText(label, { selector: 'input, textarea' });
const fileInput = () => screen.getByRole('dialog').querySelector<HTMLInputElement>('input[type="file"]')!;
const errorOf = (label: RegExp) => {
  const id = input(label)
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((i) => i.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : undefined;
};
const submit = (user: ReturnType<typeof open>['user'], name: string) =>
  user.click(within(screen.getByRole('dialog')).getByRole('button', { name }));

describe('ClaimModal (agent)', () => {
  it('shows the transaction read-only and starts from its reference and date', async () => {
    open(false);
    await dialog();
    expect(input(/^Transaction Reference/)).toHaveValue('SW4472299');
    expect(input(/^Transaction Reference/)).toHaveAttribute('readonly');
    expect(input(/^Supplier/)).toHaveValue('Sunwing');
    expect(input(/^Amount/)).toHaveValue('CA$1,120.00');
    expect(input(/^Amount/)).toHaveAttribute('readonly');
    expect(input(/^Booking Reference/)).toHaveValue('SW4472299');
    expect(input(/^Booking Date/)).toHaveValue('2026-05-04');
    expect(screen.queryByLabelText(/^Primary Agent/)).not.toBeInTheDocument();
  });

  it('requires the customer name and the receipt, says the UPPERCASE rule at once, and sends nothing', async () => {
    const { user, mock } = open(false);
    await dialog();
    await user.clear(input(/^Booking Reference/));
    await user.type(input(/^Booking Reference/), 'sw4472299');
    expect(errorOf(/^Booking Reference/)).toBe(BOOKING_REFERENCE_MESSAGE);
    await submit(user, 'Submit claim');
    expect(errorOf(/^Customer Name/)).toBe('The customer name field is required.');
    expect(await screen.findByText('Receipt is required.')).toBeInTheDocument();
    expect(mock.requests).toHaveLength(0);
  });

  it('refuses a receipt over 5 MB as soon as it is chosen', async () => {
    const { user } = open(false);
    await dialog();
    await user.upload(fileInput(), new File([new Uint8Array(5_242_881)], 'big.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('File size should not exceed 5MB')).toBeInTheDocument();
  });

  it('sends the request as multipart (reference, booking data JSON, receipt), says so and closes', async () => {
    const { user, mock, onClose, onClaimed } = open(false, {
      'POST /api/unclaimed-bookings': {
        status: 201,
        body: { status: 'success', message: 'Claim submitted for review.', data: claimRequest() },
      },
    });
    await dialog();
    await user.type(input(/^Customer Name/), 'Jean Roy');
    await user.type(input(/^Notes/), 'Booked by phone');
    await user.click(input(/^Personal Booking/));
    await user.upload(fileInput(), png);
    await submit(user, 'Submit claim');
    expect(await screen.findByText('Claim submitted for review.')).toBeInTheDocument();
    const [request] = mock.calls('POST /api/unclaimed-bookings');
    const body = request!.body as Record<string, unknown>;
    expect(body.reference_number).toBe('SW4472299');
    expect(JSON.parse(body.booking_data as string)).toEqual({
      transaction_id: 31,
      booking_reference: 'SW4472299',
      customer_name: 'Jean Roy',
      booking_date: '2026-05-04',
      notes: 'Booked by phone',
      is_personal: true,
    });
    expect((body.booking_receipt as File).name).toBe('receipt.png');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onClaimed).toHaveBeenCalledTimes(1);
  });

  it("puts the server's field errors under the fields and its refusal in the alert", async () => {
    const { user, onClose } = open(false, {
      'POST /api/unclaimed-bookings': [
        {
          status: 422,
          body: {
            message: 'The customer name field is required.',
            errors: {
              'booking_data.customer_name': ['The customer name must not contain control characters.'],
              reference_number: ['This transaction already has a pending claim (#4).'],
            },
          },
        },
        { status: 403, body: { status: 'error', message: 'Only agents can request a claim.' } },
        { status: 500, body: null },
        new TypeError('Failed to fetch'),
      ],
    });
    await dialog();
    await user.type(input(/^Customer Name/), 'Jean');
    await user.upload(fileInput(), png);
    await submit(user, 'Submit claim');
    await waitFor(() =>
      expect(errorOf(/^Customer Name/)).toBe('The customer name must not contain control characters.'),
    );
    expect(errorOf(/^Transaction Reference/)).toBe('This transaction already has a pending claim (#4).');
    expect(screen.getByTestId('form-error')).toHaveTextContent('The customer name field is required.');

    await submit(user, 'Submit claim');
    await waitFor(() => expect(screen.getByTestId('form-error')).toHaveTextContent('Only agents can request a claim.'));
    await submit(user, 'Submit claim');
    await waitFor(() =>
      expect(screen.getByTestId('form-error')).toHaveTextContent('An error occurred while processing your request.'),
    );
    await submit(user, 'Submit claim');
    await waitFor(() =>
      expect(screen.getByTestId('form-error')).toHaveTextContent(
        'Unable to connect to the server. Please check your internet connection.',
      ),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('ClaimModal (admin)', () => {
  const agents = {
    body: { status: 'success', data: [agentOption(12, 'Olivia Tremblay', null), agentOption(13, 'Noah Gagnon', null)] },
  };

  it('needs an agent, not a receipt, and creates the claimed booking at once with the transaction’s supplier and amount', async () => {
    const { user, mock, onClose } = open(true, {
      'GET /agents-list': agents,
      'POST /bookings': {
        status: 201,
        body: {
          status: 'success',
          message: 'Booking created successfully',
          data: bookingDetail(90),
          redirect: '/bookings/90',
        },
      },
    });
    await dialog();
    expect(within(screen.getByRole('dialog')).getByText('Booking Receipt (Optional)')).toBeInTheDocument();
    await user.type(input(/^Customer Name/), 'Jean Roy');
    await submit(user, 'Create booking');
    expect(await screen.findByText('The primary agent field is required.')).toBeInTheDocument();
    expect(mock.calls('POST /bookings')).toHaveLength(0);

    await user.click(input(/^Primary Agent/));
    await user.click(await screen.findByRole('option', { name: 'Noah Gagnon' }));
    await submit(user, 'Create booking');
    expect(await screen.findByText('Booking created successfully')).toBeInTheDocument();
    const body = mock.calls('POST /bookings')[0]!.body;
    expect(body).toEqual({
      booking_reference: 'SW4472299',
      customer_name: 'Jean Roy',
      booking_date: '2026-05-04',
      supplier_id: '3',
      booking_amount: '1120.00',
      status: 'pending',
      is_personal: '0',
      notes: '',
      is_claimed_booking: '1',
      primary_agent_id: '13',
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
