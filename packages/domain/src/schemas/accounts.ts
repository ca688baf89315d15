/**
 * What the accounts routes answer (CONTRACT.md §3 accounts). The request schemas (`accountInputSchema`,
 * `accountListQuerySchema`, `currencySummarySchema`) live beside the transactions' in `transactions.ts`.
 */
import { z } from 'zod';
import { currencySchema } from './reference';
import { messageResponse, moneyOut, successData, successMessage } from './responses';
import { ACCOUNTABLE_TYPES } from './transactions';

/** An account with its owner (supplier or agent), currency, the supplier's booking number format and balance. */
export const accountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  account_number: z.string().nullable(),
  accountable_type: z.enum(ACCOUNTABLE_TYPES),
  accountable_id: z.number().int(),
  /** The owner; `booking_number_format` is the supplier's (null for an agent). */
  accountable: z.object({
    id: z.number().int(),
    name: z.string().nullable(),
    booking_number_format: z.string().nullable(),
  }),
  accountable_name: z.string().nullable(),
  booking_number_format: z.string().nullable(),
  currency_id: z.number().int(),
  currency: currencySchema,
  currency_code: z.string(),
  is_deleted: z.boolean(),
  /** Completed credits − completed debits. */
  balance: moneyOut,
  credit_total: moneyOut,
  debit_total: moneyOut,
  transaction_count: z.number().int(),
});
export type Account = z.output<typeof accountSchema>;

/** `GET /accounts`. */
export const accountListResponse = successData(z.array(accountSchema));
/** `GET /accounts/{id}`. */
export const accountResponse = successData(accountSchema);
/** `POST /accounts`, `PUT /accounts/{id}`. */
export const accountSavedResponse = successMessage({ data: accountSchema });
/** `DELETE /accounts/{id}`. */
export const accountDeletedResponse = messageResponse;

/** One currency's totals of the accounts' transactions. */
export const currencySummaryRowSchema = z.object({
  currency_id: z.number().int(),
  /** The currency code. */
  currency: z.string(),
  currency_symbol: z.string(),
  /** Credits − debits (with a transaction_type filter, only that side counts). */
  total_amount: moneyOut,
  credit_amount: moneyOut,
  debit_amount: moneyOut,
});
export type CurrencySummaryRow = z.output<typeof currencySummaryRowSchema>;

/** `POST /accounts/transactions/currency-summary`. */
export const currencySummaryResponse = successMessage({ data: z.array(currencySummaryRowSchema) });
