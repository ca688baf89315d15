/**
 * The bulk transaction form's rules that run in the browser (spec §2.5, §5): adding rows, the
 * client-side check before submit, and the multipart body the server expects.
 */
import {
  BULK_ROWS_PER_ADD_MAX,
  MAX_BULK_ROWS,
  MSG_AMOUNT_POSITIVE,
  MSG_CHECK_ROWS,
  MSG_COMMON_DESCRIPTION_REQUIRED,
  MSG_FORM_BLOCKED,
  MSG_REFERENCE_REQUIRED,
  MSG_ROW_DESCRIPTION_REQUIRED,
  MSG_SELECT_STATUS,
  MSG_SELECT_SUPPLIER_ACCOUNT,
  MSG_SELECT_TRANSACTION_TYPE,
  formatMismatchMessage,
  matchesBookingFormat,
  parseMoney,
  type BulkDescriptionType,
} from '@app/domain';

export interface BulkRow {
  key: number;
  reference_number: string;
  amount: string;
  description: string;
  is_partial: boolean;
}

export interface BulkShared {
  account_id: string | null;
  transaction_type: string | null;
  status: string | null;
  description_type: BulkDescriptionType;
  common_description: string;
  cheque_reference_number: string;
  reference_image: File | null;
}

let nextKey = 1;
export const emptyRow = (): BulkRow => ({
  key: nextKey++,
  reference_number: '',
  amount: '',
  description: '',
  is_partial: false,
});

/** How many rows one click adds: the UI offers 1..50, the code caps at 5000 rows in all. */
export function rowsToAdd(requested: number, current: number): number {
  const n = Number.isFinite(requested) ? Math.trunc(requested) : 1;
  const wanted = Math.min(Math.max(n, 1), BULK_ROWS_PER_ADD_MAX);
  return Math.max(0, Math.min(wanted, MAX_BULK_ROWS - current));
}

export interface BulkCheck {
  /** keyed like the server: account_id, transactions.{i}.reference_number … */
  errors: Record<string, string>;
  /** lines of the blocking alert */
  messages: string[];
}

/** The client-side check before submit; the same messages as the server. */
export function checkBulk(shared: BulkShared, rows: readonly BulkRow[], format: string | null): BulkCheck {
  const errors: Record<string, string> = {};
  const general: string[] = [];
  if (!shared.account_id) general.push((errors.account_id = MSG_SELECT_SUPPLIER_ACCOUNT));
  if (!shared.transaction_type) general.push((errors.transaction_type = MSG_SELECT_TRANSACTION_TYPE));
  if (!shared.status) general.push((errors.status = MSG_SELECT_STATUS));
  if (shared.description_type === 'same' && !shared.common_description.trim())
    general.push((errors.common_description = MSG_COMMON_DESCRIPTION_REQUIRED));
  rows.forEach((row, i) => {
    const ref = row.reference_number.trim();
    if (!ref) errors[`transactions.${i}.reference_number`] = MSG_REFERENCE_REQUIRED;
    else if (format && !matchesBookingFormat(format, ref.toUpperCase()))
      errors[`transactions.${i}.reference_number`] = formatMismatchMessage(format);
    const amount = parseMoney(row.amount);
    if (!amount.ok || amount.value <= 0n) errors[`transactions.${i}.amount`] = MSG_AMOUNT_POSITIVE;
    if (shared.description_type === 'different' && !row.description.trim())
      errors[`transactions.${i}.description`] = MSG_ROW_DESCRIPTION_REQUIRED;
  });
  if (Object.keys(errors).length === 0) return { errors, messages: [] };
  return { errors, messages: [MSG_FORM_BLOCKED, ...(general.length ? general : [MSG_CHECK_ROWS])] };
}

/** The spec's multipart body: shared fields (empty ones omitted), rows as transactions[i][…]; description only for 'different'. */
export function bulkFormData(shared: BulkShared, rows: readonly BulkRow[]): FormData {
  const form = new FormData();
  const put = (k: string, v: string | null | undefined) => {
    if (v !== null && v !== undefined && v !== '') form.append(k, v);
  };
  put('account_id', shared.account_id);
  put('transaction_type', shared.transaction_type);
  put('status', shared.status);
  put('description_type', shared.description_type);
  put('common_description', shared.common_description.trim());
  put('cheque_reference_number', shared.cheque_reference_number.trim());
  if (shared.reference_image) form.append('reference_image', shared.reference_image);
  rows.forEach((row, i) => {
    form.append(`transactions[${i}][reference_number]`, row.reference_number.trim());
    form.append(`transactions[${i}][amount]`, row.amount.trim());
    form.append(`transactions[${i}][is_partial]`, row.is_partial ? '1' : '0');
    if (shared.description_type === 'different') form.append(`transactions[${i}][description]`, row.description);
  });
  return form;
}
