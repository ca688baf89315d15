import { Fragment, useCallback, useState, type ReactNode } from 'react';
import { Modal, type ModalProps } from '@mantine/core';

/** Titles of a create/edit modal: 'New supplier' / 'Edit supplier'. */
interface EditModalTitles {
  create: string;
  edit: string;
}

export interface EditModalState<T> {
  opened: boolean;
  /** The row being edited; undefined when creating. */
  row: T | undefined;
  title: string;
  openCreate: () => void;
  openEdit: (row: T) => void;
  close: () => void;
}

/** The state of a list's create/edit modal: closed, open for a new row, or open for an existing one. */
export function useEditModal<T>(titles: EditModalTitles): EditModalState<T> {
  const [state, setState] = useState<{ row: T | undefined } | null>(null);
  const close = useCallback(() => setState(null), []);
  return {
    opened: state !== null,
    row: state?.row,
    title: state?.row === undefined ? titles.create : titles.edit,
    openCreate: () => setState({ row: undefined }),
    openEdit: (row: T) => setState({ row }),
    close,
  };
}

interface EditModalProps<T> {
  modal: EditModalState<T>;
  size?: ModalProps['size'];
  /**
   * The form, given the row (undefined when creating) and the props that close the modal when it is saved or
   * cancelled; it starts afresh each time the modal opens.
   */
  children: (row: T | undefined, close: { onSaved: () => void; onCancel: () => void }) => ReactNode;
}

/** The modal of `useEditModal`, titled for create or edit. */
export function EditModal<T extends { id: number }>({ modal, size, children }: EditModalProps<T>) {
  return (
    <Modal opened={modal.opened} onClose={modal.close} title={modal.title} size={size}>
      {modal.opened && (
        <Fragment key={modal.row?.id ?? 'new'}>
          {children(modal.row, { onSaved: modal.close, onCancel: modal.close })}
        </Fragment>
      )}
    </Modal>
  );
}
