import { IMPORT_MESSAGES, TRANSACTION_IMPORT_MAX_BYTES, transactionImportFileKind } from '@app/domain';
import { isApiError } from './api-client';
import { toFormErrors } from './form-errors';

/**
 * The shared parts of the file imports that upload a CSV or Excel file and start an import job (the
 * transaction import, the supplier statement import).
 */

/** The file picker's own check: the extension (csv, txt, xlsx, xls) and the 10 MB limit. */
export function checkImportFile(file: File): string | null {
  if (!transactionImportFileKind(file.name)) return IMPORT_MESSAGES.unsupported;
  if (file.size > TRANSACTION_IMPORT_MAX_BYTES) return IMPORT_MESSAGES.tooLarge;
  return null;
}

export interface UploadRefusal {
  /** The first message of each field the form shows. */
  fieldErrors: Record<string, string>;
  /** The server found this file already imported into the account: offer 'Import this file again'. */
  duplicate: boolean;
  /** 'Error: …' for the banner, or null when the fields say it all. */
  banner: string | null;
}

/** What a refused upload shows: messages on the fields, the banner, and whether to offer the duplicate override. */
export function uploadRefusal(error: unknown, options: { fields: readonly string[]; fallback: string }): UploadRefusal {
  const state = toFormErrors(error, options);
  const body = isApiError(error) ? (error.body as { duplicate_of?: unknown } | undefined) : undefined;
  // A 422 whose message only repeats a field's shows on the field alone (toFormErrors drops it).
  const message = state.message ?? state.otherErrors[0] ?? null;
  return {
    fieldErrors: state.fieldErrors,
    duplicate: Boolean(body?.duplicate_of),
    banner: message ? `Error: ${message}` : null,
  };
}
