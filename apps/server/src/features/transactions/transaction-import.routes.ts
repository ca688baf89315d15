import { todayUtc } from '../../clock';
import { IMPORT_MESSAGES, TRANSACTION_IMPORT_MAX_BYTES, transactionEndpoints as api } from '@app/domain';
import type { RouteModule } from '../../http/app';
import { route } from '../../http/route';
import { referenceImageOf } from '../../shared/stored-files';
import { getImportJobStatus, startTransactionImport } from './transaction-import';

export const transactionImportRoutes: RouteModule = ({ db, jobs }) => [
  route({
    endpoint: api.startImport,
    access: 'admin',
    summary:
      'Start a transaction file import (multipart: account_id, status, description, is_partial, file, cheque_reference_number, reference_image). The file (csv, txt, xlsx, xls; ≤ 10 MB; two columns reference, amount; no header) is parsed at once: a file-level problem is a 422 on `file` and nothing is written. Answers the job id; rows that cannot be imported are listed in `skipped`.',
    tags: ['transactions'],
    bodyType: 'multipart',
    multipartLimits: { fileSize: TRANSACTION_IMPORT_MAX_BYTES + 1, files: 2 },
    fileTooLargeMessage: IMPORT_MESSAGES.tooLarge,
    handler: async ({ body, user }) => startTransactionImport(db, jobs, user, body, referenceImageOf(body), todayUtc()),
  }),
  route({
    endpoint: api.importStatus,
    access: 'admin',
    summary:
      "An import job's progress (poll every 3 s): status queued|processing|completed|failed, processed_count, total_rows, imported_count, errors (first 1000), error_count, message. Only the admin who started it sees it.",
    tags: ['transactions'],
    handler: async ({ params, user }) => getImportJobStatus(db, user, params.jobId),
  }),
];
