import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { getCsrfToken, getErrorMessage } from '../../../lib/api-client';

/**
 * A modal form's submit: runs `action`, closes when it succeeds, shows its error (the modal stays open) when
 * it fails; closing clears the error.
 */
function useModalSubmit(onClose: () => void, action: () => Promise<unknown>) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setError(null);
    onClose();
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await action();
      close();
    } catch (err) {
      setError(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, close, submit };
}

/** The failure, if any, then the button that closes the modal and the modal's submit button. */
function ErrorAndButtons(props: {
  error: string | null;
  close: { label: string; onClick: () => void };
  children: ReactNode;
}) {
  return (
    <>
      {props.error && (
        <Alert color="red" variant="light" role="alert">
          {props.error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.close.onClick}>
          {props.close.label}
        </Button>
        {props.children}
      </Group>
    </>
  );
}

interface DeleteConfirmModalProps {
  opened: boolean;
  onClose: () => void;
  /** Default 'Confirm Delete' (transactions spec §2.9). */
  title?: string;
  message: string;
  /** The form's action (the booking URL). */
  action: string;
  /** Default DELETE: sent as a hidden _method (not for GET or POST). */
  method?: string;
  confirmText?: string;
  cancelText?: string;
  /** Performs the request; the modal shows the error it throws. */
  onConfirm: () => Promise<unknown>;
}

/**
 * Delete confirmation (transactions spec §2.9): a real form with a hidden _token and _method, closed by
 * Escape or a backdrop click. The submit goes through the app's API client so the list can refresh.
 */
export function DeleteConfirmModal({
  opened,
  onClose,
  title = 'Confirm Delete',
  message,
  action,
  method = 'DELETE',
  confirmText = 'Delete',
  cancelText = 'Cancel',
  onConfirm,
}: DeleteConfirmModalProps) {
  const { error, busy, close, submit } = useModalSubmit(onClose, onConfirm);
  const upper = method.toUpperCase();
  return (
    <Modal opened={opened} onClose={close} title={title} closeOnEscape closeOnClickOutside>
      <form method="post" action={action} onSubmit={(e) => void submit(e)} data-testid="delete-form">
        <input type="hidden" name="_token" value={getCsrfToken() ?? ''} />
        {upper !== 'GET' && upper !== 'POST' && <input type="hidden" name="_method" value={upper} />}
        <Stack>
          <Text>{message}</Text>
          <ErrorAndButtons error={error} close={{ label: cancelText, onClick: close }}>
            <Button type="submit" color="red" loading={busy} data-autofocus>
              {confirmText}
            </Button>
          </ErrorAndButtons>
        </Stack>
      </form>
    </Modal>
  );
}

interface CancelBookingModalProps {
  opened: boolean;
  onClose: () => void;
  title?: string;
  reference: string;
  onConfirm: (note: string) => Promise<unknown>;
}

/** Cancellation modal (transactions spec §2.10): 'Confirm Cancellation', a note, 'Cancel Booking' and 'Close'. */
export function CancelBookingModal({
  opened,
  onClose,
  title = 'Confirm Cancellation',
  reference,
  onConfirm,
}: CancelBookingModalProps) {
  const [note, setNote] = useState('');
  const { error, busy, close, submit } = useModalSubmit(
    () => {
      setNote('');
      onClose();
    },
    () => onConfirm(note),
  );
  return (
    <Modal opened={opened} onClose={close} title={title}>
      <form onSubmit={(e) => void submit(e)}>
        <Stack>
          <Text>Cancel booking {reference}? Its unpaid commission lines are cancelled with it.</Text>
          <Textarea
            label="Cancellation Note"
            name="cancellation_note"
            autosize
            minRows={3}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            data-autofocus
          />
          <ErrorAndButtons error={error} close={{ label: 'Close', onClick: close }}>
            <Button type="submit" color="orange" loading={busy}>
              Cancel Booking
            </Button>
          </ErrorAndButtons>
        </Stack>
      </form>
    </Modal>
  );
}
