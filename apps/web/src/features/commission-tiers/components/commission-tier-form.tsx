import { tierInputSchema, type Tier, type TierInput } from '@app/domain';
import { TextInput, Textarea } from '@mantine/core';
import { EditForm, useEditForm, type EditFormCallbacks } from '../../../components/edit-form';
import { useSaveCommissionTier } from '../api/save-commission-tier';

interface CommissionTierFormProps extends EditFormCallbacks {
  /** The tier to edit; a new tier when absent. */
  tier?: Tier;
}

export function CommissionTierForm({ tier, ...done }: CommissionTierFormProps) {
  const initialValues: TierInput = { name: tier?.name ?? '', description: tier?.description ?? '' };
  const { form, formProps } = useEditForm(useSaveCommissionTier(), tier?.id, done, {
    schema: tierInputSchema,
    initialValues,
    fallback: 'The commission tier could not be saved.',
  });

  return (
    <EditForm {...formProps} createLabel="Create tier">
      <TextInput label="Name" required data-autofocus maxLength={100} {...form.getInputProps('name')} />
      <Textarea label="Description" autosize minRows={2} maxRows={6} {...form.getInputProps('description')} />
    </EditForm>
  );
}
