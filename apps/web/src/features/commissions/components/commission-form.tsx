import {
  COMMISSION_RULE_TYPE_LABELS,
  COMMISSION_RULE_TYPES,
  commissionInputSchema,
  type CommissionRule,
  type RecalculationPreview,
  type CommissionRuleType,
  type Supplier,
} from '@app/domain';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  Input,
  LoadingOverlay,
  NumberInput,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useCommissionOptions } from '../api/get-commission-options';
import { usePreviewCommission } from '../api/preview-commission';
import { UnexpectedSuccessError, useSaveCommission, type CommissionPayload } from '../api/save-commission';
import { recalculationQuestion, savedNotice } from '../utils/recalculation-text';

/** Spec §8 "Commission form", verbatim. */
export const COMMISSION_FORM_MESSAGES = {
  validation: 'Please fix the validation errors below.',
  failed: 'An error occurred while submitting the form.',
  unexpectedPrefix: 'Error submitting form: ',
  unexpectedFallback: 'Please check the console for details.',
  network: 'Error submitting form. Please try again.',
} as const;

export const NO_SUPPLIERS_HINT = 'leave empty to create without any suppliers';

interface CommissionFormValues {
  commission_type: CommissionRuleType | null;
  /** The Select's value: an option id as a string. */
  general_id: string | null;
  percentage: number | string;
  /** Ticked supplier ids, as strings. */
  suppliers: string[];
}

interface CommissionFormProps {
  /** The rule to edit; a new rule when absent. */
  commission?: CommissionRule;
  suppliers: readonly Supplier[];
}

/** The message for a failed submit (spec §8), and the field errors of a 422. */
function describeFailure(error: unknown): { message: string; fieldErrors: Record<string, string> } {
  if (error instanceof UnexpectedSuccessError) {
    return {
      message:
        COMMISSION_FORM_MESSAGES.unexpectedPrefix +
        (error.serverMessage ?? COMMISSION_FORM_MESSAGES.unexpectedFallback),
      fieldErrors: {},
    };
  }
  if (!isApiError(error)) return { message: COMMISSION_FORM_MESSAGES.failed, fieldErrors: {} };
  if (error.kind === 'network') return { message: COMMISSION_FORM_MESSAGES.network, fieldErrors: {} };
  if (error.isValidation) {
    const fieldErrors: Record<string, string> = {};
    for (const [field, messages] of Object.entries(error.errors)) {
      // `suppliers.3` belongs to the checklist.
      const key = field.startsWith('suppliers.') ? 'suppliers' : field;
      if (messages[0] !== undefined && fieldErrors[key] === undefined) fieldErrors[key] = messages[0];
    }
    return {
      message: error.hasServerMessage ? error.message : COMMISSION_FORM_MESSAGES.validation,
      fieldErrors,
    };
  }
  return { message: error.hasServerMessage ? error.message : COMMISSION_FORM_MESSAGES.failed, fieldErrors: {} };
}

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.name.localeCompare(b.name);

/**
 * The commission form (spec §2, §4, §5, §8): Commission Type, Select Option loaded by type, Percentage
 * 0–100 step 0.01, and a supplier checklist sorted by name with Select All Suppliers.
 */
