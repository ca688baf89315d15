import { AGENT_IMPORT_MAX_BYTES, AGENT_IMPORT_MESSAGES, isAcceptedAgentImportFile } from '@app/domain';
import { isApiError } from '../../../lib/api-client';

/** The browser's checks of a chosen file (agents spec §5): type by MIME or extension, then size. */
export function checkImportFile(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (!isAcceptedAgentImportFile(file.name, file.type)) return AGENT_IMPORT_MESSAGES.invalidType;
  if (file.size > AGENT_IMPORT_MAX_BYTES) return AGENT_IMPORT_MESSAGES.tooLarge;
  return null;
}

/** A non-success answer (spec §8): 'Import failed: ' plus the message or 'Unknown error'. */
export const importFailedMessage = (message: string | undefined | null) =>
  `${AGENT_IMPORT_MESSAGES.failedPrefix}${message || AGENT_IMPORT_MESSAGES.unknownError}`;

/** A failed request (spec §8): the server's message, else the error's own message, else the fallback. */
export function importRequestErrorMessage(error: unknown): string {
  if (isApiError(error)) return error.message || AGENT_IMPORT_MESSAGES.requestFailed;
  if (error instanceof Error && error.message) return error.message;
  return AGENT_IMPORT_MESSAGES.requestFailed;
}

/** The Data column of a failed row: 'Column: value' pairs of the non-blank cells. */
export const formatRowData = (data: Record<string, string>) =>
  Object.entries(data)
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');
