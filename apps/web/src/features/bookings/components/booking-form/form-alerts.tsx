import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { RefObject } from 'react';

interface FormAlertsProps {
  /** Why the browser refused the submit (shown after a submit while its reason holds). */
  blockMessage: string | null;
  /** The server's message for a refused save that names no field. */
  serverMessage: string | null;
  blockAlert: RefObject<HTMLDivElement | null>;
  serverAlert: RefObject<HTMLDivElement | null>;
}

/** The alerts at the top of the booking form, each with a ref so a refused submit can bring it into view. */
export function FormAlerts({ blockMessage, serverMessage, blockAlert, serverAlert }: FormAlertsProps) {
  return (
    <>
      {blockMessage && (
        <Alert
          ref={blockAlert}
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          role="alert"
          data-testid="block-alert"
        >
          {blockMessage}
        </Alert>
      )}
      {serverMessage && (
        <Alert ref={serverAlert} color="red" variant="light" role="alert" data-testid="form-error">
          {serverMessage}
        </Alert>
      )}
    </>
  );
}
