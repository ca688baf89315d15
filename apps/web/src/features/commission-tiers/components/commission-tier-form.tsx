import { tierInputSchema, type Tier, type TierInput } from '@app/domain';
import { Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { applyFormErrors, type FormErrorState } from '../../../lib/form-errors';
import { useSaveCommissionTier } from '../api/save-commission-tier';

const FIELDS = ['name', 'description'] as const;

interface CommissionTierFormProps {
  /** The tier to edit; a new tier when absent. */
  tier?: Tier;
  onSaved: () => void;
  onCancel: () => void;
}

export function CommissionTierForm({ tier, onSaved, onCancel }: CommissionTierFormProps) {
  const save = useSaveCommissionTier();
  const [formError, setFormError] = useState<FormErrorState | null>(null);
  const form = useForm<TierInput>({
    initialValues: { name: tier?.name ?? '', description: tier?.description ?? '' },
    validate: schemaResolver(tierInputSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    save.mutate(
      { id: tier?.id, input: tierInputSchema.parse(values) },
      {
        onSuccess: ({ message }) => {
          notifications.show({ color: 'green', message });
          onSaved();
        },
        onError: (error) =>
          setFormError(
            applyFormErrors(form, error, { fields: FIELDS, fallback: 'The commission tier could not be saved.' }),
          ),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormErrorAlert state={formError} />
        <TextInput label="Name" required data-autofocus maxLength={100} {...form.getInputProps('name')} />
        <Textarea label="Description" autosize minRows={2} maxRows={6} {...form.getInputProps('description')} />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} disabled={save.isPending}>
            {tier ? 'Save changes' : 'Create tier'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
