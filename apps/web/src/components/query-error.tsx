import { Alert, Button, Group } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { getErrorMessage, isApiError } from '../lib/api-client';

interface QueryErrorProps {
  error: unknown;
  /** Shown when the server gave no message. */
  fallback?: string;
  onRetry?: () => void;
  /** A way out (e.g. back to the list): always offered, and the only action when the thing does not exist. */
  back?: { label: string; to: string };
}

/** A failed load: the server's message (or the fallback) and a Retry button. */
export function QueryError({ error, fallback = 'The data could not be loaded.', onRetry, back }: QueryErrorProps) {
  // Retrying a 404 or a 403 gives the same answer: offer only the way back then.
  const final = isApiError(error) && (error.status === 404 || error.status === 403);
  const retry = onRetry && !final;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="query-error">
      {getErrorMessage(error, fallback)}
      {(retry || back) && (
        <Group mt="sm" gap="xs">
          {back && (
            <Button
              component={Link}
              to={back.to}
              size="xs"
              variant="white"
              color="red"
              leftSection={<IconArrowLeft size={14} />}
            >
              {back.label}
            </Button>
          )}
          {retry && (
            <Button size="xs" variant="white" color="red" onClick={onRetry}>
              Retry
            </Button>
          )}
        </Group>
      )}
    </Alert>
  );
}
