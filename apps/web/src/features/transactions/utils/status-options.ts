import { SETTABLE_TRANSACTION_STATUSES } from '@app/domain';

/** 'completed' → 'Completed'. */
export const transactionStatusLabel = (status: string) => status[0]!.toUpperCase() + status.slice(1);

/** The statuses a new transaction (single, bulk or imported) may be given, for a Select. */
export const SETTABLE_STATUS_OPTIONS = SETTABLE_TRANSACTION_STATUSES.map((value) => ({
  value,
  label: transactionStatusLabel(value),
}));

/** The two transaction types, for a Select. */
export const TRANSACTION_TYPE_OPTIONS = [
  { value: 'credit', label: 'Credit' },
  { value: 'debit', label: 'Debit' },
];
