import { AGENT_IMPORT_MESSAGES, type AgentImportResult } from '@app/domain';
import { useRef, useState } from 'react';
import { useImportAgents } from '../api/import-agents';
import { checkImportFile, importFailedMessage, importRequestErrorMessage } from '../utils/agent-import';

type Notice = { color: 'green' | 'red'; text: string } | null;

/** The chosen file, the notice above the page, the import and its result. */
export function useAgentImport() {
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<AgentImportResult | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const resetRef = useRef<() => void>(null);
  const importAgents = useImportAgents();

  const clearFile = () => {
    setFile(null);
    resetRef.current?.();
  };

  const choose = (chosen: File | null) => {
    setNotice(null);
    if (!chosen) return clearFile();
    const problem = checkImportFile(chosen);
    if (problem) {
      setNotice({ color: 'red', text: problem });
      return clearFile();
    }
    setFile(chosen);
  };

  const submit = () => {
    if (!file) {
      setNotice({ color: 'red', text: AGENT_IMPORT_MESSAGES.noFile });
      return;
    }
    setNotice(null);
    importAgents.mutate(file, {
      onSuccess: (body) => {
        if (body.status === 'success' && 'summary' in body) {
          setNotice({ color: 'green', text: body.message });
          setResult(body);
          clearFile();
        } else {
          setNotice({ color: 'red', text: importFailedMessage(body.message) });
        }
      },
      onError: (error) => setNotice({ color: 'red', text: importRequestErrorMessage(error) }),
    });
  };

  const importAnother = () => {
    setResult(null);
    setNotice(null);
    clearFile();
  };

  return {
    file,
    result,
    notice,
    setNotice,
    resetRef,
    clearFile,
    choose,
    submit,
    importAnother,
    isImporting: importAgents.isPending,
  };
}
