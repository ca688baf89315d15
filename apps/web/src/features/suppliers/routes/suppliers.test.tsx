import { COMMISSION_DUE_DAYS_MESSAGE, MATCH_TOLERANCE_MESSAGE } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cad, gbp, supplierRow as supplier } from '../../../testing/catalog-fixtures';
import { bodyRowTexts, done, ok, renderScreen } from '../../../testing/screen';

const air = supplier(1, 'AirOne', gbp, 'AA-0000');
const sea = supplier(2, 'SeaWays', cad, null, 45);
/** What the form posts for SeaWays as it is listed, with `fields` changed. */
const seaWaysUpdate = (fields: Record<string, unknown>) => ({
  name: 'SeaWays',
  currency_id: 2,
  booking_number_format: null,
  commission_due_days: 45,
  match_tolerance_percent: 2,
  _method: 'PUT',
  ...fields,
});
const TOLERANCE_DESCRIPTION =
  "How far a supplier credit's amount may be from a booking's gross and still count as its amount in match suggestions (a bank fee, a currency conversion).";

describe('Suppliers page', () => {
  it('lists suppliers and filters them with the search box', async () => {
    const { user } = renderScreen('/suppliers', { 'GET /api/suppliers': ok([air, sea]) });

    const table = await screen.findByTestId('suppliers-table');
    expect(bodyRowTexts(table)).toEqual([
      'AirOneGBP (£)AA-0000after 60 daysEdit',
      'SeaWaysCAD (CA$)—after 45 daysEdit',
    ]);

    await user.type(screen.getByRole('searchbox', { name: 'Search suppliers' }), 'cad');
    expect(within(screen.getByTestId('suppliers-table')).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByRole('cell', { name: 'SeaWays' })).toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Search suppliers' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search suppliers' }), 'zzz');
    expect(screen.getByText('No suppliers match “zzz”.')).toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    renderScreen('/suppliers', { 'GET /api/suppliers': ok([]) });
    expect(await screen.findByText('No suppliers yet.')).toBeInTheDocument();
  });

  it('creates a supplier with a currency and a booking number format', async () => {
    const { mock, user } = renderScreen('/suppliers', {
      'GET /api/suppliers': ok([]),
      'GET /api/currencies': ok([gbp, cad]),
      'POST /suppliers': done('Supplier created successfully.', { data: supplier(3, 'Rail Co', cad, 'X0-AA') }),
    });
    await screen.findByText('No suppliers yet.');
    await user.click(screen.getByRole('button', { name: 'New supplier' }));
    const dialog = await screen.findByRole('dialog', { name: 'New supplier' });

    await user.click(within(dialog).getByRole('button', { name: 'Create supplier' }));
    expect(await within(dialog).findByText('The name field is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('The currency field is required.')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /^name/i }), 'Rail Co');
    const currency = within(dialog).getByLabelText(/^currency/i, { selector: 'input' });
    await waitFor(() => expect(currency).toBeEnabled());
    await user.click(currency);
    await user.click(await screen.findByRole('option', { name: 'CAD — Canadian Dollar (CA$)' }));

    const format = within(dialog).getByRole('textbox', { name: /booking number format/i });
    expect(format).toHaveAccessibleDescription(/X = letter or digit, 0 = digit, A = letter/);
    await user.type(format, 'X0-AA');
    expect(within(dialog).getByTestId('format-example')).toHaveTextContent('Example: A1-BC');

    // Its commission is due after the default 60 days unless told otherwise.
    const dueDays = within(dialog).getByRole('textbox', { name: 'Commission due after (days)' });
    expect(dueDays).toHaveValue('60');
    expect(dueDays).toHaveAccessibleDescription(
      'Overdue commissions count from this many days after the booking date.',
    );
    // And its credits' amounts may be 2 % off a booking's gross in match suggestions.
    const tolerance = within(dialog).getByRole('textbox', { name: 'Match tolerance (%)' });
    expect(tolerance).toHaveValue('2');
    expect(tolerance).toHaveAccessibleDescription(TOLERANCE_DESCRIPTION);

    await user.click(within(dialog).getByRole('button', { name: 'Create supplier' }));
    expect(await screen.findByText('Supplier created successfully.')).toBeInTheDocument();
    expect(mock.calls('POST /suppliers')[0]?.body).toEqual({
      name: 'Rail Co',
      currency_id: 2,
      booking_number_format: 'X0-AA',
      commission_due_days: 60,
      match_tolerance_percent: 2,
    });
  });

  it('edits a supplier and shows server errors on the fields', async () => {
    const { mock, user } = renderScreen('/suppliers', {
      'GET /api/suppliers': ok([air]),
      'GET /api/currencies': ok([gbp, cad]),
      'POST /suppliers/1': {
        status: 422,
        body: {
          message: 'The given data was invalid.',
          errors: {
            booking_number_format: [
              'The booking number format may contain letters, digits, hyphens, slashes, dots, underscores and spaces only.',
            ],
          },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit AirOne' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit supplier' });
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^currency/i, { selector: 'input' })).toHaveValue('GBP — British Pound (£)'),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(
      await within(dialog).findByText(
        'The booking number format may contain letters, digits, hyphens, slashes, dots, underscores and spaces only.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByTestId('form-error')).toHaveTextContent('The given data was invalid.');
    expect(mock.calls('POST /suppliers/1')[0]?.body).toEqual({
      name: 'AirOne',
      currency_id: 1,
      booking_number_format: 'AA-0000',
      commission_due_days: 60,
      match_tolerance_percent: 2,
      _method: 'PUT',
    });
  });

  it("edits a supplier's commission due days, refusing a number out of range with the domain's message", async () => {
    const { mock, user } = renderScreen('/suppliers', {
      'GET /api/suppliers': ok([sea]),
      'GET /api/currencies': ok([gbp, cad]),
      'POST /suppliers/2': done('Supplier updated successfully', { data: { ...sea, commission_due_days: 90 } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit SeaWays' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit supplier' });
    const dueDays = within(dialog).getByRole('textbox', { name: 'Commission due after (days)' });
    expect(dueDays).toHaveValue('45');

    await user.clear(dueDays);
    await user.type(dueDays, '3651');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(COMMISSION_DUE_DAYS_MESSAGE)).toBeInTheDocument();
    expect(mock.calls('POST /suppliers/2')).toHaveLength(0);

    await user.clear(dueDays);
    await user.type(dueDays, '90');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Supplier updated successfully')).toBeInTheDocument();
    expect(mock.calls('POST /suppliers/2')[0]?.body).toEqual(seaWaysUpdate({ commission_due_days: 90 }));
  });

  it("edits a supplier's match tolerance, refusing a percent out of range with the domain's message", async () => {
    const { mock, user } = renderScreen('/suppliers', {
      'GET /api/suppliers': ok([sea]),
      'GET /api/currencies': ok([gbp, cad]),
      'POST /suppliers/2': done('Supplier updated successfully', { data: { ...sea, match_tolerance_percent: 2.5 } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit SeaWays' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit supplier' });
    const tolerance = within(dialog).getByRole('textbox', { name: 'Match tolerance (%)' });
    expect(tolerance).toHaveValue('2');

    await user.clear(tolerance);
    await user.type(tolerance, '20.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(MATCH_TOLERANCE_MESSAGE)).toBeInTheDocument();
    expect(mock.calls('POST /suppliers/2')).toHaveLength(0);

    // At most 2 decimals: a third is not even typed.
    await user.clear(tolerance);
    await user.type(tolerance, '2.505');
    expect(tolerance).toHaveValue('2.50');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Supplier updated successfully')).toBeInTheDocument();
    expect(mock.calls('POST /suppliers/2')[0]?.body).toEqual(seaWaysUpdate({ match_tolerance_percent: 2.5 }));
  });

  it('leaves a blank match tolerance out, so that the supplier keeps its own', async () => {
    const { mock, user } = renderScreen('/suppliers', {
      'GET /api/suppliers': ok([supplier(1, 'AirOne', gbp, 'AA-0000', 60, 0.75)]),
      'GET /api/currencies': ok([gbp, cad]),
      'POST /suppliers/1': done('Supplier updated successfully', { data: air }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit AirOne' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit supplier' });
    const tolerance = within(dialog).getByRole('textbox', { name: 'Match tolerance (%)' });
    expect(tolerance).toHaveValue('0.75');
    await user.clear(tolerance);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Supplier updated successfully')).toBeInTheDocument();
    expect(mock.calls('POST /suppliers/1')[0]?.body).not.toHaveProperty('match_tolerance_percent');
  });
});
