import { IMPORT_MESSAGES, statementImportInputSchema } from '@app/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState, type FormEvent } from 'react';
import { toFormData } from '../../../lib/api-client';
import { toFormErrors } from '../../../lib/form-errors';
import { checkImportFile, uploadRefusal } from '../../../lib/import-file';
import {
  useStartStatementImport,
  useStatementPreview,
  type StatementImportAnswer,
  type StatementPreview,
} from '../api/statements-api';
import {
  BLANK_MAPPING,
  mappingFieldErrors,
  mappingJson,
  type MappingDraft,
  type MappingSource,
} from '../utils/mapping-form';

/** A changed mapping is read again once it has not changed for this long. */
export const PREVIEW_DEBOUNCE_MS = 400;

/** The fields a refused import may name ('mapping' covers `mapping.reference_column` and the like). */
const IMPORT_FIELDS = ['account_id', 'file', 'mapping', 'deposit_amount'];
/** The fields a refused preview may name. */
const PREVIEW_FIELDS = ['account_id', 'file'];

/** The deposit as the import checks it (the contract's own field). */
const depositSchema = statementImportInputSchema.shape.deposit_amount;

/** A refused import's messages on the mapping ('mapping.reference_column'), as the preview gives them. */
const refusedMapping = (errors: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key === 'mapping' || key.startsWith('mapping.'))
      .map(([key, message]) => [key, [message]]),
  );

/** The mapping being edited for one account and file, and where its start came from. */
interface Draft {
  /** `account:fileKey`: another account or file starts again from the server's mapping. */
  source: string;
  origin: MappingSource;
  mapping: MappingDraft;
  /** Changed by the admin: the preview reads the file through it (else the server's own). */
  touched: boolean;
  /** The last answer for this account and file: it stays on screen while another is read, or if one fails. */
  shown: StatementPreview;
}

/**
 * The statement import form: the account and file, the preview the server reads (at first through the
 * account's saved mapping or one it guesses, then through the mapping as the admin changes it, debounced),
 * the deposit, and the import with its refusals (on the fields, the duplicate file override, a banner).
 */
