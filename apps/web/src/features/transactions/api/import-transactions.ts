import { IMPORT_MESSAGES, TRANSACTION_IMPORT_POLL_MS, transactionEndpoints, type EndpointResponse } from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountsQueryKey } from '../../accounts';
import { isApiError } from '../../../lib/api-client';
import { callEndpoint } from '../../../lib/call-endpoint';
import { atAddress, transactionsQueryKey } from './transactions-api';

/** `GET /api/transactions/import/status/{jobId}`. */
export type ImportJobStatus = EndpointResponse<typeof transactionEndpoints.importStatus>;

/** 'completed' and 'failed' end the polling (the server's word for the spec's 'success' is 'completed'). */
export const isImportSucceeded = (s: ImportJobStatus | undefined) => s?.status === 'completed';
export const isImportFailed = (s: ImportJobStatus | undefined) => s?.status === 'failed';
export const isImportFinished = (s: ImportJobStatus | undefined) => isImportSucceeded(s) || isImportFailed(s);

/**
 * Multipart upload to `POST /api/transactions/import`, or to the screen's `?submit=` address (spec §7); the
 * api-client adds the CSRF token and the AJAX header.
 */
export function useStartTransactionImport(submitUrl: string) {
  return useMutation({
    mutationFn: (form: FormData) => callEndpoint(atAddress(transactionEndpoints.startImport, submitUrl), { form }),
  });
}

const isNotFound = (error: unknown) => isApiError(error) && error.status === 404;

/**
 * The job's progress, polled every 3 s until it completes or fails (spec §4 "Transaction import flow").
 * A failed poll is only logged and the polling goes on; a 404 (no such job) stops it. The call is
 * idempotent, so a reload or a shared `?job=` link watches the same job.
 */
export function useImportJobStatus(jobId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['transaction-import', jobId],
    enabled: jobId !== null,
    retry: false,
    staleTime: 0,
    queryFn: async () => {
      try {
        const status = await callEndpoint(transactionEndpoints.importStatus, { params: { jobId: jobId! } });
        if (isImportSucceeded(status)) {
          void queryClient.invalidateQueries({ queryKey: transactionsQueryKey });
          void queryClient.invalidateQueries({ queryKey: accountsQueryKey });
        }
        return status;
      } catch (error) {
        if (!isNotFound(error)) console.error(IMPORT_MESSAGES.statusFailed, error);
        throw error;
      }
    },
    refetchInterval: (query) =>
      isImportFinished(query.state.data) || isNotFound(query.state.error) ? false : TRANSACTION_IMPORT_POLL_MS,
  });
}
