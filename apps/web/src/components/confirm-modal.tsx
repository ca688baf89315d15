import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface ConfirmModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The question. */
  children: ReactNode;
  confirmLabel: string;
  confirmColor?: string;
  /** The confirm button spins, and Cancel waits, while the action runs. */
  loading?: boolean;
  /** Why the action failed, above the question. */
  error?: string | null;
  onConfirm: () => void;
}

/** A question with Cancel and one action (the list screens' delete and bulk-update confirmations). */
export function ConfirmModal(props: ConfirmModalProps) {
  const { opened, onClose, title, children, confirmLabel, confirmColor, loading, error, onConfirm } = props;
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Stack>
        {error && <Alert color="red">{error}</Alert>}
        <Text>{children}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Cancel
          </Button>
          <Button color={confirmColor} loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
