import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface ConfirmModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The question. */
  children: ReactNode;
  /** The action's button; it spins, and Cancel waits, while the action runs (`loading`). */
  confirm: { label: string; color?: string; loading?: boolean; onClick: () => void };
  /** Why the action failed, above the question. */
  error?: string | null;
}

/** A question with Cancel and one action (the list screens' delete and bulk-update confirmations). */
export function ConfirmModal(props: ConfirmModalProps) {
  const { opened, onClose, title, children, confirm, error } = props;
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Stack>
        {error && <Alert color="red">{error}</Alert>}
        <Text>{children}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={confirm.loading}>
            Cancel
          </Button>
          <Button color={confirm.color} loading={confirm.loading} onClick={confirm.onClick}>
            {confirm.label}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
