import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminUser, sessionFor } from '../../../testing/fixtures';
import { mockFetch } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render';

describe('/account/password', () => {
  it('has a way back to the page the user came from', async () => {
    mockFetch({});
    renderApp('/account/password?redirect=%2Fagents', { session: sessionFor(adminUser) });
    const cancel = await screen.findByRole('link', { name: 'Cancel' });
    expect(cancel).toHaveAttribute('href', '/agents');
  });

  it('offers Sign out while a new password is required', async () => {
    const mock = mockFetch({ 'POST /logout': { body: { status: 'success', message: 'Signed out.' } } });
    renderApp('/account/password', { session: sessionFor({ ...adminUser, must_change_password: true }) });
    expect(await screen.findByText('Choose your own password')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Cancel' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(mock.calls('POST /logout')).toHaveLength(1);
  });
});
