import { ACCEPT_MESSAGES, type AcceptAllPreview } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser } from '../../../testing/fixtures';
import type { MockHandler } from '../../../testing/mock-fetch';
import {
  acceptAllPreviewAnswer,
  creditFacts,
  listAndSuggestionsReadAgain,
  nearMatch,
  page,
  renderAs,
  suggestionsAnswer,
  sunwingCredit,
  tuiCredit,
  tuiSplit,
} from '../claims.testing';
import { UnmatchedTransactionsPanel } from './unmatched-transactions-panel';

const range = { startDate: '2026-04-05', endDate: '2026-05-06', supplierIds: [3, 4] };

/** A Jet2holidays credit outside the page, left to the admin by the preview. */
const jetCredit = {
  ...tuiCredit,
  id: 40,
  reference_number: 'JET-7781',
  amount: 12.34,
  supplier_name: 'Jet2holidays',
  transaction_date: '2026-04-09',
};

/** At 90: SW4472299 → SW4472290 (whole), 40229911 → TUI-40229 + TUI-40230 (split); JET-7781 left. */
const preview = (over: Partial<AcceptAllPreview> = {}): AcceptAllPreview => ({
  min_score: 90,
  threshold: 90,
  considered: 3,
  more: false,
  items: [
    {
      ...creditFacts(sunwingCredit),
      bookings: [{ ...nearMatch.bookings[0]!, amount: 1120 }],
      score: 100,
      reasons: ['reference equal', 'amount equal'],
    },
    {
      ...creditFacts(tuiCredit),
      bookings: [
        { ...tuiSplit.bookings[0]!, amount: 50 },
        { ...tuiSplit.bookings[1]!, gross: 34.5, amount: 34.5 },
      ],
      score: 95,
      reasons: ['references TUI-40229 and TUI-40230 both on the line', 'their gross adds up to the amount'],
    },
  ],
  skipped: [{ ...creditFacts(jetCredit), reason: ACCEPT_MESSAGES.notAhead }],
  ...over,
});

function open(mocks: Record<string, MockHandler | MockHandler[]>) {
  return renderAs(adminUser, <UnmatchedTransactionsPanel {...range} />, {
    'GET /api/reports/unmatched-transactions': page([sunwingCredit, tuiCredit], { total: 2 }),
    'GET /api/reports/match-suggestions': suggestionsAnswer({ 31: [nearMatch], 32: [tuiSplit] }),
    ...mocks,
  });
}

async function openModal(user: ReturnType<typeof open>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Accept all above…' }));
  return screen.findByRole('dialog', { name: 'Accept all suggestions above a score' });
}

const scoreInput = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: /^Minimum score/ });
const rows = (dialog: HTMLElement) =>
  within(within(dialog).getByTestId('accept-all-items'))
    .getAllByRole('row')
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

