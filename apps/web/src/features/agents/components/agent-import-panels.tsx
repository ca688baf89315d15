import { AGENT_IMPORT_COLUMNS, formatFileSize } from '@app/domain';
import {
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
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { downloadImportTemplate } from '../api/import-agents';
import type { useAgentImport } from '../hooks/use-agent-import';

/** Covers the page while the file is uploaded and processed. */
export function ImportOverlay() {
  return (
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
  );
}

/** What the file must hold, and the template to download. */
export function ImportInstructions({ onTemplateFailed }: { onTemplateFailed: () => void }) {
  return (
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
          Prov is a Canadian province or US state abbreviation (e.g. ON, QC, NY). Birth Date and JoinDate are YYYY-MM-DD
          or Excel dates; JoinDate is optional.
        </List.Item>
        <List.Item>
          Email is also the agent&apos;s sign-in (FareConnect) email. An agent whose email already exists is skipped,
          not updated.
        </List.Item>
        <List.Item>AgentTier must be the name of an existing commission tier.</List.Item>
        <List.Item>
          Each new agent gets the agent role, a generated FareConnect number and the default password: the part of the
          email before @ followed by 123. Imported agents must change their password at first sign-in.
        </List.Item>
      </List>
      <Anchor
        component="button"
        type="button"
        size="sm"
        mt="sm"
        onClick={() => void downloadImportTemplate().catch(onTemplateFailed)}
      >
        <Group gap={4}>
          <IconDownload size={16} /> Download the template (.xlsx)
        </Group>
      </Anchor>
    </Paper>
  );
}

/** Choose file, the chosen file with its size, and Import Agents. */
export function ImportFilePicker({ state }: { state: ReturnType<typeof useAgentImport> }) {
  const { file } = state;
  return (
    <Paper withBorder p="md" radius="md">
      <Group>
        <FileButton
          resetRef={state.resetRef}
          onChange={state.choose}
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
            <CloseButton aria-label="Clear file" size="sm" onClick={state.clearFile} />
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
        onClick={state.submit}
        disabled={!file || state.isImporting}
      >
        {state.isImporting ? 'Importing...' : 'Import Agents'}
      </Button>
    </Paper>
  );
}
