import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { agentUser } from '../../../testing/fixtures';
import { bodyRowTexts, done, ok, pageOf as page, renderScreen } from '../../../testing/screen';
const goldRule = {
  id: 1,
  commission_type: 'tier',
  general_id: 10,
  owner_name: 'Gold',
  percentage: '12.50',
  suppliers: [
    { id: 1, name: 'AirOne' },
    { id: 2, name: 'Sunwing' },
  ],
};
const patRule = {
  id: 2,
  commission_type: 'agent',
  general_id: 43,
  owner_name: 'Pat Parent',
  percentage: '70.00',
  suppliers: [],
};

describe('Commission rules page', () => {
  it('lists type, owner, percentage and suppliers, and searches on the server', async () => {
    const { mock, user } = renderScreen('/commissions', { 'GET /commissions': page([goldRule, patRule]) });
    const table = await screen.findByTestId('commissions-table');
    expect(bodyRowTexts(table)).toEqual([
      'TierGold12.50%AirOne, SunwingEditDelete',
      'AgentPat Parent70.00%No suppliersEditDelete',
    ]);
    expect(within(table).getByRole('link', { name: 'Edit commission of Gold' })).toHaveAttribute(
      'href',
      '/commissions/1/edit',
    );
    expect(screen.getByText('Showing 1 to 2 of 2 results')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search commissions' }), 'sun');
    await waitFor(() => expect(mock.calls('GET /commissions').at(-1)?.url).toContain('search=sun'));
  });

  it('deletes a rule after a confirmation that says which bookings it recalculates, and how many it did', async () => {
    const { mock, user } = renderScreen('/commissions', {
      'GET /commissions': [page([goldRule]), page([])],
      'GET /commissions/1/delete-preview': ok({
        changed: 2,
        by_status: { pending: 0, confirmed: 2, partial: 0 },
        difference: [{ currency_code: 'GBP', before: '200.00', after: '0.00', delta: '-200.00' }],
      }),
      'POST /commissions/1': done('Commission deleted successfully', {
        recalculation: { changed: 2, difference: [{ currency_code: 'GBP', amount: '-200.00' }] },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete commission of Gold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete commission' });
    await waitFor(() =>
      expect(dialog).toHaveTextContent(
        'Delete the tier commission of Gold (12.5%)? Deleting it recalculates 2 bookings (confirmed 2). ' +
          'Expected commission changes by -£200.00 (£200.00 → £0.00).',
      ),
    );
    expect(mock.calls('POST /commissions/1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Commission deleted successfully. 2 bookings recalculated.')).toBeInTheDocument();
    expect(mock.calls('POST /commissions/1')[0]?.body).toEqual({ _method: 'DELETE' });
    expect(await screen.findByText('No commissions yet.')).toBeInTheDocument();
  });

  it('says when deleting recalculates nothing, and keeps a refusal in the question', async () => {
    const { user } = renderScreen('/commissions', {
      'GET /commissions': page([goldRule]),
      'GET /commissions/1/delete-preview': ok({
        changed: 0,
        by_status: { pending: 0, confirmed: 0, partial: 0 },
        difference: [],
      }),
      'POST /commissions/1': { status: 404, body: { status: 'error', message: 'The commission was not found.' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete commission of Gold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete commission' });
    expect(await within(dialog).findByText('No booking is recalculated.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('The commission was not found.')).toBeInTheDocument();
  });

  it('has a clear empty state with a way to create one', async () => {
    renderScreen('/commissions', { 'GET /commissions': page([]) });
    const empty = await screen.findByTestId('empty-state');
    expect(empty).toHaveTextContent('No commissions yet.');
    expect(within(empty).getByRole('link', { name: 'Create Commission' })).toHaveAttribute(
      'href',
      '/commissions/create',
    );
  });

  it('is not for agents', async () => {
    const { mock } = renderScreen('/commissions', {}, agentUser);
    expect(await screen.findByText('You do not have access to this page.')).toBeInTheDocument();
    expect(mock.requests).toHaveLength(0);
  });
});
