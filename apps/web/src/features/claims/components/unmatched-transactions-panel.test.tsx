import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { adminUser } from '../../../testing/fixtures';
import type { MockHandler } from '../../../testing/mock-fetch';
import {
  nearMatch,
  page,
  renderAs,
  sent,
  suggestionsAnswer,
  sunwingCredit,
  tuiCredit,
  tuiSplit,
  weakMatch,
} from '../claims.testing';
import { UnmatchedTransactionsPanel } from './unmatched-transactions-panel';

const range = { startDate: '2026-04-05', endDate: '2026-05-06', supplierIds: [3, 4] };
const rowTexts = () =>
  within(screen.getByTestId('unmatched-transactions-table'))
    .getAllByRole('row')
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

const CSV = '\ufeffSupplier,Reference,Customer name,Date,Amount,Currency,Account\r\n';

function open(
  answer: MockHandler | MockHandler[] = page([sunwingCredit, tuiCredit], { total: 2 }),
  suggestions: MockHandler | MockHandler[] = suggestionsAnswer({ 31: [nearMatch, weakMatch], 32: [] }),
) {
  return renderAs(adminUser, <UnmatchedTransactionsPanel {...range} />, {
    'GET /api/reports/unmatched-transactions': answer,
    'GET /api/reports/match-suggestions': suggestions,
    'GET /api/reports/unmatched-transactions/export': () =>
      new Response(CSV, {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="unclaimed-credits-2026-05-06.csv"',
        },
      }),
    'GET /agents-list': { body: { status: 'success', data: [] } },
  });
}

/** The files the page handed the browser to save: each link click's name and text. */
function captureDownloads() {
  const blobs = new Map<string, Blob>();
  const saved: { filename: string; text: Promise<string> }[] = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const href = `blob:export-${blobs.size + 1}`;
    blobs.set(href, blob);
    return href;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ filename: this.download, text: blobs.get(this.getAttribute('href') ?? '')!.text() });
  });
  return saved;
}

describe('UnmatchedTransactionsPanel', () => {
  it("lists the range's unmatched credits, 10 a page, newest first, in each one's currency", async () => {
    const { mock } = open();
    await screen.findByTestId('unmatched-transactions-table');
    await screen.findByTestId('best-suggestion');
    expect(rowTexts()).toEqual([
      ['Date', 'Reference', 'Supplier', 'Account', 'Amount', 'Suggestion', 'Actions'],
      [
        'May 4, 2026',
        'SW4472299',
        'Sunwing',
        'Sunwing CAD',
        'CA$1,120.00',
        'Review suggestions for SW4472299: Score 75SW4472290Jean Roy',
        'ViewClaim',
      ],
      ['May 2, 2026', '40229911', 'TUI UK', 'TUI UK GBP', '£84.50', 'None', 'ViewClaim'],
    ]);
    const query = sent(mock.calls('GET /api/reports/unmatched-transactions')[0]);
    expect(query.get('start_date')).toBe('2026-04-05');
    expect(query.get('end_date')).toBe('2026-05-06');
    expect(query.getAll('include_suppliers[]')).toEqual(['3', '4']);
    expect([query.get('sort'), query.get('direction'), query.get('page'), query.get('per_page')]).toEqual([
      'transaction_date',
      'desc',
      '1',
      '10',
    ]);
    expect(screen.getByTestId('sort-transaction_date').closest('th')).toHaveAttribute('aria-sort', 'descending');
  });

  it('sorts by a column, then the other way, and searches; each starts again at page 1', async () => {
    const { mock, user } = open(page([sunwingCredit], { total: 95, last_page: 10, to: 10 }));
    await screen.findByTestId('unmatched-transactions-table');
    const last = () => sent(mock.calls('GET /api/reports/unmatched-transactions').at(-1));
    // 10 pages: 1 2 3 4 5 … 10.
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(
      within(nav)
        .getAllByRole('button', { name: /^Page / })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4', '5', '10']);
    await user.click(within(nav).getByRole('button', { name: 'Page 10' }));
    await waitFor(() => expect(last().get('page')).toBe('10'));

    await user.click(screen.getByTestId('sort-supplier_name'));
    await waitFor(() =>
      expect([last().get('sort'), last().get('direction'), last().get('page')]).toEqual(['supplier_name', 'asc', '1']),
    );
    await user.click(screen.getByTestId('sort-supplier_name'));
    await waitFor(() => expect(last().get('direction')).toBe('desc'));
    await user.click(screen.getByTestId('sort-amount'));
    await waitFor(() => expect([last().get('sort'), last().get('direction')]).toEqual(['amount', 'desc']));

    await user.type(screen.getByRole('searchbox', { name: 'Search unmatched transactions' }), ' SW44 ');
    await waitFor(() => expect(last().get('search')).toBe('SW44'));

    await user.click(screen.getByLabelText('Page size', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: '50' }));
    await waitFor(() => expect(last().get('per_page')).toBe('50'));
  });

  it('views a transaction with a link to it, and claims it from there', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'View SW4472299' }));
    const view = await screen.findByRole('dialog', { name: 'Unmatched credit transaction' });
    expect(within(view).getByTestId('transaction-facts')).toHaveTextContent(
      'ReferenceSW4472299DateMay 4, 2026AmountCA$1,120.00SupplierSunwingAccountSunwing CADDescriptionCommission May',
    );
    expect(within(view).getByRole('link', { name: 'Open transaction' })).toHaveAttribute(
      'href',
      '/transactions/31/edit',
    );
    await user.click(within(view).getByRole('button', { name: 'Claim' }));
    const claim = await screen.findByRole('dialog', { name: 'Claim transaction as a booking' });
    expect(within(claim).getByLabelText(/^Transaction Reference/)).toHaveValue('SW4472299');
  });

  it('exports the whole list with its filters and sort as a CSV for the agents', async () => {
    const saved = captureDownloads();
    const { mock, user } = open();
    await screen.findByTestId('unmatched-transactions-table');
    await user.click(screen.getByTestId('sort-amount'));
    await user.type(screen.getByRole('searchbox', { name: 'Search unmatched transactions' }), 'SW');
    await waitFor(() =>
      expect(sent(mock.calls('GET /api/reports/unmatched-transactions').at(-1)).get('search')).toBe('SW'),
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV for agents' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.filename).toBe('unclaimed-credits-2026-05-06.csv');
    // The file as the server sent it (a text decoder drops the byte order mark when it reads it back).
    expect(await saved[0]!.text).toBe(CSV.slice(1));
    const query = sent(mock.calls('GET /api/reports/unmatched-transactions/export')[0]);
    expect(query.getAll('include_suppliers[]')).toEqual(['3', '4']);
    expect([query.get('start_date'), query.get('end_date'), query.get('search')]).toEqual([
      '2026-04-05',
      '2026-05-06',
      'SW',
    ]);
    expect([query.get('sort'), query.get('direction'), query.get('page')]).toEqual(['amount', 'desc', null]);
    expect(await screen.findByText('Downloaded unclaimed-credits-2026-05-06.csv.')).toBeInTheDocument();
  });

  it('says when there is nothing unmatched, and asks for no suggestions', async () => {
    const { mock } = open(page([]));
    expect(await screen.findByTestId('empty-state')).toHaveTextContent(
      'No unmatched credit transactions in this range: every supplier credit matches a booking or has a pending claim.',
    );
    expect(screen.getByRole('button', { name: 'Accept all above…' })).toBeDisabled();
    expect(mock.calls('GET /api/reports/match-suggestions')).toHaveLength(0);
  });
});

