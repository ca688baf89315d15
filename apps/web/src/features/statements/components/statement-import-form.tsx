import { Alert, Anchor, Button, Grid, Group, Loader, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AccountSelect } from '../../../components/account-select';
import { ImportFileInput } from '../../../components/import-file-input';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../lib/paths';
import { useAccounts, type Account } from '../../accounts';
import type { StatementImportAnswer } from '../api/statements-api';
import { useStatementImportForm, type StatementImportFormState } from '../hooks/use-statement-import-form';
import { columnOptions, columnRoles, headerRow, skipRowsOf } from '../utils/mapping-form';
import { currencyOf } from '../utils/statement-money';
import { ImportPanel } from './import-panel';
import { MappingForm } from './mapping-form';
import { PreviewResult } from './preview-result';
import { RawRowsGrid } from './raw-rows-grid';

interface FormProps {
  onStarted: (answer: StatementImportAnswer) => void;
}

/** The form needs the supplier accounts. */
export function StatementImportFormLoader({ onStarted }: FormProps) {
  const accounts = useAccounts({ accountable_type: 'supplier' });
  if (accounts.isPending) return <Skeleton h={240} />;
  if (accounts.isError) return <QueryError error={accounts.error} fallback="The accounts could not be loaded." />;
  return <StatementImportForm accounts={accounts.data.filter((a) => !a.is_deleted)} onStarted={onStarted} />;
}

/**
 * The account and the file; then, from the server's preview, the mapping of the columns over the file's
 * first rows, the lines read through it with their totals and the skipped ones, the deposit, and the import.
 */
function StatementImportForm({ accounts, onStarted }: FormProps & { accounts: Account[] }) {
  const state = useStatementImportForm({ onStarted });
  const { data, draft } = state;
  return (
    <Stack gap="md">
      <SourceFields state={state} accounts={accounts} />
      {state.previewProblem && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="preview-problem">
          <Group justify="space-between" gap="xs">
            {state.previewProblem}
            <Button size="xs" variant="default" onClick={state.retryPreview}>
              Read the file again
            </Button>
          </Group>
        </Alert>
      )}
      {state.reading && !data && (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">Reading the file...</Text>
        </Group>
      )}
      {data && draft && (
        <>
          <MappingForm
            mapping={draft.mapping}
            origin={draft.origin}
            columns={columnOptions(data.column_count, headerRow(data.rows, skipRowsOf(draft.mapping)), draft.mapping)}
            errors={state.mappingErrors}
            onChange={state.setMapping}
          />
          <RawRowsGrid
            rows={data.rows}
            columnCount={data.column_count}
            skipRows={skipRowsOf(draft.mapping)}
            roles={columnRoles(draft.mapping)}
          />
          <PreviewResult preview={data} reading={!state.upToDate && !state.previewProblem} />
          <ImportPanel state={state} currency={currencyOf(data)} totals={data} />
        </>
      )}
    </Stack>
  );
}

/** Whose statement and which file. */
function SourceFields({ state, accounts }: { state: StatementImportFormState; accounts: Account[] }) {
  return (
    <Paper withBorder radius="md" p="lg" data-testid="statement-import-form">
      <Stack gap="sm">
        {accounts.length === 0 && (
          <Alert color="blue" variant="light" data-testid="no-accounts">
            There are no supplier accounts yet.{' '}
            <Anchor component={Link} to={paths.accounts} underline="always">
              Create one on the Accounts page
            </Anchor>{' '}
            first.
          </Alert>
        )}
        <Grid>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <AccountSelect
              label="Supplier account"
              required
              accounts={accounts}
              placeholder="Search supplier accounts"
              value={state.accountId}
              onChange={state.chooseAccount}
              error={state.fieldErrors.account_id}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <ImportFileInput value={state.file} onChange={state.chooseFile} error={state.fieldErrors.file} />
          </Grid.Col>
        </Grid>
        {!state.file || !state.accountId ? (
          <Text size="sm" c="dimmed">
            Choose the account and the statement file (CSV or Excel, in the supplier&apos;s own layout): its first rows
            show here with the columns to map.
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
