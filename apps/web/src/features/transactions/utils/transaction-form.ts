import {
  formatMismatchMessage,
  matchesBookingFormat,
  MSG_TRANSACTION_EXCEPTION,
  MSG_TRANSACTION_FAILED,
  moneyInputText,
  transactionInputSchema,
} from '@app/domain';
import { isApiError } from '../../../lib/api-client';
import type { Transaction } from '../api/transactions-api';
import { SETTABLE_STATUS_OPTIONS, transactionStatusLabel } from './status-options';

/** The single transaction form's values as its inputs hold them. */
export interface TransactionFormValues {
  account_id: string | null;
  transaction_type: string | null;
  currency_id: string | null;
  amount: string;
  reference_number: string;
  status: string;
  description: string;
  is_partial: boolean;
  cheque_reference_number: string;
  reference_image: File | null;
}

/** The alert above the form: the server's message, or the field errors as a list. */
export type TransactionFormAlert = { message: string | null; list: string[] };

export function initialTransactionValues(transaction?: Transaction): TransactionFormValues {
  return {
    account_id: transaction ? String(transaction.account_id) : null,
    transaction_type: transaction?.transaction_type ?? 'credit',
    currency_id: transaction ? String(transaction.currency_id) : null,
    amount: transaction ? moneyInputText(transaction.amount) : '',
    reference_number: transaction?.reference_number ?? '',
    status: transaction?.status ?? 'completed',
    description: transaction?.description ?? '',
    is_partial: transaction?.is_partial ?? false,
    cheque_reference_number: transaction?.cheque_reference_number ?? '',
    reference_image: null,
  };
}

/** The statuses the form offers for this transaction. */
export function transactionStatusOptions(transaction?: Transaction) {
  // A completed transaction can be reversed (the supplier took the money back; DOMAIN.md invariant 2 leaves
  // a booking it funded overpaid, to claw back); a reversed one keeps its status.
  return transaction?.status === 'reversed' || transaction?.status === 'completed'
    ? [...SETTABLE_STATUS_OPTIONS, { value: 'reversed', label: transactionStatusLabel('reversed') }]
    : SETTABLE_STATUS_OPTIONS;
}

/** Why a reference number does not fit the supplier account's booking number format (nothing without a format). */
export function referenceFormatProblem(format: string | null, reference: string): string | undefined {
  if (!format || reference === '' || matchesBookingFormat(format, reference.toUpperCase())) return undefined;
  return formatMismatchMessage(format);
}

/** The form's own checks before it posts, one message per field. */
export function transactionValueErrors(values: TransactionFormValues, format: string | null): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.account_id) errors.account_id = 'The account field is required.';
  if (!values.transaction_type) errors.transaction_type = 'The transaction type field is required.';
  if (!values.currency_id) errors.currency_id = 'The currency field is required.';
  // The server's rule and messages: required, at most 2 decimals, at least 0.01.
  const amount = transactionInputSchema.shape.amount.safeParse(values.amount);
  if (!amount.success) errors.amount = amount.error.issues[0]!.message;
  const referenceProblem = referenceFormatProblem(format, values.reference_number);
  if (!values.reference_number.trim()) errors.reference_number = 'The reference number field is required.';
  else if (referenceProblem) errors.reference_number = referenceProblem;
  return errors;
}

/** The multipart body of `POST /transactions` (or its update); the form has checked the required ids. */
export function toTransactionFormData(values: TransactionFormValues): FormData {
  const form = new FormData();
  form.append('account_id', values.account_id!);
  form.append('transaction_type', values.transaction_type!);
  form.append('currency_id', values.currency_id!);
  form.append('amount', values.amount.trim());
  form.append('reference_number', values.reference_number.trim());
  form.append('status', values.status);
  form.append('description', values.description);
  form.append('is_partial', values.is_partial ? '1' : '0');
  form.append('cheque_reference_number', values.cheque_reference_number);
  if (values.reference_image) form.append('reference_image', values.reference_image);
  return form;
}

/** A refused save as the alert and, when the server named fields, their errors. */
export function saveRefusal(error: unknown): { alert: TransactionFormAlert; fieldErrors?: Record<string, string> } {
  if (!isApiError(error)) return { alert: { message: MSG_TRANSACTION_EXCEPTION, list: [] } };
  const flat = Object.entries(error.errors);
  if (flat.length === 0) {
    return { alert: { message: error.hasServerMessage ? error.message : MSG_TRANSACTION_FAILED, list: [] } };
  }
  // Field errors flattened into a list; the reference input turns red.
  return {
    fieldErrors: Object.fromEntries(flat.map(([k, m]) => [k, m[0] ?? ''])),
    alert: { message: null, list: flat.flatMap(([, m]) => m) },
  };
}
