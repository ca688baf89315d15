import {
  defaultImportDescription,
  importFailedMessage,
  importJobParamsSchema,
  IMPORT_MESSAGES,
  TRANSACTION_IMPORT_ACCEPT,
} from '@app/domain';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  FileInput,
  Grid,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconFileSpreadsheet } from '@tabler/icons-react';
import { useRef, useState, type Dispatch, type FormEvent, type ReactNode, type SetStateAction } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api-client';
import { toFormErrors } from '../../../lib/form-errors';
import { paths, safeRedirect } from '../../../lib/paths';
import { useAccounts, type Account } from '../../accounts';
import {
  isImportFailed,
  isImportSucceeded,
  TRANSACTION_IMPORT_URL,
  useImportJobStatus,
  useStartTransactionImport,
} from '../api/import-transactions';
import { AccountSelect } from '../components/account-select';
import { SETTABLE_STATUS_OPTIONS } from '../utils/status-options';
import { ImportInstructions } from '../components/import-instructions';
import { ImportPreviewModal } from '../components/import-preview-modal';
import { ERRORS_IN_PANEL, ImportErrorList, ImportProgress, ImportSucceeded } from '../components/import-progress';
import { ReferenceImageInput } from '../components/reference-image-input';
import { SelectedImagePreview } from '../components/selected-image-preview';
import {
  checkImportFile,
  checkImportForm,
  importFormData,
  INITIAL_IMPORT_VALUES,
  previewImportFile,
  type ImportFormValues,
  type ImportPreview,
} from '../utils/import-preview';
import { todayUtc } from '../../../lib/dates';

/** The fields a 422 may name; their first message goes on the field. */
const IMPORT_FIELDS = ['account_id', 'status', 'file', 'description', 'cheque_reference_number', 'reference_image'];

const JOB_PARAM = 'job';

/** The server names the default description with its (UTC) date, as the bulk form does. */

/**
 * /transactions/import (spec §2.6, §4 "Transaction import flow"): the form, a preview parsed in the
 * browser by the job's own parser, the upload, then the job's progress. The job id lives in the
 * address (`?job=`), so a reload or a shared link keeps watching the same job.
 */
export function TransactionImportRoute() {
  const [params, setParams] = useSearchParams();
  const cancelTo = safeRedirect(params.get('cancel'), paths.transactions.list);
  const submitUrl = safeRedirect(params.get('submit'), TRANSACTION_IMPORT_URL);
  const rawJob = params.get(JOB_PARAM);
  const jobId = rawJob !== null && importJobParamsSchema.safeParse({ jobId: rawJob }).success ? rawJob : null;
  const status = useImportJobStatus(jobId);
  // Kept here so 'Import another file' comes back to the same account and settings.
  const [values, setValues] = useState<ImportFormValues>(INITIAL_IMPORT_VALUES);

  const succeeded = isImportSucceeded(status.data);
  const watchJob = (id: string | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (id) next.set(JOB_PARAM, id);
      else next.delete(JOB_PARAM);
      return next;
    });
  const importAnother = () => {
    setValues((v) => ({ ...v, file: null, allow_duplicate: false }));
    watchJob(null);
  };

  let body: ReactNode;
  if (rawJob !== null) {
    body = (
      <ImportJobView
        jobId={jobId}
        status={status}
        onImportAnother={importAnother}
        listingTo={cancelTo}
        succeeded={succeeded}
      />
    );
  } else {
    body = (
      <ImportFormLoader
        values={values}
        setValues={setValues}
        submitUrl={submitUrl}
        cancelTo={cancelTo}
        onStarted={watchJob}
      />
    );
  }

  return (
    <>
      <PageHeader
        title="Import transactions"
        description="Credits and debits of one supplier account from a CSV or Excel file."
        actions={
          <Anchor component={Link} to={cancelTo} data-testid="import-return">
            {succeeded ? 'Go to Transactions Listing' : rawJob !== null ? 'Back to Transactions' : 'Cancel'}
          </Anchor>
        }
      />
      {body}
    </>
  );
}

interface FormProps {
  accounts: Account[];
  values: ImportFormValues;
  setValues: Dispatch<SetStateAction<ImportFormValues>>;
  submitUrl: string;
  cancelTo: string;
  onStarted: (jobId: string) => void;
}

