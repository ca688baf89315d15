/**
 * One booking's row of the bulk payout / reconcile screen (agents-transactions-payouts §4 "Payout screen",
 * §5 "Payout"), pure: its state, what selecting the booking does to its amount, the amount's range and the
 * custom commission. Money is exact (Cents, Percent); every money rule is the domain's (`availableAmount`,
 * `payoutAmountProblem`, `customCommissionProblem`).
 */
import {
  availableAmount,
  customCommissionProblem,
  HUNDRED_PERCENT,
  moneyToString,
  parseMoney,
  parsePercent,
  PAYOUT_MESSAGES,
  payoutAmountProblem,
  percentText,
  ZERO_PERCENT,
  type Cents,
  type Percent,
} from '@app/domain';
import type { SearchBooking } from '../api/payouts-api';
import { centsOf, percentOf } from './money';

export interface RowState {
  selected: boolean;
  /** The payout amount as typed (payout mode). */
  amount: string;
  /** Reconcile before paying (payout mode). */
  reconcile: boolean;
  custom: boolean;
  /** Custom percentages as typed, by commission line id. */
  percents: Readonly<Record<number, string>>;
}

const originalPercents = (b: SearchBooking): Record<number, string> =>
  Object.fromEntries(b.actual_commissions.map((l) => [l.id, percentText(percentOf(l.percentage))]));

/** The gross the amount is checked against and the most that can be paid: after a reconcile, the received amount is the gross. */
export function amountLimits(b: SearchBooking, reconcile: boolean): { gross: Cents; max: Cents } {
  if (!reconcile) return { gross: centsOf(b.booking_amount), max: centsOf(b.available_amount) };
  const received = centsOf(b.transaction_amount);
  return {
    gross: received,
    max: availableAmount({ gross: received, paid: centsOf(b.paid_amount), net: received, reconciled: true }),
  };
}

/** Why the typed amount cannot be paid out of this row, or null (the server's rule). */
export function rowAmountProblem(b: SearchBooking, row: RowState): string | null {
  const parsed = parseMoney(row.amount);
  if (!parsed.ok) return parsed.reason === 'empty' ? PAYOUT_MESSAGES.notPositive : parsed.error;
  const { gross, max } = amountLimits(b, row.reconcile);
  return payoutAmountProblem(parsed.value, gross, max);
}

/** The amount as 2 decimals; out of range (or not a number) resets to what is available (§5). */
export function normalisedAmount(b: SearchBooking, row: RowState): string {
  const parsed = parseMoney(row.amount);
  if (parsed.ok && rowAmountProblem(b, row) === null) return moneyToString(parsed.value);
  return moneyToString(amountLimits(b, row.reconcile).max);
}

/**
 * What selecting a booking sets the amount to: the booking amount for a reconciled booking, the
 * transaction amount for one marked for reconciliation, else the available amount — then kept in range.
 */
function amountOnSelect(b: SearchBooking, row: RowState): string {
  const amount = b.is_reconciled ? b.booking_amount : row.reconcile ? b.transaction_amount : b.available_amount;
  return normalisedAmount(b, { ...row, amount: moneyToString(centsOf(amount)) });
}

/**
 * Why the server says this booking cannot be paid, reconciled first or not (a duplicate reference, …), or
 * null: its row cannot be selected. A booking marked for reconciliation (a mismatch) can be, reconciled.
 */
export const blockReason = (b: SearchBooking): string | null =>
  b.payout_block_reason && b.payout_block_reason_after_reconcile !== null ? b.payout_block_reason : null;

/**
 * Why this row cannot be paid with its Reconcile box as it is, or null: a booking marked for
 * reconciliation cannot be paid without the reconcile (DOMAIN.md "Matching": a mismatch is not payable).
 */
export const rowBlockReason = (b: SearchBooking, row: RowState): string | null =>
  (row.reconcile ? b.payout_block_reason_after_reconcile : b.payout_block_reason) ?? null;

/** A booking's row as the search gives it (§4 defaults). */
export function initialRow(b: SearchBooking): RowState {
  const amount = b.is_reconciled ? b.booking_amount : b.available_amount;
  const row: RowState = {
    selected: false,
    amount: moneyToString(centsOf(amount)),
    reconcile: b.needs_reconciliation,
    custom: b.is_reconciled,
    percents: originalPercents(b),
  };
  return { ...row, amount: normalisedAmount(b, row) };
}

export function selectRow(b: SearchBooking, row: RowState, selected: boolean): RowState {
  if (!selected) return { ...row, selected };
  if (blockReason(b) !== null) return row;
  const next = { ...row, selected, custom: row.custom || b.is_reconciled };
  return { ...next, amount: amountOnSelect(b, next) };
}

export function setReconcile(b: SearchBooking, row: RowState, reconcile: boolean): RowState {
  const next = { ...row, reconcile };
  return { ...next, amount: amountOnSelect(b, next) };
}

/** Turning custom commission off puts the original percentages back. */
export function setCustom(b: SearchBooking, row: RowState, custom: boolean): RowState {
  return { ...row, custom, percents: originalPercents(b) };
}

/* ------------------------------------------------------------------ custom commission */

export interface CustomCheck {
  /** The parsed percentages by line id, when every one is a valid percentage (0..100, step 0.01). */
  percents: Map<number, Percent> | null;
  /** The message of the first invalid percentage, by line id. */
  fieldErrors: Record<number, string>;
  agents: Percent;
  /** 100 − the agents' sum, never below 0. */
  company: Percent;
  /** Agents + company: 'Must equal 100%' when it is not 100. */
  total: Percent;
  /** The domain's message for the first problem ('… exceed 100% (total: N%)'), or null. */
  problem: string | null;
}

export function checkCustom(b: SearchBooking, row: RowState): CustomCheck {
  const percents = new Map<number, Percent>();
  const fieldErrors: Record<number, string> = {};
  for (const line of b.actual_commissions) {
    const parsed = parsePercent(row.percents[line.id] ?? '');
    if (parsed.ok) percents.set(line.id, parsed.value);
    else fieldErrors[line.id] = parsed.error;
  }
  const agents = [...percents.values()].reduce((a, p) => a + p, 0n) as Percent;
  const company = (agents > HUNDRED_PERCENT ? ZERO_PERCENT : HUNDRED_PERCENT - agents) as Percent;
  const valid = Object.keys(fieldErrors).length === 0;
  const lineIds = b.actual_commissions.map((l) => l.id);
  const firstFieldError = Object.values(fieldErrors)[0];
  return {
    percents: valid ? percents : null,
    fieldErrors,
    agents,
    company,
    total: (agents + company) as Percent,
    problem: valid
      ? customCommissionProblem(b.booking_reference, lineIds, percents, company)
      : `${b.booking_reference}: ${firstFieldError ?? ''}`,
  };
}