describe('AcceptAllModal', () => {
  it("previews at 90 with the table's filters, then accepts exactly the previewed items and says what came of them", async () => {
    const { user, mock } = open({
      'POST /api/reports/match-suggestions/accept-all/preview': acceptAllPreviewAnswer(preview()),
      'POST /api/reports/match-suggestions/accept-all': {
        body: {
          status: 'success',
          message: '1 suggestion accepted; 1 credit left for you.',
          data: {
            accepted: [
              {
                transaction_id: 31,
                parts: [{ transaction_id: 31, booking_id: 90, booking_reference: 'SW4472290', amount: 1120 }],
              },
            ],
            skipped: [{ transaction_id: 32, reason: 'Booking TUI-40230 is no longer open.' }],
          },
        },
      },
    });
    const dialog = await openModal(user);
    expect(scoreInput(dialog)).toHaveValue('90');
    expect(scoreInput(dialog)).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Accept 0 suggestions' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByTestId('accept-all-counts')).toHaveTextContent(
      '2 suggestions will be accepted, 1 credit left for you.',
    );
    expect(mock.calls('POST /api/reports/match-suggestions/accept-all/preview')[0]!.body).toEqual({
      min_score: 90,
      include_suppliers: [3, 4],
      start_date: '2026-04-05',
      end_date: '2026-05-06',
      search: '',
    });
    expect(rows(dialog)).toEqual([
      ['Credit', 'Becomes', 'Customer', 'Supplier', 'Amount', 'Score'],
      [
        'SW4472299May 4, 2026',
        'SW4472290reference equal; amount equal',
        'Jean Roy',
        'Sunwing',
        'CA$1,120.00',
        'Score 100',
      ],
      [
        '40229911May 2, 2026',
        'TUI-40229 (£50.00) + TUI-40230 (£34.50)references TUI-40229 and TUI-40230 both on the line; their gross adds up to the amount',
        'Amy Clark, Ben Clark',
        'TUI UK',
        '£84.50',
        'Score 95',
      ],
    ]);
    expect(
      within(within(dialog).getByTestId('accept-all-skipped'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([`JET-7781 (Jet2holidays, £12.34): ${ACCEPT_MESSAGES.notAhead}`]);
    expect(within(dialog).queryByTestId('accept-all-more')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Accept 2 suggestions' }));
    expect(
      await screen.findByText('1 suggestion accepted; 1 credit left for you.', {
        selector: '.mantine-Notification-description',
      }),
    ).toBeInTheDocument();
    expect(mock.calls('POST /api/reports/match-suggestions/accept-all')[0]!.body).toEqual({
      min_score: 90,
      items: [
        { transaction_id: 31, booking_ids: [90] },
        { transaction_id: 32, booking_ids: [92, 93] },
      ],
    });
    const outcome = within(dialog).getByTestId('accept-all-outcome');
    expect(outcome).toHaveTextContent('1 suggestion accepted; 1 credit left for you.');
    expect(within(outcome).getByTestId('accept-all-accepted')).toHaveTextContent('SW4472299 now matches SW4472290');
    expect(
      within(outcome)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['SW4472299 now matches SW4472290', '40229911: Booking TUI-40230 is no longer open.']);
    expect(within(dialog).queryByRole('button', { name: /^Accept \d/ })).not.toBeInTheDocument();
    // The accepted credits leave the unmatched list: it is read again, with the suggestions.
    await listAndSuggestionsReadAgain(mock);
  });

  it('says when only the oldest 1,000 credits were looked at, and when nothing scores enough', async () => {
    const { user, mock } = open({
      'POST /api/reports/match-suggestions/accept-all/preview': acceptAllPreviewAnswer(
        preview({ min_score: 97, considered: 1000, more: true, items: [] }),
      ),
    });
    const dialog = await openModal(user);
    await user.clear(scoreInput(dialog));
    await user.type(scoreInput(dialog), '97{Enter}');
    expect(await within(dialog).findByTestId('accept-all-counts')).toHaveTextContent(
      '0 suggestions will be accepted, 1 credit left for you.',
    );
    expect(mock.calls('POST /api/reports/match-suggestions/accept-all/preview')[0]!.body).toMatchObject({
      min_score: 97,
    });
    expect(within(dialog).getByTestId('accept-all-more')).toHaveTextContent(
      'Only the oldest 1,000 unmatched credits were looked at.',
    );
    expect(within(dialog).getByTestId('accept-all-empty')).toHaveTextContent('No suggestion scores 97 or more.');
    expect(within(dialog).getByRole('button', { name: 'Accept 0 suggestions' })).toBeDisabled();
  });

  it("refuses a score below the admin's threshold, and starts from the threshold once a preview has told it", async () => {
    const belowThreshold = ACCEPT_MESSAGES.belowThreshold(95);
    const { user, mock } = open({
      'POST /api/reports/match-suggestions/accept-all/preview': [
        { status: 422, body: { message: belowThreshold, errors: { min_score: [belowThreshold] } } },
        acceptAllPreviewAnswer(preview({ min_score: 95, threshold: 95, items: [preview().items[1]!] })),
      ],
    });
    let dialog = await openModal(user);
    // The domain's rule first: nothing is sent for an empty score.
    await user.clear(scoreInput(dialog));
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(
      await within(dialog).findByText('The minimum score must be a whole number from 50 to 100.'),
    ).toBeInTheDocument();
    expect(mock.calls('POST /api/reports/match-suggestions/accept-all/preview')).toHaveLength(0);

    await user.type(scoreInput(dialog), '90');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText(belowThreshold)).toBeInTheDocument();
    expect(scoreInput(dialog)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByTestId('accept-all-preview')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Accept 0 suggestions' })).toBeDisabled();

    await user.clear(scoreInput(dialog));
    await user.type(scoreInput(dialog), '95');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByTestId('accept-all-counts')).toHaveTextContent(
      '1 suggestion will be accepted, 1 credit left for you.',
    );
    expect(within(dialog).getByText(/your auto-accept threshold \(95\)/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Accept 1 suggestion' })).toBeEnabled();

    // Another score: the preview no longer holds, and nothing can be accepted until it is made again.
    await user.type(scoreInput(dialog), '{Backspace}6');
    expect(within(dialog).getByTestId('accept-all-stale')).toHaveTextContent(
      'Preview again to see what a minimum score of 96 would accept.',
    );
    expect(within(dialog).queryByTestId('accept-all-preview')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Accept 0 suggestions' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openModal(user);
    expect(scoreInput(dialog)).toHaveValue('95');
    expect(mock.calls('POST /api/reports/match-suggestions/accept-all')).toHaveLength(0);
  });
});
