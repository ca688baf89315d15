import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { agentUser, sunwingAccount } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/screen';
import { statementsAnswer, statementSummary } from '../statements.testing';

const accounts = { body: { status: 'success', data: [sunwingAccount] } };
const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((c) => c.textContent);
const searchOf = (url: string) => new URL(url, 'http://x').searchParams;

const newest = statementSummary(12, {
  filename: 'sunwing-november.xlsx',
  created_at: '2026-11-20T09:30:00.000Z',
  line_count: 6,
  skipped_count: 2,
  credit_total: 1350,
  debit_total: 40,
  net_total: 1310,
  deposit_amount: 1300,
  difference: -10,
  counts: { exact: 2, by_suggestion: 1, unclaimed: 3, other: 0 },
});
const older = statementSummary(11, {
  filename: 'sunwing-october.csv',
  created_at: '2026-10-15T09:30:00.000Z',
  line_count: 1,
  credit_total: 99.5,
  debit_total: 0,
  net_total: 99.5,
  deposit_amount: 99.5,
  difference: 0,
  counts: { exact: 0, by_suggestion: 0, unclaimed: 0, other: 1 },
  job_status: 'failed',
});

describe('/statements', () => {
  it('lists the statements as the server orders them, each linking to its page', async () => {
    const { mock } = renderScreen('/statements', {
      'GET /accounts': accounts,
      'GET /api/statements': { body: statementsAnswer([newest, older]) },
    });
    expect(await screen.findByRole('heading', { name: 'Supplier statements' })).toBeInTheDocument();
    const table = await screen.findByTestId('statements-table');
    const rows = within(table).getAllByRole('row');
    expect(cells(rows[0]!)).toEqual(['Imported', 'Supplier / account', 'File', 'Lines', 'Net', 'Deposit', 'Matching']);
    expect(cells(rows[1]!)).toEqual([
      'Nov 20, 2026',
      'SunwingSunwing main · CAD',
      'sunwing-november.xlsx',
      '62 skipped',
      'CA$1,310.00',
      'CA$1,300.00Difference -CA$10.00',
      '2 exact1 by suggestion3 unclaimed',
    ]);
    expect(cells(rows[2]!)).toEqual([
      'Oct 15, 2026',
      'SunwingSunwing main · CAD',
      'sunwing-october.csvImport failed',
      '1',
      'CA$99.50',
      'CA$99.50No difference',
      '0 exact0 by suggestion0 unclaimed1 other',
    ]);
    expect(within(rows[1]!).getByRole('link', { name: 'sunwing-november.xlsx' })).toHaveAttribute(
      'href',
      '/statements/12',
    );
    expect(within(rows[1]!).getByTestId('statement-difference')).toHaveTextContent('Difference -CA$10.00');
    expect(within(rows[2]!).queryByTestId('statement-difference')).not.toBeInTheDocument();
    expect(searchOf(mock.calls('GET /api/statements')[0]!.url).get('page')).toBe('1');
    expect(searchOf(mock.calls('GET /api/statements')[0]!.url).has('account_id')).toBe(false);
  });

  it('keeps the account filter and the page in the address', async () => {
    const { mock, user, router } = renderScreen('/statements', {
      'GET /accounts': accounts,
      'GET /api/statements': [
        { body: statementsAnswer([newest], { total: 30, last_page: 2, to: 25 }) },
        { body: statementsAnswer([older], { current_page: 2, last_page: 2, from: 26, to: 30, total: 30 }) },
        { body: statementsAnswer([newest]) },
      ],
    });
    await screen.findByTestId('statements-table');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(await screen.findByText('sunwing-october.csv')).toBeInTheDocument();
    expect(searchOf(mock.calls('GET /api/statements')[1]!.url).get('page')).toBe('2');

    await user.click(screen.getByLabelText('Account', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Sunwing main (Sunwing) - CAD' }));
    await waitFor(() => expect(router.state.location.search).toBe('?account_id=7'));
    await waitFor(() => expect(mock.calls('GET /api/statements')).toHaveLength(3));
    const last = searchOf(mock.calls('GET /api/statements')[2]!.url);
    expect([last.get('account_id'), last.get('page')]).toEqual(['7', '1']);
  });

  it("says when there are none, with the way to import one, and an account's none", async () => {
    const empty = renderScreen('/statements', {
      'GET /accounts': accounts,
      'GET /api/statements': { body: statementsAnswer([]) },
    });
    const state = await screen.findByTestId('empty-state');
    expect(state).toHaveTextContent('No supplier statements yet');
    expect(within(state).getByRole('link', { name: 'Import a statement' })).toHaveAttribute(
      'href',
      '/statements/import',
    );
    empty.unmount();

    renderScreen('/statements?account_id=7', {
      'GET /accounts': accounts,
      'GET /api/statements': { body: statementsAnswer([]) },
    });
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No statements of this account yet.');
  });

  it('is for admins only', async () => {
    const { mock } = renderScreen('/statements', {}, agentUser);
    expect(await screen.findByTestId('no-access')).toBeInTheDocument();
    expect(mock.requests).toHaveLength(0);
  });
});
