import {
  DEFAULT_AUTO_ACCEPT_SCORE,
  isAutoAcceptThreshold,
  percentFromDb,
  percentToString,
  QUICKBOOKS_DEFAULTS,
  type AccountingSettings,
  type QuickBooksDateFormat,
  QUICKBOOKS_DATE_FORMATS,
} from '@app/domain';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { DEFAULT_SETTINGS } from '../db/reference-data';
import { settings } from '../db/schema';

/**
 * The product's settings: the GST rate, the agency's name (payout PDFs), how the QuickBooks files
 * name their accounts and write dates, and the match suggestions' auto-accept threshold. Read by the
 * commission engine, the bookings service, the report files and the match suggestions, written by the
 * settings screen; the one place that knows where they are stored (`settings`, one row per key; a key
 * never stored reads as its default).
 */

/** The agency's name when none is stored. */
export const DEFAULT_AGENCY_NAME = 'Travel Host Agency';

/** The stored key of each accounting setting, and its default. */
const ACCOUNTING_DEFAULTS: AccountingSettings = {
  agency_name: DEFAULT_AGENCY_NAME,
  quickbooks_commission_account: QUICKBOOKS_DEFAULTS.commissionAccount,
  quickbooks_gst_account: QUICKBOOKS_DEFAULTS.gstAccount,
  quickbooks_clearing_account: QUICKBOOKS_DEFAULTS.clearingAccount,
  quickbooks_date_format: QUICKBOOKS_DEFAULTS.dateFormat,
};
const ACCOUNTING_KEYS = Object.keys(ACCOUNTING_DEFAULTS) as (keyof AccountingSettings)[];

/** The GST rate in percent ('5', '12.5'), the seeded default when none is stored. */
export async function getGstRate(db: DbOrTx): Promise<string> {
  const rows = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'gst_rate'));
  return percentToString(percentFromDb(rows[0]?.value ?? DEFAULT_SETTINGS.gst_rate));
}

/** Stores the GST rate (a percent string as `percentToString` writes it). */
export async function storeGstRate(tx: DbOrTx, value: string): Promise<void> {
  await storeSetting(tx, 'gst_rate', value);
}

/** The agency's name as payout PDFs and report files print it. */
export async function getAgencyName(db: DbOrTx): Promise<string> {
  return (await getAccountingSettings(db)).agency_name;
}

/** The agency name and the QuickBooks account names and date format, each its default when not stored. */
export async function getAccountingSettings(db: DbOrTx): Promise<AccountingSettings> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, ACCOUNTING_KEYS));
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const text = (key: Exclude<keyof AccountingSettings, 'quickbooks_date_format'>) =>
    stored.get(key) || ACCOUNTING_DEFAULTS[key];
  const format = stored.get('quickbooks_date_format');
  return {
    agency_name: text('agency_name'),
    quickbooks_commission_account: text('quickbooks_commission_account'),
    quickbooks_gst_account: text('quickbooks_gst_account'),
    quickbooks_clearing_account: text('quickbooks_clearing_account'),
    quickbooks_date_format: (QUICKBOOKS_DATE_FORMATS as readonly string[]).includes(format ?? '')
      ? (format as QuickBooksDateFormat)
      : ACCOUNTING_DEFAULTS.quickbooks_date_format,
  };
}

/** Stores the accounting settings given (a key left out keeps its value). */
export async function storeAccountingSettings(tx: DbOrTx, values: Partial<AccountingSettings>): Promise<void> {
  for (const key of ACCOUNTING_KEYS) {
    const value = values[key];
    if (value !== undefined) await storeSetting(tx, key, value);
  }
}

/** The stored key of the match suggestions' auto-accept threshold (issue 24 §1). */
const AUTO_ACCEPT_KEY = 'suggestion_auto_accept_score';

/**
 * The score at or above which a best suggestion (clearly ahead of the next) may be accepted without a
 * person looking at it, and below which 'Accept all' takes nothing: DEFAULT_AUTO_ACCEPT_SCORE (90) when none
 * is stored or what is stored is not a threshold.
 */
export async function getAutoAcceptScore(db: DbOrTx): Promise<number> {
  const rows = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, AUTO_ACCEPT_KEY));
  // eslint-disable-next-line no-restricted-syntax -- a score, not money: anything but a whole 50–100 is refused below
  const stored = Number(rows[0]?.value);
  return isAutoAcceptThreshold(stored) ? stored : DEFAULT_AUTO_ACCEPT_SCORE;
}

/** Stores the auto-accept threshold (a whole number from MIN_AUTO_ACCEPT_SCORE to 100, checked by the schema). */
export async function storeAutoAcceptScore(tx: DbOrTx, score: number): Promise<void> {
  await storeSetting(tx, AUTO_ACCEPT_KEY, String(score));
}

async function storeSetting(tx: DbOrTx, key: string, value: string): Promise<void> {
  await tx
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updated_at: new Date() } });
}