/** The form needs the supplier accounts; a watched job does not. */
function ImportFormLoader(props: Omit<FormProps, 'accounts'>) {
  const accounts = useAccounts({ accountable_type: 'supplier' });
  if (accounts.isPending) return <Skeleton h={420} />;
  if (accounts.isError) return <QueryError error={accounts.error} fallback="The accounts could not be loaded." />;
  const selected = props.values.account_id;
  return <ImportForm accounts={accounts.data.filter((a) => !a.is_deleted || String(a.id) === selected)} {...props} />;
}

function ImportForm({ accounts, values, setValues, submitUrl, cancelTo, onStarted }: FormProps) {
  const start = useStartTransactionImport(submitUrl);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [parsing, setParsing] = useState(false);
  /** The last upload was refused as a file already imported into this account: offer to insist. */
  const [duplicate, setDuplicate] = useState(false);
  const previewRun = useRef(0);

  const account = accounts.find((a) => String(a.id) === values.account_id);
  const format = account?.booking_number_format ?? null;
  const currency = account ? { code: account.currency?.code, symbol: account.currency?.symbol } : undefined;

  const set = <K extends keyof ImportFormValues>(key: K, value: ImportFormValues[K]) => {
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

  /** 'Preview Transactions' (also Enter in any field): check the form, read the file, open the modal. */
  const openPreview = async (event: FormEvent) => {
    event.preventDefault();
    setBanner(null);
    const errors = checkImportForm(values);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0 || !values.file) return;
    const run = ++previewRun.current;
    setPreview(null);
    setParsing(true);
    setModalOpen(true);
    const result = await previewImportFile(values.file, format);
    if (run !== previewRun.current) return;
    setPreview(result);
    setParsing(false);
  };

  const closePreview = () => {
    previewRun.current++;
    setParsing(false);
    setModalOpen(false);
  };

  const startImport = () => {
    // Only an override the admin can see ticked is sent (Back from a job keeps the values, not the offer).
    start.mutate(importFormData({ ...values, allow_duplicate: duplicate && values.allow_duplicate }), {
      onSuccess: (res) => {
        setModalOpen(false);
        if (res.status !== 'success' || !res.job_id) {
          setBanner(`Error: ${res.message || IMPORT_MESSAGES.startFailed}`);
          return;
        }
        // Spent on this upload: the next one asks the server again.
        setValues((v) => ({ ...v, allow_duplicate: false }));
        onStarted(res.job_id);
      },
      onError: (error) => {
        setModalOpen(false);
        const state = toFormErrors(error, { fields: IMPORT_FIELDS, fallback: IMPORT_MESSAGES.startFailed });
        setFieldErrors(state.fieldErrors);
        const body = isApiError(error) ? (error.body as { duplicate_of?: unknown } | undefined) : undefined;
        if (body?.duplicate_of) setDuplicate(true);
        // A 422 whose message only repeats a field's shows on the field alone (toFormErrors drops it).
        const message = state.message ?? state.otherErrors[0] ?? null;
        setBanner(message ? `Error: ${message}` : null);
      },
    });
  };

  return (
    <>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="md" p="lg">
            <form onSubmit={(e) => void openPreview(e)} noValidate data-testid="import-form">
              <Stack>
                {banner && (
                  <Alert
                    color="red"
                    variant="light"
                    icon={<IconAlertCircle size={18} />}
                    withCloseButton
                    onClose={() => setBanner(null)}
                    data-testid="import-banner"
                  >
                    {banner}
                  </Alert>
                )}
                {accounts.length === 0 && (
                  <Alert color="blue" variant="light" data-testid="no-accounts">
                    There are no supplier accounts yet.{' '}
                    <Anchor component={Link} to={paths.accounts}>
                      Create one on the Accounts page
                    </Anchor>{' '}
                    first.
                  </Alert>
                )}
                <Grid>
                  <Grid.Col span={{ base: 12, sm: 8 }}>
                    <AccountSelect
                      label="Supplier account"
                      required
                      accounts={accounts}
                      placeholder="Search supplier accounts"
                      value={values.account_id}
                      onChange={(v) => set('account_id', v)}
                      error={fieldErrors.account_id}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 4 }}>
                    <Select
                      label="Status"
                      required
                      data={SETTABLE_STATUS_OPTIONS}
                      value={values.status}
                      onChange={(v) => set('status', v)}
                      error={fieldErrors.status}
                    />
                  </Grid.Col>
                </Grid>
                <FileInput
                  label="File"
                  required
                  placeholder="Choose a CSV, TXT, XLSX or XLS file"
                  description="CSV, TXT, XLSX or XLS, at most 10MB"
                  accept={TRANSACTION_IMPORT_ACCEPT}
                  clearable
                  leftSection={<IconFileSpreadsheet size={16} />}
                  value={values.file}
                  onChange={chooseFile}
                  error={fieldErrors.file}
                  data-testid="import-file"
                />
                {duplicate && (
                  <Checkbox
                    label="Import this file again"
                    description="Only if the supplier really paid these amounts twice: every row is recorded again."
                    color="orange"
                    checked={values.allow_duplicate}
                    onChange={(e) => {
                      const checked = e.currentTarget.checked;
                      setValues((v) => ({ ...v, allow_duplicate: checked }));
                      if (checked) setFieldErrors(({ file: _cleared, ...rest }) => rest);
                    }}
                    data-testid="import-allow-duplicate"
                  />
                )}
                <Textarea
                  label="Common description"
                  description="Optional. Left empty, each row gets 'CSV/Excel Import - [Date]'."
                  placeholder={defaultImportDescription(todayUtc())}
                  autosize
                  minRows={2}
                  maxLength={5000}
                  value={values.description}
                  onChange={(e) => set('description', e.currentTarget.value)}
                  error={fieldErrors.description}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label="Cheque reference number"
                    maxLength={64}
                    value={values.cheque_reference_number}
                    onChange={(e) => set('cheque_reference_number', e.currentTarget.value)}
                    error={fieldErrors.cheque_reference_number}
                  />
                  <Stack gap="xs">
                    <ReferenceImageInput
                      value={values.reference_image}
                      onChange={(f) => set('reference_image', f)}
                      error={fieldErrors.reference_image}
                    />
                    <SelectedImagePreview file={values.reference_image} />
                  </Stack>
                </SimpleGrid>
                {/* Spec §2.6: the checkbox exists but its container is hidden. */}
                <div hidden data-testid="is-partial-container">
                  <Checkbox
                    label="Mark as partial payments"
                    checked={values.is_partial}
                    onChange={(e) => set('is_partial', e.currentTarget.checked)}
                  />
                </div>
                <Group justify="flex-end">
                  <Button component={Link} to={cancelTo} variant="default">
                    Cancel
                  </Button>
                  <Button type="submit" loading={parsing} disabled={accounts.length === 0}>
                    Preview Transactions
                  </Button>
                </Group>
              </Stack>
            </form>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ImportInstructions bookingNumberFormat={format} />
        </Grid.Col>
      </Grid>
      <ImportPreviewModal
        opened={modalOpen}
        preview={preview}
        currency={currency}
        uploading={start.isPending}
        onClose={closePreview}
        onImport={startImport}
      />
    </>
  );
}

