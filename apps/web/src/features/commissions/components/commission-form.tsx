import {
  COMMISSION_RULE_TYPE_LABELS,
  COMMISSION_RULE_TYPES,
  type CommissionRule,
  type CommissionRuleType,
  type Supplier,
} from '@app/domain';
import { Alert, Button, Group, NumberInput, Select, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { paths } from '../../../lib/paths';
import { useCommissionForm } from '../hooks/use-commission-form';
import { recalculationQuestion } from '../utils/recalculation-text';
import { CommissionOptionSelect, SupplierChecklist } from './commission-form-fields';

interface CommissionFormProps {
  /** The rule to edit; a new rule when absent. */
  commission?: CommissionRule;
  suppliers: readonly Supplier[];
}

/**
 * The commission form (spec §2, §4, §5, §8): Commission Type, Select Option loaded by type, Percentage
 * 0–100 step 0.01, and a supplier checklist sorted by name with Select All Suppliers.
 */
export function CommissionForm({ commission, suppliers }: CommissionFormProps) {
  const isEdit = commission !== undefined;
  const navigate = useNavigate();
  const { form, submit, formError, pending, cancelPending, confirmPending, isSaving, busy } =
    useCommissionForm(commission);

  const changeType = (value: string | null) => {
    // Changing the type reloads the options and clears the chosen option (spec §4).
    form.setFieldValue('commission_type', (value as CommissionRuleType | null) ?? null);
    form.setFieldValue('general_id', null);
  };

  const busyLabel = isEdit ? 'Updating...' : 'Creating...';
  const label = isEdit ? 'Update Commission' : 'Create Commission';

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {formError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="form-error">
            {formError}
          </Alert>
        )}
        <Select
          label="Commission Type"
          placeholder="Select Type"
          required
          allowDeselect={false}
          data={COMMISSION_RULE_TYPES.map((t) => ({ value: t, label: COMMISSION_RULE_TYPE_LABELS[t] }))}
          {...form.getInputProps('commission_type')}
          onChange={changeType}
        />
        <CommissionOptionSelect form={form} commission={commission} />
        <NumberInput
          label="Percentage"
          required
          min={0}
          max={100}
          step={0.01}
          decimalScale={2}
          clampBehavior="none"
          allowNegative={false}
          suffix="%"
          {...form.getInputProps('percentage')}
        />
        <SupplierChecklist form={form} suppliers={suppliers} />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={() => void navigate(paths.commissions.list)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? busyLabel : label}
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={pending !== null}
        onClose={cancelPending}
        title="Recalculate bookings?"
        confirm={{ label: 'Save', loading: isSaving, onClick: confirmPending }}
      >
        {pending && recalculationQuestion(pending.preview, 'This change')}
      </ConfirmModal>
    </form>
  );
}
