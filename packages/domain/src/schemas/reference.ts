import { z } from 'zod';
import { DEFAULT_SUGGESTION_POLICY } from '../matching/suggestion-score';
import { basisPointsFromPercent, basisPointsToPercent } from '../money/basis-points';
import { percentSchema } from '../money/schemas';
import { QUICKBOOKS_DATE_FORMATS, quickBooksAccountNameProblem } from '../reports/accounting-files';
import { id, optionalText, requiredText } from './fields';
import { commissionDueDaysField } from './overdue';
import { decimalOut, successData, successMessage } from './responses';
import { scoreField } from './suggestions';

export const currencySchema = z.object({ id: z.number(), name: z.string(), code: z.string(), symbol: z.string() });
export type Currency = z.infer<typeof currencySchema>;

export const countrySchema = z.object({ id: z.number(), name: z.string(), code: z.string() });
export const stateSchema = z.object({ id: z.number(), country_id: z.number(), name: z.string(), code: z.string() });
export type Country = z.infer<typeof countrySchema>;
export type State = z.infer<typeof stateSchema>;

export const tierSchema = z.object({ id: z.number(), name: z.string(), description: z.string() });
export type Tier = z.infer<typeof tierSchema>;

export const tierInputSchema = z.object({
  name: requiredText('name', 100),
  description: optionalText('description', 1000, { multiline: true }),
});
export type TierInput = z.infer<typeof tierInputSchema>;

/** X = letter or digit, 0 = digit, A = letter, anything else literal (spec §5). */
export const BOOKING_FORMAT_PATTERN = /^[A-Za-z0-9\-_/. ]*$/;

export const supplierSchema = z.object({
  id: z.number(),
  name: z.string(),
  currency_id: z.number(),
  currency: currencySchema,
  currency_symbol: z.string(),
  booking_number_format: z.string().nullable(),
  /** Days after the booking date the supplier's commission is due (overdue commissions). */
  commission_due_days: z.number().int(),
  /** How far, in percent, a credit's amount may be from a booking's gross and still count as its amount. */
  match_tolerance_percent: z.number(),
});
export type Supplier = z.infer<typeof supplierSchema>;

/**
 * A supplier's match tolerance is stored in basis points (`suppliers.match_tolerance_bp`, checked 0–2000 there)
 * and written in percent with at most 2 decimals, so that every percent given is a whole number of them.
 */
export const MAX_MATCH_TOLERANCE_BP = 2000;
/** A new supplier's tolerance unless an admin sets another: the suggestions' default (2 %). */
export const DEFAULT_MATCH_TOLERANCE_PERCENT = basisPointsToPercent(DEFAULT_SUGGESTION_POLICY.tolerance_bp);
export const MAX_MATCH_TOLERANCE_PERCENT = basisPointsToPercent(MAX_MATCH_TOLERANCE_BP);
export const MATCH_TOLERANCE_MESSAGE = `The match tolerance must be a number from 0 to ${MAX_MATCH_TOLERANCE_PERCENT} with at most 2 decimals.`;

/**
 * A supplier's `match_tolerance_percent` as a form ('2.5') or JSON (2.5) sends it, read exactly through its
 * basis points and given back as the percent they make ('2.50' → 2.5). Blank or missing gives undefined (a
 * create takes DEFAULT_MATCH_TOLERANCE_PERCENT, an update keeps what the supplier has).
 */
export const matchTolerancePercentField = () =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .union([z.number(), z.string()], { error: MATCH_TOLERANCE_MESSAGE })
      .transform((v, ctx) => {
        const bp = basisPointsFromPercent(v);
        if (bp === null || bp < 0 || bp > MAX_MATCH_TOLERANCE_BP) {
          ctx.addIssue({ code: 'custom', message: MATCH_TOLERANCE_MESSAGE, input: v });
          return z.NEVER;
        }
        return basisPointsToPercent(bp);
      })
      .optional(),
  );

