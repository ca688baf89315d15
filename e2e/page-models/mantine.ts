import type { Page } from 'playwright-core';

/** Mantine inputs by label: required labels carry an asterisk, so match the label's start. */
export const field = (page: Page, label: string) =>
  page.locator('input, textarea').and(page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)));

/** Picks an option of a Mantine Select (combobox) by its visible text. */
export async function choose(page: Page, label: string, option: string) {
  await field(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

export async function signInAs(page: Page, email: string, password: string) {
  await page.context().clearCookies();
  await page.goto('/login');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/bookings/);
}

/** JSON from the API with the page's session (for ids the journey needs, never to skip the UI under test). */
export async function apiJson<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url, {
    headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
  });
  if (!res.ok()) throw new Error(`${url} answered ${res.status()}`);
  return (await res.json()) as T;
}

/** POST JSON with the page's session and its CSRF token (CONTRACT.md §2), for reads the API only offers as POST. */
export async function apiPostJson<T>(page: Page, url: string, body: unknown): Promise<T> {
  const { csrf_token } = await apiJson<{ csrf_token: string }>(page, '/api/session');
  const res = await page.request.post(url, {
    headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest', 'x-csrf-token': csrf_token },
    data: body,
  });
  if (!res.ok()) throw new Error(`${url} answered ${res.status()}`);
  return (await res.json()) as T;
}
