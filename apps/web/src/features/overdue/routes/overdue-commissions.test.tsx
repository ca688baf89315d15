import { FOLLOW_UP_ADDED, FOLLOW_UP_DATE_PAST } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cad, gbp, supplierRow } from '../../../testing/catalog-fixtures';
import { catchSavedFiles } from '../../../testing/downloads';
import type { RecordedRequest } from '../../../testing/mock-fetch';
import {
  acBooking,
  baBooking,
  followUp,
  nothingOverdue,
  overdueBookingsPage,
  overdueSummary,
  swBooking,
} from '../../../testing/overdue-fixtures';
import { ok, renderScreen, type ApiMocks } from '../../../testing/screen';

const PAGE = '/reports/overdue-commissions';
const BOOKINGS = 'GET /api/reports/overdue-commissions/bookings';
const EXPORT = 'GET /api/reports/overdue-commissions/export';
const CSV = '\ufeffSupplier,Booking reference,Customer name\r\n';

function open(search = '', over: ApiMocks = {}) {
  return renderScreen(`${PAGE}${search}`, {
    'GET /api/reports/overdue-commissions': { body: overdueSummary },
    [BOOKINGS]: { body: overdueBookingsPage([swBooking, acBooking, baBooking]) },
    'GET /api/suppliers': ok([
      supplierRow(1, 'Air Canada Vacations', cad, null),
      supplierRow(2, 'Sunwing Vacations', cad, null, 45),
      supplierRow(3, 'British Airways Holidays', gbp, null),
    ]),
    [EXPORT]: () =>
      new Response(CSV, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="overdue-commissions-british-airways-holidays-2026-11-27.csv"',
        },
      }),
    ...over,
  });
}

/** The query string of a recorded request. */
const sent = (request: RecordedRequest | undefined) => new URL(request!.url, 'http://localhost').searchParams;
const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((c) => c.textContent);
const tableRows = (testId: string) => within(screen.getByTestId(testId)).getAllByRole('row').map(cells);

