import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookingRow, noTransactionStatus } from '../testing/booking-fixtures';
import { supplierRow } from '../testing/catalog-fixtures';
import { agentUser } from '../testing/fixtures';
import { ok, pageOf, renderScreen } from '../testing/screen';

/**
 * Issue 10 #17: one currency rule on every screen (lib/format). The demo stores 'C$' as the Canadian
 * dollar's symbol; the form's prefix said 'C$' while the lists said 'CA$'.
 */
const cad = { id: 2, name: 'Canadian Dollar', code: 'CAD', symbol: 'C$' };
const sunwing = supplierRow(1, 'Sunwing', cad, null);

/** The text before an input (Mantine's left section). */
const prefixOf = (label: RegExp) => {
  const input = screen.getByLabelText(label, { selector: 'input' });
  return input.parentElement?.querySelector('[data-position="left"]')?.textContent;
};

describe('currency symbols', () => {
  it("a CAD supplier: the booking form's prefixes and the bookings list's cells show the same symbol, CA$", async () => {
    const { user } = renderScreen(
      '/bookings/create',
      {
        'GET /api/suppliers': ok([sunwing]),
        'GET /api/booking-suppliers': ok([
          {
            id: 1,
            name: 'Sunwing',
            currency_symbol: 'C$',
            booking_number_format: null,
            parentAgentName: null,
            parentAgentId: null,
            splitPercentage: null,
            commission_percentage: 12.5,
            bookable: true,
          },
        ]),
        'GET /commissions/rates': {
          body: {
            is_sub_agent: false,
            commission_percentage: 12.5,
            parent_commission_percentage: null,
            sub_agent_commission_percentage: null,
            split_percentage: null,
            parent_agent_id: null,
          },
        },
        'GET /api/booking-groups': ok([]),
        'POST /api/check-booking-reference': { body: { exists: false, message: '' } },
      },
      agentUser,
    );
    // Before a supplier is chosen: the default, £ (spec §9). The screen's code loads with its route.
    await screen.findByLabelText(/^total commission/i, { selector: 'input' });
    expect(prefixOf(/^total commission/i)).toBe('£');
    await user.click(screen.getByLabelText(/^supplier/i, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Sunwing' }));
    await user.type(screen.getByLabelText(/^total commission/i, { selector: 'input' }), '333.33');
    expect(await screen.findByDisplayValue('41.67')).toBeInTheDocument();
    const formPrefix = prefixOf(/^total commission/i);
    expect(formPrefix).toBe('CA$');
    expect(prefixOf(/^expected commission/i)).toBe('CA$');
    cleanup();

    renderScreen(
      '/bookings',
      {
        'GET /api/suppliers': ok([sunwing]),
        'GET /api/booking-groups': ok([]),
        'GET /bookings': pageOf([bookingRow(1)]),
        'POST /bookings/transaction-status': { body: { 1: noTransactionStatus } },
      },
      agentUser,
    );
    const row = (await screen.findByRole('cell', { name: 'REF-1' })).closest('tr')!;
    expect(within(row).getByRole('cell', { name: `${formPrefix}333.33` })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: `${formPrefix}41.67` })).toBeInTheDocument();
  });
});
