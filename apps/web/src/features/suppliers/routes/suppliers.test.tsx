import { COMMISSION_DUE_DAYS_MESSAGE } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cad, gbp, supplierRow as supplier } from '../../../testing/catalog-fixtures';
import { bodyRowTexts, done, ok, renderScreen } from '../../../testing/screen';

const air = supplier(1, 'AirOne', gbp, 'AA-0000');
const sea = supplier(2, 'SeaWays', cad, null, 45);

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

    await user.click(within(dialog).getByRole('button', { name: 'Create supplier' }));
    expect(await screen.findByText('Supplier created successfully.')).toBeInTheDocument();
    expect(mock.calls('POST /suppliers')[0]?.body).toEqual({
      name: 'Rail Co',
      currency_id: 2,
      booking_number_format: 'X0-AA',
      commission_due_days: 60,
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
    expect(mock.calls('POST /suppliers/2')[0]?.body).toEqual({
      name: 'SeaWays',
      currency_id: 2,
      booking_number_format: null,
      commission_due_days: 90,
      _method: 'PUT',
    });
  });
});
