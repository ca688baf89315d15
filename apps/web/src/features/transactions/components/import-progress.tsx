import { IMPORT_MESSAGES } from '@app/domain';
import {
  Alert,
  Button,
  Code,
  Group,
  List,
  Loader,
  Paper,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { isImportSucceeded, type ImportJobStatus } from '../api/import-transactions';

/** Errors shown before the list is expanded, and at most in the processing panel (spec §9). */
export const ERRORS_SHOWN = 5;
export const ERRORS_IN_PANEL = 10;

const percentDone = (s: ImportJobStatus) =>
  s.total_rows > 0
    ? Math.min(100, Math.round((s.processed_count / s.total_rows) * 100))
    : isImportSucceeded(s)
      ? 100
      : 0;

/**
 * The job's errors: the first 5, all on expand (at most `max`), then '... and N more' where N counts
 * from `error_count`, since the server may send fewer messages than it counted.
 */
export function ImportErrorList({ status, max }: { status: ImportJobStatus; max: number }) {
  const [expanded, setExpanded] = useState(false);
  const total = Math.max(status.error_count, status.errors.length);
  if (total === 0) return null;
  const available = Math.min(status.errors.length, max);
  const shown = status.errors.slice(0, expanded ? available : Math.min(ERRORS_SHOWN, available));
  const more = total - shown.length;
  return (
    <Alert color="orange" variant="light" title={`Errors (${total})`} data-testid="import-errors">
      <List size="sm" spacing={2}>
        {shown.map((e, i) => (
          <List.Item key={i}>{e}</List.Item>
        ))}
      </List>
      {more > 0 && (expanded || available <= ERRORS_SHOWN) && (
        <Text size="sm" mt={4} data-testid="import-errors-more">
          ... and {more} more
        </Text>
      )}
      {available > ERRORS_SHOWN && (
        <Button
          variant="subtle"
          size="xs"
          mt={4}
          px={0}
          onClick={() => setExpanded((v) => !v)}
          aria-expanded={expanded}
        >
          {expanded ? 'Show fewer errors' : `Show all errors (${total})`}
        </Button>
      )}
    </Alert>
  );
}

/** After the upload: progress bar, 'N of M rows processed', the job id and the errors so far. */
export function ImportProgress({ jobId, status }: { jobId: string; status: ImportJobStatus | undefined }) {
  const percent = status ? percentDone(status) : 0;
  return (
    <Paper withBorder radius="md" p="lg" data-testid="import-progress">
      <Stack gap="sm">
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Title order={4}>{status?.status === 'queued' ? 'Waiting to start...' : 'Processing import...'}</Title>
        </Group>
        <Progress value={percent} size="lg" striped animated aria-label="Import progress" />
        <Text size="sm" data-testid="import-processed" role="status">
          {status ? `${status.processed_count} of ${status.total_rows} rows processed` : 'Checking the import...'}
        </Text>
        <Text size="xs" c="dimmed">
          Job id: <Code data-testid="import-job-id">{jobId}</Code>. This page keeps watching the job if you reload it or
          share its address.
        </Text>
        {status && <ImportErrorList status={status} max={ERRORS_IN_PANEL} />}
      </Stack>
    </Paper>
  );
}

/** 'Import Successful!' with the imported count, plus the error count if any. */
export function ImportSucceeded({ jobId, status }: { jobId: string; status: ImportJobStatus }) {
  const errors = Math.max(status.error_count, status.errors.length);
  return (
    <Paper withBorder radius="md" p="lg" data-testid="import-success">
      <Stack gap="sm">
        <Group gap="xs">
          <ThemeIcon color="green" variant="light" radius="xl" size="lg">
            <IconCircleCheck size={22} />
          </ThemeIcon>
          <Title order={3}>{IMPORT_MESSAGES.successTitle}</Title>
        </Group>
        <Progress value={100} color="green" size="lg" aria-label="Import progress" />
        <Text data-testid="import-imported">
          {status.imported_count} transaction(s) imported
          {errors > 0 ? `, ${errors} error(s)` : ''}.
        </Text>
        <Text size="xs" c="dimmed">
          Job id: <Code data-testid="import-job-id">{jobId}</Code>
        </Text>
        <ImportErrorList status={status} max={status.errors.length} />
      </Stack>
    </Paper>
  );
}
