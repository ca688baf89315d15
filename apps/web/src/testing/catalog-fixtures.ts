import { sunwingAccount } from './fixtures';

type Currency = { id: number; name: string; code: string; symbol: string };

export const gbp: Currency = { id: 1, name: 'British Pound', code: 'GBP', symbol: '£' };
export const cad: Currency = sunwingAccount.currency;

/** A supplier as `GET /api/suppliers` lists it. */
export function supplierRow(id: number, name: string, currency: Currency, format: string | null) {
  const currencyFields = { currency_id: currency.id, currency, currency_symbol: currency.symbol };
  return { id, name, ...currencyFields, booking_number_format: format };
}
