import { Alert, List } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { hasFormErrorAlert, type FormErrorState } from '../lib/form-errors';

interface FormErrorAlertProps {
  /** From `applyFormErrors` / `toFormErrors`; nothing renders for null or an empty state. */
  state: FormErrorState | null | undefined;
  onClose?: () => void;
}

/** The alert at the top of a form: the server's message plus errors for fields the form does not show. */
export function FormErrorAlert({ state, onClose }: FormErrorAlertProps) {
  if (!hasFormErrorAlert(state)) return null;
  const { message, otherErrors } = state;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} />}
      withCloseButton={!!onClose}
      onClose={onClose}
      data-testid="form-error"
    >
      {message}
      {otherErrors.length > 0 && (
        <List size="sm" mt={message ? 'xs' : 0}>
          {otherErrors.map((error) => (
            <List.Item key={error}>{error}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
