import { sunwingAccount } from './fixtures';

type Currency = { id: number; name: string; code: string; symbol: string };

export const gbp: Currency = { id: 1, name: 'British Pound', code: 'GBP', symbol: '£' };
export const cad: Currency = sunwingAccount.currency;

/**
 * A supplier as `GET /api/suppliers` lists it; its commission is due after the default 60 days and its match
 * tolerance is the default 2 % unless told.
 */
export function supplierRow(
  id: number,
  name: string,
  currency: Currency,
  format: string | null,
  dueDays = 60,
  tolerancePercent = 2,
) {
  const currencyFields = { currency_id: currency.id, currency, currency_symbol: currency.symbol };
  return {
    id,
    name,
    ...currencyFields,
    booking_number_format: format,
    commission_due_days: dueDays,
    match_tolerance_percent: tolerancePercent,
  };
}
