import {
  DEFAULT_AUTO_ACCEPT_SCORE,
  quickBooksAccountNameProblem,
  settingsInputSchema,
  type QuickBooksDateFormat,
} from '@app/domain';
import type { Settings, SettingsUpdate } from '../api/settings';

export interface SettingsFormValues {
  /** NumberInput gives a number, or a string while empty or mid-typing. */
  gst_rate: number | string;
  agency_name: string;
  quickbooks_commission_account: string;
  quickbooks_gst_account: string;
  quickbooks_clearing_account: string;
  quickbooks_date_format: QuickBooksDateFormat;
  /** The match suggestions' auto-accept threshold (a number, or a string while empty or mid-typing). */
  auto_accept_score: number | string;
}

/** What the settings form shows besides the GST rate: only what the server sends (admins). */
export interface ShownSettings {
  accounting: boolean;
  suggestions: boolean;
}

export type AccountingField = Exclude<keyof SettingsFormValues, 'gst_rate' | 'auto_accept_score'>;
export const ACCOUNTING_FIELDS: AccountingField[] = [
  'agency_name',
  'quickbooks_commission_account',
  'quickbooks_gst_account',
  'quickbooks_clearing_account',
  'quickbooks_date_format',
];

/** The server's rule and messages (`settingsInputSchema`): required, 0 to 100 with at most 2 decimals. */
export function validateGstRate(value: number | string): string | null {
  const parsed = settingsInputSchema.shape.gst_rate.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0]!.message;
}

/** The server's rule and message (`settingsInputSchema`): a whole number from 50 to 100. */
export function validateAutoAcceptScore(value: number | string): string | null {
  const parsed = settingsInputSchema.shape.auto_accept_score.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0]!.message;
}

/** A QuickBooks account name: required, then the domain's rule (the server checks again). */
const validateAccount = (label: string) => (value: string) =>
  value.trim() === '' ? `The ${label} field is required.` : quickBooksAccountNameProblem(label, value.trim());

/** The accounting fields' rules, checked only when the form shows them (admins). */
export const ACCOUNTING_VALIDATION = {
  agency_name: (v: string) => (v.trim() === '' ? 'The agency name field is required.' : null),
  quickbooks_commission_account: validateAccount('commission expense account'),
  quickbooks_gst_account: validateAccount('sales tax receivable account'),
  quickbooks_clearing_account: validateAccount('clearing account'),
};

export const valuesOf = (s: Settings): SettingsFormValues => ({
  gst_rate: s.gst_rate,
  agency_name: s.agency_name ?? '',
  quickbooks_commission_account: s.quickbooks_commission_account ?? '',
  quickbooks_gst_account: s.quickbooks_gst_account ?? '',
  quickbooks_clearing_account: s.quickbooks_clearing_account ?? '',
  quickbooks_date_format: s.quickbooks_date_format ?? 'MM/DD/YYYY',
  auto_accept_score: s.auto_accept_score ?? DEFAULT_AUTO_ACCEPT_SCORE,
});

/**
 * What is saved: the GST rate, the accounting fields (trimmed) and the auto-accept threshold, each when the
 * form shows it (a setting left out keeps its stored value).
 */
export function toSettingsUpdate(values: SettingsFormValues, shown: ShownSettings): SettingsUpdate {
  return {
    gst_rate: String(values.gst_rate).trim(),
    ...(shown.accounting && {
      agency_name: values.agency_name.trim(),
      quickbooks_commission_account: values.quickbooks_commission_account.trim(),
      quickbooks_gst_account: values.quickbooks_gst_account.trim(),
      quickbooks_clearing_account: values.quickbooks_clearing_account.trim(),
      quickbooks_date_format: values.quickbooks_date_format,
    }),
    // Read by the schema validateAutoAcceptScore checked it with: a whole number, typed or as its digits.
    ...(shown.suggestions && {
      auto_accept_score: settingsInputSchema.shape.auto_accept_score.parse(values.auto_accept_score),
    }),
  };
}
