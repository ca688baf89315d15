import type { AgentImportResult } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { downloadFile, postForm } from '../../../lib/api-client';
import { agentsQueryKey } from './agents';

/** `POST /agents-bulk-import`, multipart `file` (spec §7). */
export function useImportAgents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return postForm<AgentImportResult | { status?: string; message?: string }>('/agents-bulk-import', form);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentsQueryKey }),
  });
}

/** `GET /agents-bulk-import/template`: the .xlsx with the header row. */
export async function downloadImportTemplate(): Promise<void> {
  const { blob, filename } = await downloadFile('/agents-bulk-import/template', {
    fallbackFilename: 'agent-import-template.xlsx',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}
