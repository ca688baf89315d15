import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface ConfirmModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The question. */
  children: ReactNode;
  confirmLabel: string;
  confirmColor?: string;
  /** The confirm button spins while the action runs. */
  loading?: boolean;
  onConfirm: () => void;
}

/** A question with Cancel and one action (the list screens' delete and bulk-update confirmations). */
export function ConfirmModal({
  opened,
  onClose,
  title,
  children,
  confirmLabel,
  confirmColor,
  loading,
  onConfirm,
}: ConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Stack>
        <Text>{children}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
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
