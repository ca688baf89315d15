import { LOGIN_FAILED } from '@app/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, sessionFor } from '../../../testing/fixtures';
import { mockFetch } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render';

const signedOut = { body: { authenticated: false, user: null, csrf_token: 'token-1' } };

describe('Login page', () => {
  it("shows the server's field error under the email field", async () => {
    const mock = mockFetch({
      'GET /api/session': signedOut,
      'POST /login': { status: 422, body: { message: LOGIN_FAILED, errors: { email: [LOGIN_FAILED] } } },
    });
    const { user } = renderApp('/login');

    await user.type(await screen.findByLabelText(/^email/i, { selector: 'input' }), 'ada@example.test');
    await user.type(screen.getByLabelText(/^password/i, { selector: 'input' }), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const email = screen.getByLabelText(/^email/i, { selector: 'input' });
    expect(await screen.findByText(LOGIN_FAILED)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(LOGIN_FAILED);
    // The 422 message repeats the field message, so it is not shown twice.
    expect(screen.getAllByText(LOGIN_FAILED)).toHaveLength(1);

    const [request] = mock.calls('POST /login');
    expect(request?.body).toEqual({ email: 'ada@example.test', password: 'wrong-password' });
    expect(request?.headers.get('X-CSRF-TOKEN')).toBe('token-1');
  });

  it('shows a throttling message in the alert', async () => {
    mockFetch({
      'GET /api/session': signedOut,
      'POST /login': {
        status: 429,
        body: { status: 'error', message: 'Too many login attempts. Please try again in 60 seconds.' },
      },
    });
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText(/^email/i, { selector: 'input' }), 'ada@example.test');
    await user.type(screen.getByLabelText(/^password/i, { selector: 'input' }), 'secret{Enter}');

    expect(await screen.findByTestId('form-error')).toHaveTextContent(
      'Too many login attempts. Please try again in 60 seconds.',
    );
  });

  it('validates on the client before calling the server', async () => {
    const mock = mockFetch({ 'GET /api/session': signedOut });
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('The email field is required.')).toBeInTheDocument();
    expect(screen.getByText('The password field is required.')).toBeInTheDocument();
    expect(mock.calls('POST /login')).toHaveLength(0);
  });

  it('signs in and goes to the ?redirect page', async () => {
    mockFetch({
      'GET /api/session': signedOut,
      'POST /login': { body: { status: 'success', message: 'Signed in.', user: adminUser, csrf_token: 'token-2' } },
      'GET /api/suppliers': { body: { status: 'success', data: [] } },
    });
    const { user, router } = renderApp('/login?redirect=%2Fsuppliers');
    await user.type(await screen.findByLabelText(/^email/i, { selector: 'input' }), 'admin@example.test');
    await user.type(screen.getByLabelText(/^password/i, { selector: 'input' }), 'secret{Enter}');

    expect(await screen.findByRole('heading', { name: 'Suppliers' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/suppliers');
    expect(screen.getByTestId('current-user')).toHaveTextContent('Ada Admin');
  });

  it('ignores a redirect to another site and goes to the bookings list', async () => {
    mockFetch({
      'GET /api/session': signedOut,
      'POST /login': { body: { status: 'success', message: 'Signed in.', user: adminUser, csrf_token: 'token-2' } },
      'GET /bookings': {
        body: { data: [], current_page: 1, last_page: 1, per_page: 25, from: null, to: null, total: 0 },
      },
      'GET /api/suppliers': { body: { status: 'success', data: [] } },
      'GET /agents-list': { body: { status: 'success', data: [] } },
      'GET /api/booking-groups': { body: { status: 'success', data: [] } },
    });
    const { user, router } = renderApp('/login?redirect=%2F%2Fevil.example');
    await user.type(await screen.findByLabelText(/^email/i, { selector: 'input' }), 'admin@example.test');
    await user.type(screen.getByLabelText(/^password/i, { selector: 'input' }), 'secret{Enter}');

    expect(await screen.findByRole('heading', { name: 'Bookings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/bookings');
  });

  it('sends a signed-in user straight on', async () => {
    const { router } = renderApp('/login', { session: sessionFor(adminUser) });
    expect(await screen.findByTestId('nav')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/bookings');
  });
});
