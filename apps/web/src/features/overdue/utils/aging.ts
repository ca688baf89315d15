import { AGING_BUCKET_LABELS, AGING_BUCKETS, type AgingBucket } from '@app/domain';
import { formatMoney } from '../../../lib/format';

/** Each bucket's colour, warmer as the money is longer overdue (a badge's light variant, the theme's inks). */
export const BUCKET_COLORS: Record<AgingBucket, string> = {
  '0_30': 'yellow',
  '31_60': 'orange',
  '61_90': 'red',
  '90_plus': 'grape',
};

/** The bucket filter's choices: every bucket, or one. */
export const BUCKET_CHOICES = [
  { value: '', label: 'All' },
  ...AGING_BUCKETS.map((b) => ({ value: b, label: AGING_BUCKET_LABELS[b] })),
];

/** What carries an amount's currency in the report's answers. */
export interface InCurrency {
  currency_code: string;
  currency_symbol: string;
}

/** An amount of the report in its row's currency ('CA$1,625.00'): never added across currencies. */
export const moneyOf = (row: InCurrency, amount: number) =>
  formatMoney(amount, { code: row.currency_code, symbol: row.currency_symbol });
