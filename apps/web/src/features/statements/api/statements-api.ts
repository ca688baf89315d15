import { statementEndpoints, type EndpointResponse, type StatementDetail, type StatementPreview } from '@app/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toFormData } from '../../../lib/api-client';
import { callEndpoint } from '../../../lib/call-endpoint';

/* ------------------------------------------------------------------ shapes (the contract's) */

export type { StatementDetail, StatementMapping, StatementPreview, StatementSummary } from '@app/domain';
export type StatementLine = StatementDetail['lines'][number];
export type StatementLineState = StatementLine['state'];
export type StatementImportAnswer = EndpointResponse<typeof statementEndpoints.import>;

export const statementsQueryKey = ['statements'] as const;
/** Apart from the records' key: a new statement never reads a file again. */
const statementPreviewQueryKey = ['statement-preview'] as const;

/** The statements list's page size (the server's default for `GET /api/statements`). */
export const STATEMENTS_PER_PAGE = 25;

/* ------------------------------------------------------------------ records */

/** `GET /api/statements`: newest first, one page; `accountId` ('' for every account) narrows it to one account's. */
export function useStatements({ page, accountId }: { page: number; accountId: string }) {
  return useQuery({
    queryKey: [...statementsQueryKey, 'list', page, accountId],
    queryFn: ({ signal }) =>
      callEndpoint(statementEndpoints.list, {
        query: { page, per_page: STATEMENTS_PER_PAGE, account_id: accountId },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/statements/{id}`: the record and its lines as they stand now. */
export function useStatement(id: number) {
  return useQuery({
    queryKey: [...statementsQueryKey, 'detail', id],
    queryFn: async ({ signal }) => (await callEndpoint(statementEndpoints.get, { params: { id }, signal })).data,
  });
}

/* ------------------------------------------------------------------ preview and import */

export interface StatementPreviewRequest {
  accountId: string;
  file: File;
  /** Changes with every file chosen: the file itself cannot be part of a query key. */
  fileKey: number;
  /** The mapping as JSON text, or null to let the server use the account's saved one or guess one. */
  mapping: string | null;
}

/**
 * `POST /api/statements/preview` (multipart; it writes nothing, so it is read as a query): the file's first
 * rows and its lines through the mapping. While another mapping of the same file is read, the last answer
 * stays on screen; another file or account starts empty.
 */
export function useStatementPreview(request: StatementPreviewRequest | null) {
  return useQuery({
    queryKey: [...statementPreviewQueryKey, request?.accountId, request?.fileKey, request?.mapping],
    queryFn: async ({ signal }): Promise<StatementPreview> => {
      const { accountId, file, mapping } = request!;
      const form = toFormData({ account_id: accountId, file, mapping });
      return (await callEndpoint(statementEndpoints.preview, { form, signal })).data;
    },
    enabled: request !== null,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    placeholderData: (previous, previousQuery) => {
      const [, accountId, fileKey] = previousQuery?.queryKey ?? [];
      return accountId === request?.accountId && fileKey === request?.fileKey ? previous : undefined;
    },
  });
}

/** `POST /api/statements/import` (multipart): the job to watch and the statement it records. */
export function useStartStatementImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => callEndpoint(statementEndpoints.import, { form }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statementsQueryKey }),
  });
}