describe('/reports/overdue-commissions', () => {
  it('shows the totals per currency, the suppliers in aging buckets, and the most overdue bookings first', async () => {
    const { mock } = open();
    const tiles = await screen.findAllByTestId('overdue-currency-total');
    expect(tiles.map((t) => [t.dataset.currency, within(t).getByTestId('total-outstanding').textContent])).toEqual([
      ['CAD', 'CA$2,115.00'],
      ['GBP', '£1,180.00'],
    ]);
    expect(within(tiles[0]!).getByTestId('total-count')).toHaveTextContent('2 bookings');
    expect(within(tiles[0]!).getAllByRole('row').map(cells)).toEqual([
      ['0–30 days', '0 bookings', 'CA$0.00'],
      ['31–60 days', '0 bookings', 'CA$0.00'],
      ['61–90 days', '1 booking', 'CA$1,625.00'],
      ['90+ days', '1 booking', 'CA$490.00'],
    ]);
    expect(screen.getByText('As of Nov 27, 2026')).toBeInTheDocument();

    expect(tableRows('overdue-suppliers-table')).toEqual([
      ['Supplier', 'Currency', 'Due', '0–30 days', '31–60 days', '61–90 days', '90+ days', 'Total'],
      ['Air Canada Vacations', 'CAD', 'after 60 days', '—', '—', 'CA$1,625.001 booking', '—', 'CA$1,625.001 booking'],
      ['Sunwing Vacations', 'CAD', 'after 45 days', '—', '—', '—', 'CA$490.001 booking', 'CA$490.001 booking'],
      ['British Airways Holidays', 'GBP', 'after 60 days', '—', '£1,180.001 booking', '—', '—', '£1,180.001 booking'],
    ]);

    await screen.findByTestId('overdue-bookings-table');
    const [header, ...rows] = tableRows('overdue-bookings-table');
    expect(header).toEqual([
      'Reference',
      'Customer',
      'Supplier',
      'Agent',
      'Booking date',
      'Due date',
      'Days past due',
      'Gross',
      'Received',
      'Outstanding',
      'Next follow-up',
      'Last note',
      'Actions',
    ]);
    expect(rows).toEqual([
      [
        'SW4460318',
        'Bergeron, Luc',
        'Sunwing Vacations',
        'Olivia Tremblay',
        'Jun 19, 2026',
        'Aug 3, 2026',
        '116 days',
        'CA$890.00',
        'CA$400.00',
        'CA$490.00',
        '—',
        '—',
        'Follow up',
      ],
      [
        'AC-377120',
        'Dubois, Anne',
        'Air Canada Vacations',
        'Liam Roy',
        'Jul 8, 2026',
        'Sep 6, 2026',
        '82 days',
        'CA$1,625.00',
        'CA$0.00',
        'CA$1,625.00',
        'Nov 27, 2026(due)',
        'Emailed accounts payable',
        'Follow up',
      ],
      expect.arrayContaining(['BAKT-2290', '£1,180.00', 'Dec 15, 2026']),
    ]);
    // The follow-up due today is marked; the one to come is not.
    const table = screen.getByTestId('overdue-bookings-table');
    expect(within(table).getByText('Nov 27, 2026').closest('[data-due]')).not.toBeNull();
    expect(within(table).getByText('Dec 15, 2026').closest('[data-due]')).toBeNull();
    expect(within(table).getByRole('link', { name: 'AC-377120' })).toHaveAttribute('href', '/bookings/101');
    expect(screen.getByTestId('sort-days_past_due').closest('th')).toHaveAttribute('aria-sort', 'descending');

    const query = sent(mock.calls(BOOKINGS)[0]);
    expect([...query.entries()].sort()).toEqual([
      ['direction', 'desc'],
      ['page', '1'],
      ['per_page', '25'],
      ['sort', 'days_past_due'],
    ]);
  });

  it("lists a supplier's bucket from its amount, keeps the filters in the URL, and Back undoes them", async () => {
    const { mock, router, user } = open();
    const last = () => sent(mock.calls(BOOKINGS).at(-1));
    const bucket = await screen.findByRole('button', { name: 'Show Air Canada Vacations 61–90 days: CA$1,625.00' });
    expect(bucket).toHaveAttribute('aria-pressed', 'false');

    await user.click(bucket);
    await waitFor(() => expect([last().get('supplier_id'), last().get('bucket')]).toEqual(['1', '61_90']));
    expect(router.state.location.search).toBe('?supplier_id=1&bucket=61_90');
    expect(bucket).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('radio', { name: '61–90 days' })).toBeChecked();
    await waitFor(() =>
      expect(screen.getByLabelText('Supplier', { selector: 'input' })).toHaveValue('Air Canada Vacations'),
    );

    // Another bucket from the filter keeps the supplier; All takes the bucket off.
    await user.click(screen.getByRole('radio', { name: '90+ days' }));
    await waitFor(() => expect([last().get('supplier_id'), last().get('bucket')]).toEqual(['1', '90_plus']));
    await user.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(last().get('bucket')).toBeNull());
    expect(last().get('supplier_id')).toBe('1');

    await router.navigate(-1);
    await waitFor(() => expect(screen.getByRole('radio', { name: '90+ days' })).toBeChecked());
    expect(router.state.location.search).toBe('?supplier_id=1&bucket=90_plus');
    expect(screen.getByRole('button', { name: 'Show all of Air Canada Vacations: CA$1,625.00' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('reads the list from the URL, searches, sorts and pages, each starting again at page 1', async () => {
    const { mock, router, user } = open('?search=dub&sort=outstanding&direction=asc&page=2&per_page=50', {
      [BOOKINGS]: { body: overdueBookingsPage([acBooking], { total: 60, per_page: 50 }) },
    });
    const last = () => sent(mock.calls(BOOKINGS).at(-1));
    await screen.findByTestId('overdue-bookings-table');
    expect([...sent(mock.calls(BOOKINGS)[0]).entries()].sort()).toEqual([
      ['direction', 'asc'],
      ['page', '2'],
      ['per_page', '50'],
      ['search', 'dub'],
      ['sort', 'outstanding'],
    ]);
    const search = screen.getByRole('searchbox', { name: 'Search' });
    expect(search).toHaveValue('dub');

    await user.clear(search);
    await user.type(search, ' SW446 ');
    await waitFor(() => expect([last().get('search'), last().get('page')]).toEqual(['SW446', '1']));
    expect(router.state.location.search).toBe('?search=SW446&sort=outstanding&direction=asc&per_page=50');

    await user.click(screen.getByTestId('sort-outstanding'));
    await waitFor(() => expect([last().get('sort'), last().get('direction')]).toEqual(['outstanding', 'desc']));
    await user.click(screen.getByTestId('sort-customer_name'));
    await waitFor(() => expect([last().get('sort'), last().get('direction')]).toEqual(['customer_name', 'asc']));

    await user.click(screen.getByLabelText('Page size', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: '100' }));
    await waitFor(() => expect(last().get('per_page')).toBe('100'));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(last().get('page')).toBe('2'));
  });

  it('exports the bookings of the filters as the CSV for the supplier', async () => {
    const saved = catchSavedFiles();
    const { mock, user } = open('?supplier_id=3&bucket=31_60&sort=booking_date&page=2');
    const button = await screen.findByRole('button', { name: 'Export CSV' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('overdue-commissions-british-airways-holidays-2026-11-27.csv');
    // The file as the server sent it (a text decoder drops the byte order mark when it reads it back).
    expect(await saved[0]!.text).toBe(CSV.slice(1));
    // The filters only: the file holds every page, most overdue first.
    expect([...sent(mock.calls(EXPORT)[0]).entries()].sort()).toEqual([
      ['bucket', '31_60'],
      ['supplier_id', '3'],
    ]);
    expect(
      await screen.findByText('Downloaded overdue-commissions-british-airways-holidays-2026-11-27.csv.'),
    ).toBeInTheDocument();
  });

  it('says so when nothing is overdue, with nothing to export', async () => {
    const { mock } = open('', {
      'GET /api/reports/overdue-commissions': { body: nothingOverdue },
      [BOOKINGS]: { body: overdueBookingsPage([]) },
    });
    expect(await screen.findByTestId('suppliers-empty')).toHaveTextContent(
      'No overdue commissions: every supplier has paid what is due.',
    );
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No overdue bookings.');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(screen.queryByTestId('overdue-currency-total')).not.toBeInTheDocument();
    expect(mock.calls(EXPORT)).toHaveLength(0);
  });
});

describe('the follow-up modal', () => {
  const NOTES = 'GET /api/bookings/101/follow-ups';
  const ADD = 'POST /api/bookings/101/follow-ups';
  const earlier = followUp(7, 'Emailed accounts payable', '2026-11-20', '2026-11-27');
  const added = followUp(8, 'Called Marie:\npaying in the next run', '2026-11-27', '2030-01-15');

  it("shows the booking and its notes, checks the note, and puts the server's refusal on the date", async () => {
    const { mock, user } = open('', {
      [NOTES]: [ok([earlier]), ok([added, earlier])],
      [ADD]: [
        { status: 422, body: { message: FOLLOW_UP_DATE_PAST, errors: { next_follow_up_date: [FOLLOW_UP_DATE_PAST] } } },
        { body: { status: 'success', message: FOLLOW_UP_ADDED, data: added } },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Follow up AC-377120' }));
    const dialog = await screen.findByRole('dialog', { name: 'Follow up AC-377120' });
    expect(within(dialog).getByTestId('follow-up-booking')).toHaveTextContent(
      'ReferenceAC-377120CustomerDubois, AnneSupplierAir Canada VacationsOutstandingCA$1,625.00 of CA$1,625.00' +
        'Days past due82 daysDue dateSep 6, 2026',
    );
    const history = async () =>
      (await within(dialog).findAllByTestId('follow-up')).map((n) => [...n.children].map((c) => c.textContent));
    expect(await history()).toEqual([
      [
        expect.stringMatching(/^Ada AdminNov 20, 2026, \d+:\d\d [AP]M$/),
        'Emailed accounts payable',
        'Next follow-up: Nov 27, 2026',
      ],
    ]);

    // A blank note is refused before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Add note' }));
    expect(await within(dialog).findByText('The note field is required.')).toBeInTheDocument();
    expect(mock.calls(ADD)).toHaveLength(0);

    const note = within(dialog).getByRole('textbox', { name: /^Note/ });
    await user.type(note, 'Called Marie:{Enter}paying in the next run');
    const date = within(dialog).getByRole('textbox', { name: 'Next follow-up' });
    await user.type(date, '2030-01-15');
    await user.click(within(dialog).getByRole('button', { name: 'Add note' }));
    expect(await within(dialog).findByText(FOLLOW_UP_DATE_PAST)).toBeInTheDocument();
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(date).toHaveAccessibleDescription(expect.stringContaining(FOLLOW_UP_DATE_PAST));
    // The message is the field's: no alert repeats it above the form.
    expect(within(dialog).queryByTestId('form-error')).not.toBeInTheDocument();
    expect(mock.calls(ADD)[0]!.body).toEqual({
      note: 'Called Marie:\npaying in the next run',
      next_follow_up_date: '2030-01-15',
    });

    // Accepted: the server's message, the history and the list read again, the form blank for the next note.
    await user.click(within(dialog).getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText(FOLLOW_UP_ADDED)).toBeInTheDocument();
    await waitFor(() => expect(mock.calls(NOTES)).toHaveLength(2));
    await waitFor(async () => expect((await history()).map((n) => n[1])).toEqual([added.note, earlier.note]));
    await waitFor(() => expect(mock.calls(BOOKINGS)).toHaveLength(2));
    expect(note).toHaveValue('');
    expect(date).toHaveValue('');
  });
});
