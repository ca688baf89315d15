import { getErrorMessage, isApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';

/** What the panel needs of a suggested credit (the contract's `credit`). */
interface CreditFacts {
  reference_number: string;
  amount: number;
  currency_code: string;
  currency_symbol: string;
}

/** The credit's amount in its own currency ('CA$1,120.00'). */
export const creditAmount = (credit: CreditFacts) =>
  formatMoney(credit.amount, { code: credit.currency_code, symbol: credit.currency_symbol });

/** What accepting the credit changes, in the confirmation's words. */
export const acceptConfirmation = (credit: CreditFacts, bookingReference: string) =>
  `Credit ${credit.reference_number} (${creditAmount(credit)}) will match this booking: its reference becomes ` +
  `${bookingReference}; the original reference is kept in its history.`;

/** What rejecting the credit changes, in the confirmation's words. */
export const rejectConfirmation = (credit: CreditFacts) =>
  `Credit ${credit.reference_number} (${creditAmount(credit)}) will not be suggested for this booking again. ` +
  'The credit itself is not changed.';

/**
 * Why the server refused, as lines to show: every message of a 422's `errors` once each (its `message` only
 * repeats the first), else the server's message, else `fallback`.
 */
export function refusalMessages(error: unknown, fallback: string): string[] {
  const listed = isApiError(error) ? [...new Set(Object.values(error.errors).flat())] : [];
  return listed.length > 0 ? listed : [getErrorMessage(error, fallback)];
}
