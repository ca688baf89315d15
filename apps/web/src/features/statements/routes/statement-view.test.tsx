import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../testing/screen';
import { statementDetailAnswer, statementLine, statementSummary } from '../statements.testing';

const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((c) => c.textContent);

const statement = statementSummary(12, {
  filename: 'sunwing-november.xlsx',
  created_at: '2026-11-20T09:30:00.000Z',
  line_count: 5,
  skipped_count: 2,
  credit_total: 1450,
  debit_total: 40,
  net_total: 1410,
  deposit_amount: 1400,
  difference: -10,
  counts: { exact: 1, by_suggestion: 2, unclaimed: 1, other: 1 },
});
const lines = [
  statementLine(101, {
    reference_number: 'SW0100001',
    amount: 250,
    customer_name: 'Claire Martin',
    booking_date: '2026-03-01',
    state: 'exact',
  }),
  statementLine(102, {
    reference_number: 'SW0100002',
    original_reference_number: 'sw 100002',
    amount: 600,
    customer_name: 'Jean Roy',
    state: 'suggestion',
  }),
  statementLine(103, {
    reference_number: 'SW0100003',
    original_reference_number: 'sw 100002',
    amount: 500,
    customer_name: 'Jean Roy',
    state: 'suggestion',
  }),
  statementLine(104, {
    reference_number: 'SW-777777',
    amount: 100,
    transaction_date: '2026-11-06',
    state: 'unclaimed',
  }),
  statementLine(105, {
    reference_number: 'SW-999999',
    amount: 40,
    transaction_type: 'debit',
    transaction_date: '2026-11-06',
    state: 'other',
  }),
];

const open = (path = '/statements/12') =>
  renderScreen(path, { 'GET /api/statements/12': { body: statementDetailAnswer(statement, lines) } });

const tableRows = () => within(screen.getByTestId('statement-lines')).getAllByRole('row');

describe('/statements/:id', () => {
  it("shows the statement's record and its lines with their state", async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Statement sunwing-november.xlsx' })).toBeInTheDocument();
    const record = screen.getByTestId('statement-record');
    const field = (id: string) => within(record).getByTestId(id).lastElementChild!.textContent;
    expect(field('statement-account')).toBe('Sunwing · Sunwing main (CAD)');
    expect(field('statement-imported')).toBe('Nov 20, 2026');
    expect(field('statement-lines-count')).toBe('5 imported, 2 skipped');
    expect(field('statement-money-in')).toBe('CA$1,450.00');
    expect(field('statement-money-out')).toBe('CA$40.00');
    expect(field('statement-net')).toBe('CA$1,410.00');
    expect(field('statement-deposit')).toBe('CA$1,400.00');
    expect(field('statement-difference')).toBe('-CA$10.00');
    expect(
      within(within(record).getByTestId('statement-counts'))
        .getAllByText(/\d/)
        .map((b) => b.textContent),
    ).toEqual(['1 exact', '2 by suggestion', '1 unclaimed', '1 other']);

    const rows = tableRows();
    expect(cells(rows[0]!)).toEqual([
      'Reference',
      'Date',
      'Customer',
      'Booking date',
      'Money in',
      'Money out',
      'State',
    ]);
    expect(rows.slice(1).map(cells)).toEqual([
      ['SW0100001', 'Nov 5, 2026', 'Claire Martin', 'Mar 1, 2026', 'CA$250.00', '', 'Exact match'],
      ['SW0100002Sent as sw 100002', 'Nov 5, 2026', 'Jean Roy', '—', 'CA$600.00', '', 'By suggestion'],
      ['SW0100003Sent as sw 100002', 'Nov 5, 2026', 'Jean Roy', '—', 'CA$500.00', '', 'By suggestion'],
      ['SW-777777', 'Nov 6, 2026', '—', '—', 'CA$100.00', '', 'Unclaimed'],
      ['SW-999999', 'Nov 6, 2026', '—', '—', '', 'CA$40.00', 'Other'],
    ]);

    const hint = screen.getByTestId('unclaimed-hint');
    expect(within(hint).getByRole('link', { name: /Unmatched Credit Transactions/ })).toHaveAttribute(
      'href',
      '/reports/commissions',
    );
  });

  it('filters the lines by state, the filter kept in the address', async () => {
    const { user, router } = open();
    await screen.findByTestId('statement-lines');
    expect(tableRows()).toHaveLength(6);

    await user.click(screen.getByLabelText('By suggestion (2)'));
    await waitFor(() => expect(router.state.location.search).toBe('?state=suggestion'));
    expect(
      tableRows()
        .slice(1)
        .map((r) => cells(r)[0]),
    ).toEqual(['SW0100002Sent as sw 100002', 'SW0100003Sent as sw 100002']);

    await user.click(screen.getByLabelText('Unclaimed (1)'));
    expect(
      tableRows()
        .slice(1)
        .map((r) => cells(r)[0]),
    ).toEqual(['SW-777777']);

    await user.click(screen.getByLabelText('All (5)'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(tableRows()).toHaveLength(6);
  });

  it('opens on the state in the address, and says when no line is in it', async () => {
    renderScreen('/statements/12?state=unclaimed', {
      'GET /api/statements/12': {
        body: statementDetailAnswer(
          statementSummary(12, { counts: { exact: 1, by_suggestion: 0, unclaimed: 0, other: 0 } }),
          [statementLine(101)],
        ),
      },
    });
    expect(await screen.findByTestId('statement-lines-empty')).toHaveTextContent('No unclaimed lines.');
    expect(screen.getByLabelText('Unclaimed (0)')).toBeChecked();
    expect(screen.queryByTestId('unclaimed-hint')).not.toBeInTheDocument();
  });

  it('says when the statement does not exist', async () => {
    renderScreen('/statements/99', {
      'GET /api/statements/99': { status: 404, body: { status: 'error', message: 'The statement was not found.' } },
    });
    expect(await screen.findByText('The statement was not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to statements' })).toHaveAttribute('href', '/statements');
  });
});
