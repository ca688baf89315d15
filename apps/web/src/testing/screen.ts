import type { SessionUser } from '@app/domain';
import { within } from '@testing-library/react';
import { adminUser, sessionFor } from './fixtures';
import { mockFetch, type MockHandler } from './mock-fetch';
import { renderApp } from './render';

/** The API's answers for a screen test, keyed "METHOD /path" (see `mockFetch`). */
export type ApiMocks = Record<string, MockHandler | MockHandler[]>;

/** Mocks the API with `mocks` and renders the app at `path`, signed in as `user` (the admin unless told). */
export function renderScreen(path: string, mocks: ApiMocks, user: SessionUser = adminUser) {
  const mock = mockFetch(mocks);
  return { mock, ...renderApp(path, { session: sessionFor(user) }) };
}

/** A success answer with data (lists, records): `{ status: 'success', data }`. */
export const ok = (data: unknown) => ({ body: { status: 'success', data } });

/** A success answer with a message (saved, deleted), and whatever else the endpoint adds. */
export const done = (message: string, more: Record<string, unknown> = {}) => ({
  body: { status: 'success', message, ...more },
});

/** A page of a list (CONTRACT.md §2 Lists): all of `data` on page 1 unless `over` says otherwise. */
export const pageOf = (data: unknown[], over: Record<string, unknown> = {}) => ({
  body: {
    data,
    current_page: 1,
    last_page: 1,
    per_page: 25,
    from: data.length ? 1 : null,
    to: data.length ? data.length : null,
    total: data.length,
    ...over,
  },
});

/** The text of each body row of a table, the header row left out. */
export const bodyRowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);
