import { Alert } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import { documentTitle } from '../lib/app-config';

export const NO_ACCESS_MESSAGE = 'You do not have access to this page.';

/** Shown in place of a page the signed-in user's role may not open. */
export function NoAccess() {
  useDocumentTitle(documentTitle('No access'));
  return (
    <Alert color="yellow" variant="light" icon={<IconLock size={18} />} title="No access" data-testid="no-access">
      {NO_ACCESS_MESSAGE}
    </Alert>
  );
}