interface JobViewProps {
  jobId: string | null;
  status: ReturnType<typeof useImportJobStatus>;
  succeeded: boolean;
  listingTo: string;
  onImportAnother: () => void;
}

function ImportJobView({ jobId, status, succeeded, listingTo, onImportAnother }: JobViewProps) {
  const actions = (
    <Group>
      <Button component={Link} to={listingTo} variant={succeeded ? 'filled' : 'default'} data-testid="go-to-listing">
        Go to Transactions Listing
      </Button>
      <Button variant="default" onClick={onImportAnother}>
        Import another file
      </Button>
    </Group>
  );
  if (jobId === null || (status.isError && isApiError(status.error) && status.error.status === 404)) {
    const message =
      jobId !== null && isApiError(status.error) && status.error.hasServerMessage
        ? status.error.message
        : 'The import job was not found.';
    return (
      <Stack>
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="import-banner">
          {message}
        </Alert>
        {actions}
      </Stack>
    );
  }
  const data = status.data;
  if (data && isImportSucceeded(data)) {
    return (
      <Stack>
        <ImportSucceeded jobId={jobId} status={data} />
        {actions}
      </Stack>
    );
  }
  if (data && isImportFailed(data)) {
    return (
      <Stack>
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="import-banner">
          {importFailedMessage(data.message || 'Unknown error')}
        </Alert>
        <Paper withBorder radius="md" p="lg">
          <Stack gap="xs">
            <Text size="sm">
              {data.imported_count} of {data.total_rows} row(s) imported before the job stopped.
            </Text>
            <ImportErrorList status={data} max={ERRORS_IN_PANEL} />
          </Stack>
        </Paper>
        {actions}
      </Stack>
    );
  }
  return <ImportProgress jobId={jobId} status={data} />;
}
