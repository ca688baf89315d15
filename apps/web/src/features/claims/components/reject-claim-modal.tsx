import { CLAIM_MESSAGES, REJECTION_REASON_MAX, rejectClaimSchema, type ClaimRequest } from '@app/domain';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { applyFormErrors, type FormErrorState } from '../../../lib/form-errors';
import { useRejectClaim } from '../api/claims-api';
import { transactionAmount } from './transaction-facts';

interface RejectClaimModalProps {
  claim: ClaimRequest | null;
  onClose: () => void;
}

/** Reject a claim with a reason (required; the agent sees it on My claims). Enter in the reason is a new line. */
export function RejectClaimModal({ claim, onClose }: RejectClaimModalProps) {
  const reject = useRejectClaim();
  return (
    <Modal opened={claim !== null} onClose={reject.isPending ? () => {} : onClose} title="Reject claim">
      {claim && <RejectForm key={claim.id} claim={claim} reject={reject} onClose={onClose} />}
    </Modal>
  );
}

function RejectForm({
  claim,
  reject,
  onClose,
}: {
  claim: ClaimRequest;
  reject: ReturnType<typeof useRejectClaim>;
  onClose: () => void;
}) {
  const form = useForm({ initialValues: { reason: '' }, validate: schemaResolver(rejectClaimSchema, { sync: true }) });
  const [failure, setFailure] = useState<FormErrorState | null>(null);
  const submit = form.onSubmit((values) => {
    setFailure(null);
    reject.mutate(
      { id: claim.id, reason: values.reason.trim() },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: saved.message });
          onClose();
        },
        onError: (error) =>
          setFailure(applyFormErrors(form, error, { fields: ['reason'], fallback: CLAIM_MESSAGES.failed })),
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate data-testid="reject-form">
      <Stack gap="sm">
        <FormErrorAlert state={failure} />
        <Text size="sm">
          {`${claim.agent.name}'s claim of ${claim.transaction.reference_number} (${transactionAmount(claim.transaction)}, ${claim.transaction.supplier_name}).`}{' '}
          The transaction becomes unmatched again.
        </Text>
        <Textarea
          label="Reason"
          description="The agent sees it on their claims."
          required
          autosize
          minRows={3}
          maxRows={8}
          maxLength={REJECTION_REASON_MAX}
          data-autofocus
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={reject.isPending}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={reject.isPending}>
            Reject claim
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
