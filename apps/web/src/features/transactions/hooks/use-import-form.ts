import { IMPORT_MESSAGES } from '@app/domain';
import { useRef, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { checkImportFile, uploadRefusal } from '../../../lib/import-file';
import type { Account } from '../../accounts';
import { useStartTransactionImport } from '../api/import-transactions';
import {
  checkImportForm,
  importFormData,
  previewImportFile,
  type ImportFormValues,
  type ImportPreview,
} from '../utils/import-preview';

/** The fields a 422 may name; their first message goes on the field. */
const IMPORT_FIELDS = ['account_id', 'status', 'file', 'description', 'cheque_reference_number', 'reference_image'];

export type SetImportField = <K extends keyof ImportFormValues>(key: K, value: ImportFormValues[K]) => void;

interface ImportFormOptions {
  accounts: Account[];
  values: ImportFormValues;
  setValues: Dispatch<SetStateAction<ImportFormValues>>;
  submitUrl: string;
  onStarted: (jobId: string) => void;
}

/** The preview modal: a file read in the browser by the job's parser; a later run or a close drops an earlier one. */
function useImportPreview(format: string | null) {
  const [modalOpen, setModalOpen] = useState(false);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [parsing, setParsing] = useState(false);
  const previewRun = useRef(0);
  const open = async (file: File) => {
    const run = ++previewRun.current;
    setPreview(null);
    setParsing(true);
    setModalOpen(true);
    const result = await previewImportFile(file, format);
    if (run !== previewRun.current) return;
    setPreview(result);
    setParsing(false);
  };
  const close = () => {
    previewRun.current++;
    setParsing(false);
    setModalOpen(false);
  };
  return { modalOpen, preview, parsing, open, close, hide: () => setModalOpen(false) };
}

/** The import form's state: field errors, the banner, the duplicate override, the preview, and the upload. */
export function useImportForm({ accounts, values, setValues, submitUrl, onStarted }: ImportFormOptions) {
  const start = useStartTransactionImport(submitUrl);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  /** The last upload was refused as a file already imported into this account: offer to insist. */
  const [duplicate, setDuplicate] = useState(false);
  const account = accounts.find((a) => String(a.id) === values.account_id);
  const format = account?.booking_number_format ?? null;
  const preview = useImportPreview(format);

  const set: SetImportField = (key, value) => {
    // Another file or account is another question: the duplicate override does not carry over.
    const resetsDuplicate = key === 'file' || key === 'account_id';
    if (resetsDuplicate) setDuplicate(false);
    setValues((v) => ({ ...v, [key]: value, ...(resetsDuplicate ? { allow_duplicate: false } : {}) }));
    setFieldErrors(({ [key]: _cleared, ...rest }) => rest);
  };

  const chooseFile = (file: File | null) => {
    const problem = file ? checkImportFile(file) : null;
    set('file', problem ? null : file);
    if (problem) setFieldErrors((e) => ({ ...e, file: problem }));
  };

  const allowDuplicate = (checked: boolean) => {
    setValues((v) => ({ ...v, allow_duplicate: checked }));
    if (checked) setFieldErrors(({ file: _cleared, ...rest }) => rest);
  };

  /** 'Preview Transactions' (also Enter in any field): check the form, read the file, open the modal. */
  const openPreview = async (event: FormEvent) => {
    event.preventDefault();
    setBanner(null);
    const errors = checkImportForm(values);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0 || !values.file) return;
    await preview.open(values.file);
  };

  const startImport = () => {
    // Only an override the admin can see ticked is sent (Back from a job keeps the values, not the offer).
    start.mutate(importFormData({ ...values, allow_duplicate: duplicate && values.allow_duplicate }), {
      onSuccess: (res) => {
        preview.hide();
        if (res.status !== 'success' || !res.job_id) {
          setBanner(`Error: ${res.message || IMPORT_MESSAGES.startFailed}`);
          return;
        }
        // Spent on this upload, the offer with it: the next one asks the server again (also when Back comes
        // to this form before the job's view ever replaced it).
        setDuplicate(false);
        setValues((v) => ({ ...v, allow_duplicate: false }));
        onStarted(res.job_id);
      },
      onError: (error) => {
        preview.hide();
        const refused = uploadRefusal(error, { fields: IMPORT_FIELDS, fallback: IMPORT_MESSAGES.startFailed });
        setFieldErrors(refused.fieldErrors);
        if (refused.duplicate) setDuplicate(true);
        setBanner(refused.banner);
      },
    });
  };

  return {
    account,
    format,
    fieldErrors,
    banner,
    clearBanner: () => setBanner(null),
    duplicate,
    set,
    chooseFile,
    allowDuplicate,
    openPreview,
    preview,
    startImport,
    uploading: start.isPending,
  };
}