export function useStatementImportForm({ onStarted }: { onStarted: (answer: StatementImportAnswer) => void }) {
  const start = useStartStatementImport();
  const [accountId, setAccountId] = useState<string | null>(null);
  const [chosen, setChosen] = useState<{ file: File; key: number } | null>(null);
  const filesChosen = useRef(0);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [duplicate, setDuplicate] = useState(false);
  const [allowDuplicate, setAllowDuplicate] = useState(false);
  const [deposit, setDepositText] = useState('');
  const [draft, setDraft] = useState<Draft | null>(null);

  const source = accountId && chosen ? `${accountId}:${chosen.key}` : null;
  const current = draft !== null && draft.source === source ? draft : null;
  const json = current ? mappingJson(current.mapping) : null;
  const [settled] = useDebouncedValue(current?.touched ? json : null, PREVIEW_DEBOUNCE_MS);
  const sentMapping = current?.touched ? settled : null;

  const preview = useStatementPreview(
    accountId && chosen ? { accountId, file: chosen.file, fileKey: chosen.key, mapping: sentMapping } : null,
  );
  // The first answer for this account and file brings the mapping to start from; each later one is shown.
  const answer = preview.isPlaceholderData ? undefined : preview.data;
  if (source !== null && answer !== undefined && current?.shown !== answer) {
    setDraft(
      current
        ? { ...current, shown: answer }
        : {
            source,
            origin: answer.mapping_source,
            mapping: answer.mapping ?? BLANK_MAPPING,
            touched: false,
            shown: answer,
          },
    );
  }
  const data = current?.shown;

  const previewRefusal = preview.isError ? toFormErrors(preview.error, { fields: PREVIEW_FIELDS }) : null;
  const fieldErrors = { ...previewRefusal?.fieldErrors, ...localErrors };
  const mappingErrors = {
    ...mappingFieldErrors(data?.mapping_errors ?? {}),
    ...mappingFieldErrors(refusedMapping(localErrors)),
  };
  /** The lines on screen are the file read through the mapping in the form. */
  const upToDate =
    current !== null &&
    answer !== undefined &&
    !preview.isFetching &&
    !preview.isError &&
    (!current.touched || settled === json);

  const clearError = (...keys: string[]) =>
    setLocalErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !keys.includes(k))));
  /** Another account or file is another question: the duplicate override does not carry over. */
  const resetDuplicate = () => {
    setDuplicate(false);
    setAllowDuplicate(false);
  };

  const chooseAccount = (id: string | null) => {
    setAccountId(id);
    resetDuplicate();
    setBanner(null);
    clearError('account_id');
  };

  const chooseFile = (file: File | null) => {
    const problem = file ? checkImportFile(file) : null;
    resetDuplicate();
    setBanner(null);
    clearError('file');
    if (problem) setLocalErrors((e) => ({ ...e, file: problem }));
    setChosen(file && !problem ? { file, key: ++filesChosen.current } : null);
  };

  const setMapping = (patch: Partial<MappingDraft>) => {
    setDraft((d) => (d && d.source === source ? { ...d, mapping: { ...d.mapping, ...patch }, touched: true } : d));
    const keys = Object.keys(patch).map((k) => `mapping.${k}`);
    clearError('mapping', ...keys);
    setBanner(null);
  };

  const setDeposit = (text: string) => {
    setDepositText(text);
    clearError('deposit_amount');
  };

  const chooseAllowDuplicate = (checked: boolean) => {
    setAllowDuplicate(checked);
    if (checked) {
      clearError('file');
      setBanner(null);
    }
  };

  const depositCheck = depositSchema.safeParse(deposit);
  const lineCount = data?.line_count ?? 0;
  const canImport = upToDate && lineCount > 0 && Object.keys(mappingErrors).length === 0 && !start.isPending;

  /** 'Import N lines': the file through the mapping on screen, the deposit, and the override if ticked. */
  const startImport = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canImport || !chosen || !current) return;
    setBanner(null);
    if (!depositCheck.success) {
      setLocalErrors((e) => ({ ...e, deposit_amount: depositCheck.error.issues[0]?.message ?? '' }));
      return;
    }
    const form = toFormData({
      account_id: accountId,
      file: chosen.file,
      mapping: mappingJson(current.mapping),
      deposit_amount: deposit.trim() || null,
      allow_duplicate: duplicate && allowDuplicate ? true : null,
    });
    start.mutate(form, {
      onSuccess: (started) => {
        resetDuplicate();
        onStarted(started);
      },
      onError: (error) => {
        const refused = uploadRefusal(error, { fields: IMPORT_FIELDS, fallback: IMPORT_MESSAGES.startFailed });
        setLocalErrors(refused.fieldErrors);
        if (refused.duplicate) setDuplicate(true);
        // Said by the button too: the fields may be far above it.
        const first = Object.values(refused.fieldErrors)[0];
        setBanner(refused.banner ?? (first ? `Error: ${first}` : null));
      },
    });
  };

  return {
    accountId,
    chooseAccount,
    file: chosen?.file ?? null,
    chooseFile,
    fieldErrors,
    /** A refused preview that no field explains. */
    previewProblem: previewRefusal && (previewRefusal.message ?? previewRefusal.otherErrors[0] ?? null),
    banner,
    clearBanner: () => setBanner(null),
    duplicate,
    allowDuplicate,
    chooseAllowDuplicate,
    /** The file read through the mapping, as last answered (undefined before the first answer). */
    data,
    reading: preview.isFetching,
    retryPreview: () => void preview.refetch(),
    /** The mapping in the form (null until the first answer for this account and file). */
    draft: current,
    setMapping,
    mappingErrors,
    upToDate,
    deposit,
    setDeposit,
    depositAmount: depositCheck.success ? depositCheck.data : null,
    lineCount,
    canImport,
    startImport,
    importing: start.isPending,
  };
}

export type StatementImportFormState = ReturnType<typeof useStatementImportForm>;
