import { absMoney, moneyToString, subMoney, type Cents } from '@app/domain';
import { formatMoney, formatSignedMoney, type CurrencyLike } from '../../../lib/format';
import { centsOf } from '../../../lib/money';

/** A statement's (or a preview's) currency as the formatters take it. */
export const currencyOf = (s: { currency_code: string; currency_symbol: string }): CurrencyLike => ({
  code: s.currency_code,
  symbol: s.currency_symbol,
});

/** '£1,234.50' from cents. */
export const money = (c: Cents, currency: CurrencyLike) => formatMoney(moneyToString(c), currency);

/** '+£10.00', '-£2.50', '£0.00': a difference. */
export const signedMoney = (c: Cents, currency: CurrencyLike) => formatSignedMoney(moneyToString(c), currency);

/** What a statement pays: its money in less its money out, exactly. */
export const netOf = (credit: number, debit: number): Cents => subMoney(centsOf(credit), centsOf(debit));

/** A signed line amount (above 0 money in, below 0 money out) as its two columns. */
export function inAndOut(amount: number): { moneyIn: Cents | null; moneyOut: Cents | null } {
  const c = centsOf(amount);
  return c < 0n ? { moneyIn: null, moneyOut: absMoney(c) } : { moneyIn: c, moneyOut: null };
}
