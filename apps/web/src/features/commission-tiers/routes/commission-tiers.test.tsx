import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { done, ok, renderScreen } from '../../../testing/screen';

const gold = { id: 1, name: 'Gold', description: 'Top sellers' };
const silver = { id: 2, name: 'Silver', description: '' };

describe('Commission tiers page', () => {
  it('lists the tiers', async () => {
    renderScreen('/commission-tiers', { 'GET /api/commission-tiers': ok([gold, silver]) });

    const table = await screen.findByTestId('commission-tiers-table');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'NameDescriptionActions',
      'GoldTop sellersEdit',
      'Silver—Edit',
    ]);
  });

  it('says so when there are none', async () => {
    renderScreen('/commission-tiers', { 'GET /api/commission-tiers': ok([]) });
    expect(await screen.findByText('No commission tiers yet.')).toBeInTheDocument();
  });

  it('creates a tier, showing client and server validation on the fields', async () => {
    const { mock, user } = renderScreen('/commission-tiers', {
      'GET /api/commission-tiers': [ok([]), ok([{ id: 3, name: 'Platinum', description: 'Best' }])],
      'POST /commission-tiers': [
        {
          status: 422,
          body: { message: 'The name has already been taken.', errors: { name: ['The name has already been taken.'] } },
        },
        done('Commission tier created successfully.', { data: { id: 3, name: 'Platinum', description: 'Best' } }),
      ],
    });
    await screen.findByText('No commission tiers yet.');

    await user.click(screen.getByRole('button', { name: 'New tier' }));
    const dialog = await screen.findByRole('dialog', { name: 'New commission tier' });
    const name = within(dialog).getByRole('textbox', { name: /^name/i });

    await user.click(within(dialog).getByRole('button', { name: 'Create tier' }));
    expect(await within(dialog).findByText('The name field is required.')).toBeInTheDocument();
    expect(mock.calls('POST /commission-tiers')).toHaveLength(0);

    await user.type(name, 'Platinum');
    await user.type(within(dialog).getByRole('textbox', { name: /description/i }), 'Best');
    await user.click(within(dialog).getByRole('button', { name: 'Create tier' }));
    expect(await within(dialog).findByText('The name has already been taken.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');

    await user.type(name, '{Enter}');
    expect(await screen.findByText('Commission tier created successfully.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('cell', { name: 'Platinum' })).toBeInTheDocument();
    expect(mock.calls('POST /commission-tiers').map((r) => r.body)).toEqual([
      { name: 'Platinum', description: 'Best' },
      { name: 'Platinum', description: 'Best' },
    ]);
  });

  it('edits a tier through POST with _method PUT', async () => {
    const { mock, user } = renderScreen('/commission-tiers', {
      'GET /api/commission-tiers': ok([gold]),
      'POST /commission-tiers/1': done('Commission tier updated successfully.', { data: { ...gold, name: 'Gold+' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Gold' }));

    const dialog = await screen.findByRole('dialog', { name: 'Edit commission tier' });
    const name = within(dialog).getByRole('textbox', { name: /^name/i });
    expect(name).toHaveValue('Gold');
    await user.type(name, '+');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Commission tier updated successfully.')).toBeInTheDocument();
    expect(mock.calls('POST /commission-tiers/1')[0]?.body).toEqual({
      name: 'Gold+',
      description: 'Top sellers',
      _method: 'PUT',
    });
  });

  it('shows a load failure with a retry', async () => {
    const { user } = renderScreen('/commission-tiers', {
      'GET /api/commission-tiers': [{ status: 500, body: { status: 'error', message: 'Server error.' } }, ok([gold])],
    });
    expect(await screen.findByTestId('query-error')).toHaveTextContent('Server error.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('cell', { name: 'Gold' })).toBeInTheDocument();
  });
});
