import { z } from 'zod';
import { percentSchema } from '../money/schemas';
import { id, optionalText, requiredText } from './fields';
import { decimalOut, successData, successMessage } from './responses';

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
});
export type Supplier = z.infer<typeof supplierSchema>;

export const supplierInputSchema = z.object({
  name: requiredText('name', 150),
  currency_id: id('currency'),
  booking_number_format: optionalText('booking number format', 50)
    .refine(
      (v) => BOOKING_FORMAT_PATTERN.test(v),
      'The booking number format may contain letters, digits, hyphens, slashes, dots, underscores and spaces only.',
    )
    .transform((v) => (v === '' ? null : v)),
});
export type SupplierInput = z.infer<typeof supplierInputSchema>;

/** `{status: 'success', data: [item, …]}`. */
export const listOf = <T extends z.ZodType>(item: T) => successData(z.array(item));

/** `GET /api/settings` data: the GST rate in percent as a decimal string ('5', '12.5'). */
export const settingsSchema = z.object({ gst_rate: decimalOut });
export type Settings = z.infer<typeof settingsSchema>;

/** `POST /settings`: the form posts a decimal string; the server keeps an exact Percent. */
export const settingsInputSchema = z.object({ gst_rate: percentSchema('GST rate') });

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
