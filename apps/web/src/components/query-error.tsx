import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { getErrorMessage } from '../lib/api-client';

interface QueryErrorProps {
  error: unknown;
  /** Shown when the server gave no message. */
  fallback?: string;
  onRetry?: () => void;
}

/** A failed load: the server's message (or the fallback) and a Retry button. */
export function QueryError({ error, fallback = 'The data could not be loaded.', onRetry }: QueryErrorProps) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="query-error">
      {getErrorMessage(error, fallback)}
      {onRetry && (
        <Button display="block" mt="sm" size="xs" variant="white" color="red" onClick={onRetry}>
          Retry
        </Button>
      )}
    </Alert>
  );
}
