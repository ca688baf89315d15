import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { agentUser } from '../../../testing/fixtures';
import { bodyRowTexts, done, renderScreen } from '../../../testing/screen';

const boSub = { id: 5, name: 'Bo Sub', email: 'bo@x.test' };
/** Bo Sub, without an e-mail address on the link, takes 30 % of no supplier in particular. */
const link = { id: 3, parent_agent_id: 42, sub_agent_id: 5, sub_agent: { ...boSub, email: null } };
const linked = { ...link, split_percentage: '30.00', suppliers: [] };
const parent = { id: 42, name: 'Alex Agent', email: 'agent@example.test' };
const links = (data: unknown[], candidates: unknown[] = []) => ({
  body: { status: 'success', parent, data, candidates, suppliers: [] },
});

describe('Sub Agents list', () => {
  it('lists the links, and removes one only once the server agrees', async () => {
    const { mock, user } = renderScreen(
      '/agents/42/sub-agents',
      {
        'GET /agents/42/sub-agents': [links([linked]), links([])],
        'POST /agents/42/sub-agents/5': [
          { status: 422, body: { message: 'Bo Sub still has bookings through Alex Agent.' } },
          done('Sub agent removed successfully', { redirect: '/agents/42/sub-agents' }),
        ],
      },
      agentUser,
    );
    expect(bodyRowTexts(await screen.findByTestId('sub-agents-table'))).toEqual(['Bo SubNo Email30%—EditRemove']);

    await user.click(screen.getByRole('button', { name: 'Remove Bo Sub' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove sub-agent' });
    expect(dialog).toHaveTextContent('Remove Bo Sub as a sub-agent of Alex Agent?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('Bo Sub still has bookings through Alex Agent.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Sub agent removed successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('No sub-agents yet.')).toBeInTheDocument();
    expect(mock.calls('POST /agents/42/sub-agents/5').map((r) => r.body)).toEqual([
      { _method: 'DELETE' },
      { _method: 'DELETE' },
    ]);
  });

  it('offers the form with the spec texts (bookings spec §2)', async () => {
    const candidates = [boSub, { id: 6, name: 'Cy NoMail', email: null }];
    const { user } = renderScreen(
      '/agents/42/sub-agents',
      { 'GET /agents/42/sub-agents': links([], candidates) },
      agentUser,
    );
    await screen.findByText('No sub-agents yet.');
    await user.click(screen.getByRole('button', { name: 'Add Sub Agent' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('No suppliers available for this agent')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add Sub Agent' }));
    expect(await within(dialog).findByText('The sub agent field is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('The split percentage field is required.')).toBeInTheDocument();
    await user.click(within(dialog).getByPlaceholderText('Select Sub Agent'));
    expect(await screen.findByRole('option', { name: 'Cy NoMail (No Email)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Bo Sub (bo@x.test)' })).toBeInTheDocument();
  });
});