export const supplierInputSchema = z.object({
  name: requiredText('name', 150),
  currency_id: id('currency'),
  booking_number_format: optionalText('booking number format', 50)
    .refine(
      (v) => BOOKING_FORMAT_PATTERN.test(v),
      'The booking number format may contain letters, digits, hyphens, slashes, dots, underscores and spaces only.',
    )
    .transform((v) => (v === '' ? null : v)),
  /** Optional: a new supplier takes 60, an update without it keeps the supplier's. */
  commission_due_days: commissionDueDaysField(),
  /** Optional: a new supplier takes 2 (%), an update without it keeps the supplier's. */
  match_tolerance_percent: matchTolerancePercentField(),
});
export type SupplierInput = z.infer<typeof supplierInputSchema>;

/** `{status: 'success', data: [item, …]}`. */
export const listOf = <T extends z.ZodType>(item: T) => successData(z.array(item));

/**
 * The settings of the files accounting receives: the agency's name (payout PDFs) and how the QuickBooks
 * files name the accounts of a commission payment and write its date (ACCOUNTING-FILES.md §2).
 */
export const accountingSettingsSchema = z.object({
  agency_name: z.string(),
  quickbooks_commission_account: z.string(),
  quickbooks_gst_account: z.string(),
  quickbooks_clearing_account: z.string(),
  quickbooks_date_format: z.enum(QUICKBOOKS_DATE_FORMATS),
});
export type AccountingSettings = z.infer<typeof accountingSettingsSchema>;

/**
 * `GET /api/settings` data: the GST rate in percent as a decimal string ('5', '12.5'), for everyone;
 * the accounting settings and the match suggestions' auto-accept threshold only for admins (the settings
 * screen), absent for other users.
 */
export const settingsSchema = z
  .object({ gst_rate: decimalOut })
  .extend(accountingSettingsSchema.partial().shape)
  .extend({ auto_accept_score: z.number().int().optional() });
export type Settings = z.infer<typeof settingsSchema>;

/** A QuickBooks account name as the chart of accounts spells it. */
const accountName = (label: string) =>
  requiredText(label, 100).superRefine((v, ctx) => {
    const problem = quickBooksAccountNameProblem(label, v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: v });
  });

/**
 * `POST /settings`: the form posts the GST rate as a decimal string (the server keeps an exact Percent)
 * and, optionally, the accounting settings and the auto-accept threshold; one left out keeps its stored value.
 */
export const settingsInputSchema = z.object({
  gst_rate: percentSchema('GST rate'),
  agency_name: requiredText('agency name', 100).optional(),
  quickbooks_commission_account: accountName('commission expense account').optional(),
  quickbooks_gst_account: accountName('sales tax receivable account').optional(),
  quickbooks_clearing_account: accountName('clearing account').optional(),
  quickbooks_date_format: z
    .enum(QUICKBOOKS_DATE_FORMATS, { error: 'The selected QuickBooks date format is invalid.' })
    .optional(),
  /** The score at or above which a best suggestion, clearly ahead of the next, may be accepted in bulk. */
  auto_accept_score: scoreField('auto-accept threshold').optional(),
});
export type SettingsInput = z.output<typeof settingsInputSchema>;

/* ------------------------------------------------------------------ answers */

/** `GET /api/currencies`. */
export const currencyListResponse = listOf(currencySchema);
/** `GET /api/countries`. */
export const countryListResponse = listOf(countrySchema);
/** `GET /api/countries/{id}/states`: the list nested as `data.data.data` (spec). */
export const stateListResponse = successData(z.object({ data: z.object({ data: z.array(stateSchema) }) }));
/** `GET /api/commission-tiers`. */
export const tierListResponse = listOf(tierSchema);
/** `POST /commission-tiers`, `PUT /commission-tiers/{id}`. */
export const tierSavedResponse = successMessage({ data: tierSchema });
/** `GET /api/suppliers`, `GET /suppliers-list`. */
export const supplierListResponse = listOf(supplierSchema);
/** `POST /suppliers`, `PUT /suppliers/{id}`. */
export const supplierSavedResponse = successMessage({ data: supplierSchema });
/** `GET /api/settings`. */
export const settingsResponse = successData(settingsSchema);
/** `POST /settings`. */
export const settingsSavedResponse = successMessage({ data: settingsSchema });
