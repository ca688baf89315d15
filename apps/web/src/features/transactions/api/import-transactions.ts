import {
  IMPORT_MESSAGES,
  importJobStatusResponse,
  importStartedResponse,
  TRANSACTION_IMPORT_POLL_MS,
} from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { accountsQueryKey } from '../../accounts';
import { getJson, isApiError, postForm } from '../../../lib/api-client';
import { transactionsQueryKey } from './transactions-api';

/** The default upload address (spec §7; the screen may override it with `?submit=`). */
export const TRANSACTION_IMPORT_URL = '/api/transactions/import';
export const importStatusUrl = (jobId: string) => `/api/transactions/import/status/${encodeURIComponent(jobId)}`;

/** `POST /api/transactions/import` → 200. */
export type ImportStarted = z.output<typeof importStartedResponse>;
/** `GET /api/transactions/import/status/{jobId}`. */
export type ImportJobStatus = z.output<typeof importJobStatusResponse>;

/** 'completed' and 'failed' end the polling (the server's word for the spec's 'success' is 'completed'). */
export const isImportSucceeded = (s: ImportJobStatus | undefined) => s?.status === 'completed';
export const isImportFailed = (s: ImportJobStatus | undefined) => s?.status === 'failed';
export const isImportFinished = (s: ImportJobStatus | undefined) => isImportSucceeded(s) || isImportFailed(s);

/** Multipart upload (the api-client adds the CSRF token and the AJAX header). */
export function useStartTransactionImport(url = TRANSACTION_IMPORT_URL) {
  return useMutation({
    mutationFn: (form: FormData) => postForm(url, form, { schema: importStartedResponse }),
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
        const status = await getJson(importStatusUrl(jobId!), { schema: importJobStatusResponse });
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
