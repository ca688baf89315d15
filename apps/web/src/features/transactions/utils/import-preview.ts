import {
  IMPORT_MESSAGES,
  MSG_SELECT_STATUS,
  planTransactionImport,
  type ImportParsedRow,
  type ImportSkippedRow,
  type ImportSummary,
} from '@app/domain';
import { toFormData } from '../../../lib/api-client';
import { checkImportFile } from '../../../lib/import-file';

/** The first rows the preview shows; 'Show All Items' shows the rest (spec §2.6, §9). */
export const PREVIEW_ROWS = 100;

export type ImportPreview =
  | { ok: true; filename: string; rows: ImportParsedRow[]; skipped: ImportSkippedRow[]; summary: ImportSummary }
  | { ok: false; filename: string; error: string; skipped: ImportSkippedRow[] };

/**
 * Reads the chosen file with the plan the upload and the job use (`planTransactionImport`), so the
 * preview shows exactly the rows that will be written and lists every row that will not.
 */
export async function previewImportFile(file: File, bookingNumberFormat: string | null): Promise<ImportPreview> {
  const filename = file.name;
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return { ok: false, filename, error: IMPORT_MESSAGES.readFailed, skipped: [] };
  }
  try {
    return { ...(await planTransactionImport(filename, bytes, bookingNumberFormat)), filename };
  } catch {
    // The parser reports every problem it knows; anything else (a chunk that failed to load) is unreadable.
    return { ok: false, filename, error: IMPORT_MESSAGES.readFailed, skipped: [] };
  }
}

export interface ImportFormValues {
  account_id: string | null;
  status: string | null;
  description: string;
  is_partial: boolean;
  file: File | null;
  cheque_reference_number: string;
  reference_image: File | null;
  /** The server found this file already imported into the account and the admin insists. */
  allow_duplicate: boolean;
}

export const INITIAL_IMPORT_VALUES: ImportFormValues = {
  account_id: null,
  status: 'completed',
  description: '',
  is_partial: false,
  file: null,
  cheque_reference_number: '',
  reference_image: null,
  allow_duplicate: false,
};

/** Required fields (spec §5 "Transaction import"): messages keyed by field. */
export function checkImportForm(values: ImportFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.account_id) errors.account_id = IMPORT_MESSAGES.selectAccount;
  if (!values.status) errors.status = MSG_SELECT_STATUS;
  if (!values.file) errors.file = IMPORT_MESSAGES.selectFile;
  else {
    const problem = checkImportFile(values.file);
    if (problem) errors.file = problem;
  }
  return errors;
}

/** The multipart body of `POST /api/transactions/import` (spec §7): is_partial as '1'/'0', the image only if chosen. */
export function importFormData(values: ImportFormValues): FormData {
  return toFormData({
    account_id: values.account_id,
    status: values.status,
    description: values.description.trim(),
    is_partial: values.is_partial,
    file: values.file,
    cheque_reference_number: values.cheque_reference_number.trim(),
    reference_image: values.reference_image,
    // Ours, not the spec's: sent only when the admin insists on a file imported before.
    ...(values.allow_duplicate ? { allow_duplicate: true } : {}),
  });
}
