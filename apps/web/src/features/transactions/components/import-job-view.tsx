import { importFailedMessage } from '@app/domain';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { isImportFailed, isImportSucceeded, type useImportJobStatus } from '../api/import-transactions';
import { ERRORS_IN_PANEL, ImportErrorList, ImportProgress, ImportSucceeded } from './import-progress';

interface JobViewProps {
  jobId: string | null;
  status: ReturnType<typeof useImportJobStatus>;
  listingTo: string;
  /** The link to where the imported rows are (default: the transactions listing). */
  listingLabel?: string;
  onImportAnother: () => void;
}

/** A watched import job: not found, its progress, its success, or where it failed. */
export function ImportJobView({
  jobId,
  status,
  listingTo,
  listingLabel = 'Go to Transactions Listing',
  onImportAnother,
}: JobViewProps) {
  const data = status.data;
  const succeeded = isImportSucceeded(data);
  const actions = (
    <Group>
      <Button component={Link} to={listingTo} variant={succeeded ? 'filled' : 'default'} data-testid="go-to-listing">
        {listingLabel}
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
  if (data && succeeded) {
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
