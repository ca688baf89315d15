import { Button, Group, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { applyFormErrors, type FormErrorState } from '../lib/form-errors';
import { FormErrorAlert } from './form-error-alert';

/** The save mutation of a list's create/edit form (`useSaveSupplier()` and the like). */
interface SaveMutation<I> {
  mutate: (
    variables: { id?: number; input: I },
    callbacks: { onSuccess: (saved: { message: string }) => void; onError: (error: unknown) => void },
  ) => void;
  isPending: boolean;
}

/** What a list's create/edit form is told by its modal: close after saving, or on Cancel. */
export interface EditFormCallbacks {
  onSaved: () => void;
  onCancel: () => void;
}

/** What Mantine's `useForm` takes as values (any record of fields). */
type FormValues = NonNullable<NonNullable<Parameters<typeof useForm>[0]>['initialValues']>;

interface EditFormSetup<V, S> {
  /** The domain's request schema: it checks the fields as they are typed in and gives the request body. */
  schema: S;
  /** The form's values; their keys are the fields the form shows (server errors for others go into the alert). */
  initialValues: V;
  /** The alert's message when the server gives none. */
  fallback: string;
}

/**
 * A list's create/edit form: Mantine's form checked by the domain schema, and its submit: save, show the server's
 * message and close (`onSaved`); a failure goes on the fields and into the alert above them.
 */
export function useEditForm<V extends FormValues, S extends z.ZodType>(
  save: SaveMutation<z.output<S>>,
  /** The record being edited; undefined when creating. */
  id: number | undefined,
  { onSaved, onCancel }: EditFormCallbacks,
  { schema, initialValues, fallback }: EditFormSetup<V, S>,
) {
  const form = useForm<V>({ initialValues, validate: schemaResolver(schema, { sync: true }) });
  const [formError, setFormError] = useState<FormErrorState | null>(null);
  const onSubmit = form.onSubmit((values) => {
    setFormError(null);
    save.mutate(
      { id, input: schema.parse(values) },
      {
        onSuccess: ({ message }) => {
          notifications.show({ color: 'green', message });
          onSaved();
        },
        onError: (error) =>
          setFormError(applyFormErrors(form, error, { fields: Object.keys(initialValues), fallback })),
      },
    );
  });
  const formProps = { onSubmit, formError, pending: save.isPending, onCancel, editing: id !== undefined };
  return { form, formProps };
}

interface EditFormProps {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  formError: FormErrorState | null;
  /** While saving: the submit button spins and Cancel waits. */
  pending: boolean;
  onCancel: () => void;
  /** 'Create supplier'; an edit form says 'Save changes'. */
  createLabel: string;
  editing: boolean;
  children: ReactNode;
}

/** The frame of a list's create/edit form: the error alert, the fields, then Cancel and the submit button. */
export function EditForm({ onSubmit, formError, pending, onCancel, createLabel, editing, children }: EditFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <FormErrorAlert state={formError} />
        {children}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {editing ? 'Save changes' : createLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
