import { agentEndpoints as api, type AgentImportResult } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client';
import { callEndpoint } from '../../../lib/call-endpoint';
import { saveEndpointFile } from '../../../lib/save-file';
import { agentsQueryKey } from './agents';

/** A 2xx answer that is not the import's result: the spec's non-success, with the body's message if any. */
export interface ImportNotDone {
  status: 'not_done';
  message: string | null;
}

/** `POST /agents-bulk-import`, multipart `file` (spec §7). */
export async function importAgents(file: File): Promise<AgentImportResult | ImportNotDone> {
  const form = new FormData();
  form.append('file', file);
  try {
    return await callEndpoint(api.bulkImport, { form });
  } catch (error) {
    if (!isApiError(error) || error.kind !== 'invalid_response') throw error;
    const message =
      typeof error.body === 'object' && error.body !== null ? (error.body as { message?: unknown }).message : null;
    return { status: 'not_done', message: typeof message === 'string' ? message : null };
  }
}

export function useImportAgents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importAgents,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentsQueryKey }),
  });
}

/** `GET /agents-bulk-import/template`: the .xlsx with the header row. */
export async function downloadImportTemplate(): Promise<void> {
  await saveEndpointFile(api.importTemplate, { fallbackFilename: 'agent-import-template.xlsx' });
}
