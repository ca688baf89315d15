import type { AgentImportResult } from '@app/domain';
import { Alert, Button, Code, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DataTable, type DataTableProps, type ListColumn } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { Stat } from '../../../components/stat';
import { ImportFilePicker, ImportInstructions, ImportOverlay } from '../components/agent-import-panels';
import { useAgentImport } from '../hooks/use-agent-import';
import { formatRowData } from '../utils/agent-import';

/** /agents/import (agents spec §2.2): bulk agent import from .xlsx, .xls or .csv (admin). */
export function AgentImportRoute() {
  const state = useAgentImport();
  const { notice, result } = state;
  return (
    <>
      <PageHeader title="Bulk Agent Import" description="Import multiple agents from an Excel or CSV file." />
      {state.isImporting && <ImportOverlay />}
      <Stack>
        {notice && (
          <Alert
            color={notice.color}
            variant="light"
            role="alert"
            data-testid="import-notice"
            withCloseButton
            onClose={() => state.setNotice(null)}
          >
            {notice.text}
          </Alert>
        )}
        {!result && (
          <>
            <ImportInstructions
              onTemplateFailed={() => state.setNotice({ color: 'red', text: 'The template could not be downloaded.' })}
            />
            <ImportFilePicker state={state} />
          </>
        )}
        {result && <ImportResults result={result} onImportAnother={state.importAnother} />}
      </Stack>
    </>
  );
}

type Created = AgentImportResult['created'][number];
type Skipped = AgentImportResult['skipped'][number];
type Failed = AgentImportResult['failed'][number];

const rowColumn = { header: 'Row', cell: (r: { row: number }) => r.row };
const emailColumn = { header: 'Email', cell: (r: { email: string | null }) => r.email };
const CREATED_COLUMNS: ListColumn<Created>[] = [
  rowColumn,
  { header: 'Name', cell: (r) => r.name },
  emailColumn,
  { header: 'FareConnect #', cell: (r) => r.fareconnect_number },
  {
    header: 'Default Password',
    cell: (r) => (
      <>
        <Code>{r.default_password}</Code> (must be changed at first sign-in)
      </>
    ),
  },
];
const SKIPPED_COLUMNS: ListColumn<Skipped>[] = [rowColumn, emailColumn, { header: 'Reason', cell: (r) => r.reason }];
const FAILED_COLUMNS: ListColumn<Failed>[] = [
  rowColumn,
  emailColumn,
  { header: 'Data', cell: (r) => <Text size="xs">{formatRowData(r.data)}</Text> },
  { header: 'Error', cell: (r) => r.error, td: { c: 'red' } },
];
/** One of the import's tables, a row per file row, under its title; nothing when it has no rows. */
function ResultTable<T extends { row: number }>({ title, note, ...table }: ResultTableProps<T>) {
  if (table.rows.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={5} mb={note ? undefined : 'xs'}>
        {title}
      </Title>
      {note && (
        <Text size="sm" c="dimmed" mb="xs">
          {note}
        </Text>
      )}
      <DataTable minWidth={640} tableProps={{ striped: true }} rowKey={(r) => r.row} {...table} />
    </Paper>
  );
}
type ResultTableProps<T> = Omit<DataTableProps<T>, 'rowKey'> & { title: string; note?: string };

export function ImportResults({ result, onImportAnother }: { result: AgentImportResult; onImportAnother: () => void }) {
  const { summary } = result;
  return (
    <Stack data-testid="import-results">
      <Paper withBorder p="md" radius="md">
        <Title order={4} mb="sm">
          Summary
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {(
            [
              ['Total Rows', summary.total_rows],
              ['Created', summary.created],
              ['Skipped', summary.skipped],
              ['Failed', summary.failed],
            ] as const
          ).map(([label, value]) => (
            <Stat key={label} label={label} value={value} />
          ))}
        </SimpleGrid>
      </Paper>
      <ResultTable
        title="Successfully Created Agents"
        note="Each created agent must change this default password at first sign-in."
        testId="created-table"
        columns={CREATED_COLUMNS}
        rows={result.created}
        maxHeight={480}
      />
      <ResultTable title="Skipped Agents" testId="skipped-table" columns={SKIPPED_COLUMNS} rows={result.skipped} />
      <ResultTable title="Failed Agents" testId="failed-table" columns={FAILED_COLUMNS} rows={result.failed} />
      <Group>
        <Button onClick={onImportAnother}>Import Another File</Button>
      </Group>
    </Stack>
  );
}
