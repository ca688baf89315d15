import { Alert, Button, Center } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Last line of defence for a render error: a plain message instead of a blank page. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'Something went wrong while showing this page.';
  return (
    <Center p="xl">
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Unexpected error" maw={520}>
        {message}
        <Button display="block" mt="md" size="xs" variant="white" color="red" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </Alert>
    </Center>
  );
}