export function CommissionForm({ commission, suppliers }: CommissionFormProps) {
  const isEdit = commission !== undefined;
  const navigate = useNavigate();
  const save = useSaveCommission();
  const preview = usePreviewCommission();
  const [formError, setFormError] = useState<string | null>(null);
  /** A save that recalculates bookings, waiting for the admin's answer. */
  const [pending, setPending] = useState<{ payload: CommissionPayload; preview: RecalculationPreview } | null>(null);
  const form = useForm<CommissionFormValues>({
    initialValues: {
      commission_type: commission?.commission_type ?? null,
      general_id: commission ? String(commission.general_id) : null,
      percentage: commission?.percentage ?? '',
      suppliers: commission ? commission.suppliers.map(String) : [],
    },
    validate: schemaResolver(commissionInputSchema, { sync: true }),
  });

  const type = form.values.commission_type;
  const options = useCommissionOptions(type);
  const optionData = useMemo(() => {
    const list = (options.data ?? []).map((o) => ({ value: String(o.id), label: o.name }));
    // In edit mode the rule's own owner is restored even when it is no longer offered (an inactive agent).
    if (
      commission &&
      options.data &&
      type === commission.commission_type &&
      !list.some((o) => o.value === String(commission.general_id))
    ) {
      list.push({ value: String(commission.general_id), label: commission.owner_name });
    }
    return list;
  }, [options.data, commission, type]);
  const loadingOptions = type !== null && options.isFetching;

  const sortedSuppliers = useMemo(() => [...suppliers].sort(byName), [suppliers]);
  const ticked = form.values.suppliers;
  const allTicked = sortedSuppliers.length > 0 && sortedSuppliers.every((s) => ticked.includes(String(s.id)));
  const someTicked = !allTicked && sortedSuppliers.some((s) => ticked.includes(String(s.id)));

  const changeType = (value: string | null) => {
    // Changing the type reloads the options and clears the chosen option (spec §4).
    form.setFieldValue('commission_type', (value as CommissionRuleType | null) ?? null);
    form.setFieldValue('general_id', null);
  };

  const toggleAll = (checked: boolean) =>
    form.setFieldValue('suppliers', checked ? sortedSuppliers.map((s) => String(s.id)) : []);

  const showFailure = (error: unknown) => {
    if (error instanceof UnexpectedSuccessError) console.error('Unexpected response to the commission form', error);
    const { message, fieldErrors } = describeFailure(error);
    form.setErrors(fieldErrors);
    setFormError(message);
  };

  const runSave = (payload: CommissionPayload) =>
    save.mutate(
      { id: commission?.id, payload },
      {
        onSuccess: ({ message, recalculation }) => {
          setPending(null);
          notifications.show({ color: 'green', message: savedNotice(message, recalculation) });
          void navigate(paths.commissions.list);
        },
        onError: (error) => {
          setPending(null);
          showFailure(error);
        },
      },
    );

  // A save recalculates the unpaid bookings the rule covers, confirmed ones included: the server works out
  // which first (nothing written), and the admin confirms when there are any.
  const submit = form.onSubmit((values) => {
    setFormError(null);
    const payload: CommissionPayload = {
      commission_type: values.commission_type ?? '',
      general_id: Number(values.general_id),
      percentage: String(values.percentage),
      suppliers: values.suppliers.map(Number),
    };
    preview.mutate(
      { id: commission?.id, payload },
      {
        onSuccess: (answer) => (answer.changed === 0 ? runSave(payload) : setPending({ payload, preview: answer })),
        onError: showFailure,
      },
    );
  });

  const busy = save.isPending || preview.isPending;
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
        <Box pos="relative">
          <LoadingOverlay
            visible={loadingOptions}
            zIndex={10}
            overlayProps={{ blur: 1 }}
            loaderProps={{ children: <Text size="sm">Loading options...</Text> }}
          />
          <Select
            label="Select Option"
            placeholder={type === null ? 'Choose a commission type first' : 'Select Option'}
            required
            searchable
            nothingFoundMessage="No option matches"
            disabled={type === null}
            data={optionData}
            {...form.getInputProps('general_id')}
          />
        </Box>
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
        <Input.Wrapper
          label="Suppliers"
          description={`Suppliers are optional (${NO_SUPPLIERS_HINT}).`}
          error={form.errors.suppliers}
        >
          <Paper withBorder p="sm" mt={6} radius="sm">
            {sortedSuppliers.length === 0 ? (
              <Text size="sm" c="dimmed">
                No suppliers available.
              </Text>
            ) : (
              <Stack gap="xs">
                <Checkbox
                  label="Select All Suppliers"
                  fw={500}
                  checked={allTicked}
                  indeterminate={someTicked}
                  onChange={(event) => toggleAll(event.currentTarget.checked)}
                />
                <ScrollArea.Autosize mah="20rem" type="auto">
                  <Checkbox.Group {...form.getInputProps('suppliers')} error={undefined}>
                    <Stack gap={6} pl="md">
                      {sortedSuppliers.map((s) => (
                        <Checkbox key={s.id} value={String(s.id)} label={s.name} />
                      ))}
                    </Stack>
                  </Checkbox.Group>
                </ScrollArea.Autosize>
              </Stack>
            )}
          </Paper>
        </Input.Wrapper>
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
        onClose={() => setPending(null)}
        title="Recalculate bookings?"
        confirm={{ label: 'Save', loading: save.isPending, onClick: () => pending && runSave(pending.payload) }}
      >
        {pending && recalculationQuestion(pending.preview, 'This change')}
      </ConfirmModal>
    </form>
  );
}
