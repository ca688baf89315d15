import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, agentUser } from '../../../testing/fixtures';
import { claimRequest, page, renderAs, sent, tuiCredit } from '../claims.testing';
import { ClaimsRoute } from './claims-route';

const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((c) => c.textContent);
const rows = () => within(screen.getByTestId('claims-table')).getAllByRole('row');

const pdfClaim = claimRequest({
  id: 6,
  transaction: tuiCredit,
  agent: { id: 43, name: 'Noah Gagnon' },
  requested_by: { id: 8, name: 'Noah Gagnon' },
  booking_data: {
    transaction_id: tuiCredit.id,
    booking_reference: '40229911',
    customer_name: 'Ann Lee',
    booking_date: '2026-04-30',
    notes: 'Family of four',
    is_personal: true,
  },
  receipt: { filename: 'tui.pdf', mimetype: 'application/pdf', url: '/api/unclaimed-bookings/6/receipt' },
});
const approved = (id: number) => ({
  status: 'success',
  message: 'Claim approved: the booking was created.',
  data: claimRequest({ status: 'approved', booking_id: id }),
});

describe('/claims for an admin: the review', () => {
  it('lists the pending claims with agent, transaction, booking data and receipt', async () => {
    const { mock } = renderAs(adminUser, <ClaimsRoute />, {
      'GET /api/unclaimed-bookings': page([claimRequest(), pdfClaim]),
    });
    await screen.findByTestId('claims-table');
    expect(screen.getByRole('heading', { name: 'Claims review' })).toBeInTheDocument();
    expect(cells(rows()[0]!)).toEqual([
      'Requested',
      'Agent',
      'Transaction',
      'Amount',
      'Booking',
      'Receipt',
      'Status',
      'Actions',
    ]);
    expect(cells(rows()[1]!)).toEqual([
      'May 5, 2026',
      'Olivia Tremblay',
      'SW4472299Sunwing · May 4, 2026',
      'CA$1,120.00',
      'Jean RoyMay 1, 2026',
      'View',
      'Pending',
      'ApproveReject',
    ]);
    expect(cells(rows()[2]!)[4]).toBe('Ann LeeApr 30, 2026PersonalFamily of four');
    const query = sent(mock.calls('GET /api/unclaimed-bookings')[0]);
    expect([query.get('status'), query.get('page'), query.get('per_page')]).toEqual(['pending', '1', '10']);
    expect(screen.getByRole('radio', { name: 'Pending' })).toBeChecked();
  });

  it('previews an image receipt inline and a PDF in a frame', async () => {
    const { user } = renderAs(adminUser, <ClaimsRoute />, {
      'GET /api/unclaimed-bookings': page([claimRequest(), pdfClaim]),
    });
    await user.click(await screen.findByRole('button', { name: 'View receipt of SW4472299' }));
    const image = await screen.findByRole('img', { name: 'Receipt receipt.png' });
    expect(image).toHaveAttribute('src', '/api/unclaimed-bookings/5/receipt');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('receipt-preview')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'View receipt of 40229911' }));
    const frame = await screen.findByTitle('Receipt tui.pdf');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', '/api/unclaimed-bookings/6/receipt');
    expect(screen.getByRole('link', { name: /Open in a new tab/ })).toHaveAttribute(
      'href',
      '/api/unclaimed-bookings/6/receipt',
    );
  });

  it('approves after a confirmation, and says why when the server refuses', async () => {
    const { user, mock } = renderAs(adminUser, <ClaimsRoute />, {
      'GET /api/unclaimed-bookings': page([claimRequest()]),
      'POST /api/unclaimed-bookings/5/approve': [
        { status: 422, body: { status: 'error', message: 'This claim has already been rejected.' } },
        { body: approved(77) },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Approve SW4472299' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve claim' });
    expect(confirm).toHaveTextContent(
      "Approve Olivia Tremblay's claim of SW4472299 (CA$1,120.00, Sunwing)? A pending booking is created for the agent and matches the transaction.",
    );
    await user.click(within(confirm).getByRole('button', { name: 'Approve' }));
    expect(await within(confirm).findByText('This claim has already been rejected.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Claim approved: the booking was created.')).toBeInTheDocument();
    expect(mock.calls('POST /api/unclaimed-bookings/5/approve')).toHaveLength(2);
    // The list is read again.
    await waitFor(() => expect(mock.calls('GET /api/unclaimed-bookings')).toHaveLength(2));
  });

  it('rejects only with a reason; Enter in the reason is a new line', async () => {
    const { user, mock } = renderAs(adminUser, <ClaimsRoute />, {
      'GET /api/unclaimed-bookings': page([claimRequest()]),
      'POST /api/unclaimed-bookings/5/reject': {
        body: {
          status: 'success',
          message: 'Claim rejected.',
          data: claimRequest({ status: 'rejected', rejection_reason: 'No receipt match' }),
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Reject SW4472299' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject claim' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject claim' }));
    expect(await within(dialog).findByText('The reason field is required.')).toBeInTheDocument();
    const reason = within(dialog).getByLabelText(/^Reason/);
    await user.type(reason, 'Not this agent{Enter}Receipt is for another trip');
    expect(mock.calls('POST /api/unclaimed-bookings/5/reject')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Reject claim' }));
    expect(await screen.findByText('Claim rejected.')).toBeInTheDocument();
    expect(mock.calls('POST /api/unclaimed-bookings/5/reject')[0]!.body).toEqual({
      reason: 'Not this agent\nReceipt is for another trip',
    });
  });

  it('filters by status in the URL and says when a filter is empty', async () => {
    const { user, mock, router } = renderAs(adminUser, <ClaimsRoute />, {
      'GET /api/unclaimed-bookings': [page([claimRequest()]), page([])],
    });
    await screen.findByTestId('claims-table');
    await user.click(screen.getByRole('radio', { name: 'Rejected' }));
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No claim has been rejected.');
    expect(router.state.location.search).toBe('?status=rejected');
    expect(sent(mock.calls('GET /api/unclaimed-bookings')[1]).get('status')).toBe('rejected');
  });
});

describe('/claims for an agent: My claims', () => {
  it('shows each claim’s state: pending, approved with its booking, rejected with the reason', async () => {
    const { mock } = renderAs(agentUser, <ClaimsRoute />, {
      'GET /api/unclaimed-bookings/mine': page([
        claimRequest({
          id: 9,
          status: 'approved',
          booking_id: 77,
          decided_by: { id: 1, name: 'Ada Admin' },
          decided_at: '2026-05-06T09:00:00.000Z',
        }),
        claimRequest({ id: 8, status: 'rejected', rejection_reason: 'The receipt is for another trip.' }),
        claimRequest({ id: 7 }),
      ]),
    });
    await screen.findByTestId('claims-table');
    expect(screen.getByRole('heading', { name: 'My claims' })).toBeInTheDocument();
    expect(cells(rows()[0]!)).toEqual(['Requested', 'Transaction', 'Amount', 'Booking', 'Receipt', 'Status']);
    expect(cells(rows()[1]!)[5]).toBe('ApprovedView booking');
    expect(within(rows()[1]!).getByRole('link', { name: 'View booking' })).toHaveAttribute('href', '/bookings/77');
    expect(cells(rows()[2]!)[5]).toBe('RejectedThe receipt is for another trip.');
    expect(cells(rows()[3]!)[5]).toBe('Pending');
    expect(screen.queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    expect(sent(mock.calls('GET /api/unclaimed-bookings/mine')[0]).get('status')).toBe('all');
  });

  it('says there are none yet and where to find one', async () => {
    renderAs(agentUser, <ClaimsRoute />, { 'GET /api/unclaimed-bookings/mine': page([]) });
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('You have not claimed a booking yet.');
    expect(
      screen.getByRole('link', { name: 'Search for an unclaimed booking on the commission reports' }),
    ).toHaveAttribute('href', '/reports/commissions');
  });
});
