import type { UnmatchedTransaction } from '@app/domain';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { toFormData } from '../../../lib/api-client';
import type { FormErrorState } from '../../../lib/form-errors';
import { useAgentsList } from '../../bookings';
import { useAdminClaim, useRequestClaim } from '../api/claims-api';
import {
  adminClaimPayload,
  agentClaimPayload,
  claimErrorState,
  claimFormSchema,
  initialClaimValues,
  type ClaimFormValues,
} from '../utils/claim-form';

interface ClaimFormOptions {
  transaction: UnmatchedTransaction;
  /** An admin creates the booking for the agent they pick; an agent sends a request. */
  isAdmin: boolean;
  onSending: (sending: boolean) => void;
  onClaimed: () => void;
}

/** The claim's values, the agents an admin picks from, the failure above the form, and the claim itself. */
export function useClaimForm({ transaction, isAdmin, onSending, onClaimed }: ClaimFormOptions) {
  const form = useForm<ClaimFormValues>({
    initialValues: initialClaimValues(transaction),
    validate: schemaResolver(claimFormSchema({ admin: isAdmin, transaction }), { sync: true }),
    // The UPPERCASE rule and the receipt's size and type answer as soon as they are broken.
    validateInputOnChange: ['booking_reference', 'booking_receipt'],
  });
  const agents = useAgentsList(isAdmin);
  const requestClaim = useRequestClaim();
  const adminClaim = useAdminClaim();
  const [failure, setFailure] = useState<FormErrorState | null>(null);

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    onSending(true);
    try {
      const saved = isAdmin
        ? await adminClaim.mutateAsync(toFormData(adminClaimPayload(values, transaction)))
        : await requestClaim.mutateAsync(toFormData(agentClaimPayload(values, transaction)));
      notifications.show({ color: 'green', message: saved.message });
      onClaimed();
    } catch (error) {
      const state = claimErrorState(error);
      form.setErrors(state.fieldErrors);
      setFailure(state);
    } finally {
      onSending(false);
    }
  });

  return {
    form,
    agentOptions: (agents.data ?? []).map((a) => ({ value: String(a.id), label: a.name })),
    agentsPending: agents.isPending,
    failure,
    clearFailure: () => setFailure(null),
    submit,
    pending: requestClaim.isPending || adminClaim.isPending,
  };
}

export type ClaimFormState = ReturnType<typeof useClaimForm>;
