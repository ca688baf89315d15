import { quickBooksAccountNameProblem, settingsInputSchema, type QuickBooksDateFormat } from '@app/domain';
import type { Settings, SettingsUpdate } from '../api/settings';

export interface SettingsFormValues {
  /** NumberInput gives a number, or a string while empty or mid-typing. */
  gst_rate: number | string;
  agency_name: string;
  quickbooks_commission_account: string;
  quickbooks_gst_account: string;
  quickbooks_clearing_account: string;
  quickbooks_date_format: QuickBooksDateFormat;
}

export type AccountingField = Exclude<keyof SettingsFormValues, 'gst_rate'>;
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
});

/** What is saved: the GST rate, and the accounting fields (trimmed) when the form shows them. */
export function toSettingsUpdate(values: SettingsFormValues, accounting: boolean): SettingsUpdate {
  const gst_rate = String(values.gst_rate).trim();
  return accounting
    ? {
        gst_rate,
        agency_name: values.agency_name.trim(),
        quickbooks_commission_account: values.quickbooks_commission_account.trim(),
        quickbooks_gst_account: values.quickbooks_gst_account.trim(),
        quickbooks_clearing_account: values.quickbooks_clearing_account.trim(),
        quickbooks_date_format: values.quickbooks_date_format,
      }
    : { gst_rate };
}
