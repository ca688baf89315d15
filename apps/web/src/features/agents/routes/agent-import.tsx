import { AGENT_IMPORT_COLUMNS, AGENT_IMPORT_MESSAGES, formatFileSize, type AgentImportResult } from '@app/domain';
import {
  Alert,
  Anchor,
  Button,
  Center,
  CloseButton,
  Code,
  FileButton,
  Group,
  List,
  Loader,
  Overlay,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { DataTable, type DataTableProps, type ListColumn } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { Stat } from '../../../components/stat';
import { downloadImportTemplate, useImportAgents } from '../api/import-agents';
import { checkImportFile, formatRowData, importFailedMessage, importRequestErrorMessage } from '../utils/agent-import';

type Notice = { color: 'green' | 'red'; text: string } | null;

/** /agents/import (agents spec §2.2): bulk agent import from .xlsx, .xls or .csv (admin). */
export function AgentImportRoute() {
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

  return (
    <>
      <PageHeader title="Bulk Agent Import" description="Import multiple agents from an Excel or CSV file." />
      {importAgents.isPending && (
        <Overlay fixed blur={2} zIndex={400} color="#fff" backgroundOpacity={0.75}>
          <Center h="100%">
            <Stack align="center" gap="xs" role="status" data-testid="import-overlay">
              <Loader />
              <Text fw={600}>Uploading and processing file...</Text>
              <Text size="sm" c="dimmed">
                Please wait while we import your agents.
              </Text>
            </Stack>
          </Center>
        </Overlay>
      )}
      <Stack>
        {notice && (
          <Alert
            color={notice.color}
            variant="light"
            role="alert"
            data-testid="import-notice"
            withCloseButton
            onClose={() => setNotice(null)}
          >
            {notice.text}
          </Alert>
        )}
        {!result && (
          <>
            <Paper withBorder p="md" radius="md" data-testid="import-instructions">
              <Title order={4} mb="xs">
                Import instructions
              </Title>
              <List size="sm" spacing={4}>
                <List.Item>File types: .xlsx, .xls or .csv (UTF-8), at most 10 MB.</List.Item>
                <List.Item>
                  One header row, then one agent per row from row 2. The columns, in this exact order:{' '}
                  <Code>{AGENT_IMPORT_COLUMNS.join(', ')}</Code>.
                </List.Item>
                <List.Item>
                  Prov is a Canadian province or US state abbreviation (e.g. ON, QC, NY). Birth Date and JoinDate are
                  YYYY-MM-DD or Excel dates; JoinDate is optional.
                </List.Item>
                <List.Item>
                  Email is also the agent&apos;s sign-in (FareConnect) email. An agent whose email already exists is
                  skipped, not updated.
                </List.Item>
                <List.Item>AgentTier must be the name of an existing commission tier.</List.Item>
                <List.Item>
                  Each new agent gets the agent role, a generated FareConnect number and the default password: the part
                  of the email before @ followed by 123. Imported agents must change their password at first sign-in.
                </List.Item>
              </List>
              <Anchor
                component="button"
                type="button"
                size="sm"
                mt="sm"
                onClick={() =>
                  void downloadImportTemplate().catch(() =>
                    setNotice({ color: 'red', text: 'The template could not be downloaded.' }),
                  )
                }
              >
                <Group gap={4}>
                  <IconDownload size={16} /> Download the template (.xlsx)
                </Group>
              </Anchor>
            </Paper>
            <Paper withBorder p="md" radius="md">
              <Group>
                <FileButton
                  resetRef={resetRef}
                  onChange={choose}
                  accept=".xlsx,.xls,.csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
                >
                  {(props) => (
                    <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} {...props}>
                      Choose file
                    </Button>
                  )}
                </FileButton>
                {file ? (
                  <Group gap="xs" data-testid="selected-file">
                    <Text size="sm" fw={500}>
                      {file.name}
                    </Text>
                    <Text size="sm" c="dimmed">
                      ({formatFileSize(file.size)})
                    </Text>
                    <CloseButton aria-label="Clear file" size="sm" onClick={clearFile} />
                  </Group>
                ) : (
                  <Text size="sm" c="dimmed">
                    No file selected
                  </Text>
                )}
              </Group>
              <Button
                mt="md"
                leftSection={<IconUpload size={16} />}
                onClick={submit}
                disabled={!file || importAgents.isPending}
              >
                {importAgents.isPending ? 'Importing...' : 'Import Agents'}
              </Button>
            </Paper>
          </>
        )}
        {result && <ImportResults result={result} onImportAnother={importAnother} />}
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