describe('UnmatchedTransactionsPanel: the Suggestion column', () => {
  const suggestionCells = () =>
    within(screen.getByTestId('unmatched-transactions-table'))
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.querySelectorAll('td')[5]!);

  it("asks once for the page's credits and shows each one's best suggestion, its score coloured", async () => {
    let answer: (reply: ReturnType<typeof suggestionsAnswer>) => void = () => {};
    const pending = new Promise<ReturnType<typeof suggestionsAnswer>>((resolve) => (answer = resolve));
    const { mock } = open(page([sunwingCredit, tuiCredit], { total: 2 }), () => pending);
    await screen.findByTestId('unmatched-transactions-table');
    // While the page's suggestions load: a skeleton in each row, and no Review yet.
    expect(screen.getAllByTestId('suggestion-loading')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Review suggestions/ })).not.toBeInTheDocument();

    const clear = { ...nearMatch, score: 100, auto_accept: true };
    answer(suggestionsAnswer({ 31: [clear, weakMatch], 32: [tuiSplit] }));
    await waitFor(() => expect(screen.queryAllByTestId('suggestion-loading')).toHaveLength(0));
    expect(suggestionCells().map((c) => c.textContent)).toEqual([
      'Review suggestions for SW4472299: Score 100SW4472290Jean Roy',
      'Review suggestions for 40229911: Score 85TUI-40229 + TUI-40230Amy Clark, Ben Clark',
    ]);
    // Green for a clear match (auto-accept), yellow at 60 or more.
    expect(screen.getAllByTestId('suggestion-score').map((b) => b.dataset.color)).toEqual(['green', 'yellow']);
    expect(screen.getByRole('button', { name: /^Review suggestions for SW4472299:/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Review suggestions for 40229911:/ })).toBeInTheDocument();

    const calls = mock.calls('GET /api/reports/match-suggestions');
    expect(calls).toHaveLength(1);
    expect(sent(calls[0]).get('transaction_ids')).toBe('31,32');
  });

  it('shows a score below 60 in grey and "None" for a credit with no suggestion; another page asks again', async () => {
    const next = { ...tuiCredit, id: 33, reference_number: 'TUI-99001' };
    const { mock, user } = open(
      [
        page([sunwingCredit, tuiCredit], { total: 11, last_page: 2, to: 10 }),
        page([next], { total: 11, last_page: 2, current_page: 2, from: 11, to: 11 }),
      ],
      [suggestionsAnswer({ 31: [weakMatch], 32: [] }), suggestionsAnswer({ 33: [{ ...nearMatch, score: 59 }] })],
    );
    await screen.findByTestId('best-suggestion');
    expect(suggestionCells().map((c) => c.textContent)).toEqual([
      'Review suggestions for SW4472299: Score 50SW4472209Marc Roy',
      'None',
    ]);
    expect(screen.getByTestId('suggestion-score').dataset.color).toBe('gray');

    await user.click(
      within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: 'Page 2' }),
    );
    await waitFor(() =>
      expect(suggestionCells().map((c) => c.textContent)).toEqual([
        'Review suggestions for TUI-99001: Score 59SW4472290Jean Roy',
      ]),
    );
    expect(screen.getByTestId('suggestion-score').dataset.color).toBe('gray');
    expect(mock.calls('GET /api/reports/match-suggestions').map((r) => sent(r).get('transaction_ids'))).toEqual([
      '31,32',
      '33',
    ]);
  });

  it('says Unavailable when the suggestions cannot be read, and the list stays usable', async () => {
    open(page([sunwingCredit], { total: 1 }), { status: 500, body: null });
    await screen.findByTestId('unmatched-transactions-table');
    await waitFor(() => expect(suggestionCells()[0]).toHaveTextContent('Unavailable'));
    expect(screen.getByRole('button', { name: 'Claim SW4472299' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Review suggestions/ })).not.toBeInTheDocument();
  });
});
