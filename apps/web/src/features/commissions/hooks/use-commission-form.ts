import {
  commissionInputSchema,
  type CommissionRule,
  type CommissionRuleType,
  type RecalculationPreview,
} from '@app/domain';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { usePreviewCommission } from '../api/preview-commission';
import { UnexpectedSuccessError, useSaveCommission, type CommissionPayload } from '../api/save-commission';
import { savedNotice } from '../utils/recalculation-text';

/** Spec §8 "Commission form", verbatim. */
const COMMISSION_FORM_MESSAGES = {
  validation: 'Please fix the validation errors below.',
  failed: 'An error occurred while submitting the form.',
  unexpectedPrefix: 'Error submitting form: ',
  unexpectedFallback: 'Please check the console for details.',
  network: 'Error submitting form. Please try again.',
} as const;

interface CommissionFormValues {
  commission_type: CommissionRuleType | null;
  /** The Select's value: an option id as a string. */
  general_id: string | null;
  percentage: number | string;
  /** Ticked supplier ids, as strings. */
  suppliers: string[];
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

/** The commission form's values, its preview-then-save submit and the recalculation waiting for an answer. */
export function useCommissionForm(commission: CommissionRule | undefined) {
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

  return {
    form,
    submit,
    formError,
    pending,
    cancelPending: () => setPending(null),
    confirmPending: () => pending && runSave(pending.payload),
    isSaving: save.isPending,
    busy: save.isPending || preview.isPending,
  };
}

export type CommissionFormState = ReturnType<typeof useCommissionForm>['form'];
