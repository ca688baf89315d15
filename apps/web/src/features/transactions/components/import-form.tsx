import { defaultImportDescription } from '@app/domain';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Grid,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { Dispatch, SetStateAction } from 'react';
import { Link } from 'react-router';
import { AccountSelect } from '../../../components/account-select';
import { ImportAgainCheckbox, ImportFileInput } from '../../../components/import-file-input';
import { QueryError } from '../../../components/query-error';
import { todayUtc } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { useAccounts, type Account } from '../../accounts';
import { useImportForm, type SetImportField } from '../hooks/use-import-form';
import type { ImportFormValues } from '../utils/import-preview';
import { SETTABLE_STATUS_OPTIONS } from '../utils/status-options';
import { ImportInstructions } from './import-instructions';
import { ImportPreviewModal } from './import-preview-modal';
import { ReferenceImageInput } from './reference-image-input';
import { SelectedImagePreview } from './selected-image-preview';

interface FormProps {
  accounts: Account[];
  values: ImportFormValues;
  setValues: Dispatch<SetStateAction<ImportFormValues>>;
  submitUrl: string;
  cancelTo: string;
  onStarted: (jobId: string) => void;
}

/** The form needs the supplier accounts; a watched job does not. */
export function ImportFormLoader(props: Omit<FormProps, 'accounts'>) {
  const accounts = useAccounts({ accountable_type: 'supplier' });
  if (accounts.isPending) return <Skeleton h={420} />;
  if (accounts.isError) return <QueryError error={accounts.error} fallback="The accounts could not be loaded." />;
  const selected = props.values.account_id;
  return <ImportForm accounts={accounts.data.filter((a) => !a.is_deleted || String(a.id) === selected)} {...props} />;
}

function ImportForm({ accounts, values, setValues, submitUrl, cancelTo, onStarted }: FormProps) {
  const form = useImportForm({ accounts, values, setValues, submitUrl, onStarted });
  const { account, fieldErrors, preview } = form;
  const currency = account ? { code: account.currency?.code, symbol: account.currency?.symbol } : undefined;
  return (
    <>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="md" p="lg">
            <form onSubmit={(e) => void form.openPreview(e)} noValidate data-testid="import-form">
              <Stack>
                {form.banner && (
                  <Alert
                    color="red"
                    variant="light"
                    icon={<IconAlertCircle size={18} />}
                    withCloseButton
                    onClose={form.clearBanner}
                    data-testid="import-banner"
                  >
                    {form.banner}
                  </Alert>
                )}
                {accounts.length === 0 && <NoAccounts />}
                <FileFields
                  accounts={accounts}
                  values={values}
                  fieldErrors={fieldErrors}
                  set={form.set}
                  onChooseFile={form.chooseFile}
                  duplicate={form.duplicate}
                  onAllowDuplicate={form.allowDuplicate}
                />
                <DetailFields values={values} fieldErrors={fieldErrors} set={form.set} />
                <Group justify="flex-end">
                  <Button component={Link} to={cancelTo} variant="default">
                    Cancel
                  </Button>
                  <Button type="submit" loading={preview.parsing} disabled={accounts.length === 0}>
                    Preview Transactions
                  </Button>
                </Group>
              </Stack>
            </form>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ImportInstructions bookingNumberFormat={form.format} />
        </Grid.Col>
      </Grid>
      <ImportPreviewModal
        opened={preview.modalOpen}
        preview={preview.preview}
        currency={currency}
        uploading={form.uploading}
        onClose={preview.close}
        onImport={form.startImport}
      />
    </>
  );
}

function NoAccounts() {
  return (
    <Alert color="blue" variant="light" data-testid="no-accounts">
      There are no supplier accounts yet.{' '}
      <Anchor component={Link} to={paths.accounts}>
        Create one on the Accounts page
      </Anchor>{' '}
      first.
    </Alert>
  );
}

interface FieldsProps {
  values: ImportFormValues;
  fieldErrors: Record<string, string>;
  set: SetImportField;
}

/** Where the rows go and from which file: the account, their status, the file, and the duplicate override. */
function FileFields({
  accounts,
  values,
  fieldErrors,
  set,
  onChooseFile,
  duplicate,
  onAllowDuplicate,
}: FieldsProps & {
  accounts: Account[];
  onChooseFile: (file: File | null) => void;
  duplicate: boolean;
  onAllowDuplicate: (checked: boolean) => void;
}) {
  return (
    <>
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
      <ImportFileInput value={values.file} onChange={onChooseFile} error={fieldErrors.file} />
      {duplicate && <ImportAgainCheckbox checked={values.allow_duplicate} onChange={onAllowDuplicate} />}
    </>
  );
}

/** What every imported row carries: the description, the cheque reference and its image. */
function DetailFields({ values, fieldErrors, set }: FieldsProps) {
  return (
    <>
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
    </>
  );
}
