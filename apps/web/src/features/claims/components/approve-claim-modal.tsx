import { CLAIM_MESSAGES, type ClaimRequest } from '@app/domain';
import { notifications } from '@mantine/notifications';
import { ConfirmModal } from '../../../components/confirm-modal';
import { getErrorMessage } from '../../../lib/api-client';
import { useApproveClaim } from '../api/claims-api';
import { transactionAmount } from './transaction-facts';

/** The confirmation before approving a claim, which creates the agent's pending booking. */
export function ApproveClaimModal({ claim, onClose }: { claim: ClaimRequest | null; onClose: () => void }) {
  const approve = useApproveClaim();
  const close = () => {
    onClose();
    approve.reset();
  };
  const confirm = () => {
    if (!claim) return;
    approve.mutate(claim.id, {
      onSuccess: (saved) => {
        notifications.show({ color: 'green', message: saved.message });
        close();
      },
    });
  };
  return (
    <ConfirmModal
      opened={claim !== null}
      onClose={close}
      title="Approve claim"
      error={approve.isError ? getErrorMessage(approve.error, CLAIM_MESSAGES.failed) : null}
      confirm={{ label: 'Approve', color: 'green', loading: approve.isPending, onClick: confirm }}
    >
      {claim &&
        `Approve ${claim.agent.name}'s claim of ${claim.transaction.reference_number} ` +
          `(${transactionAmount(claim.transaction)}, ${claim.transaction.supplier_name})? ` +
          'A pending booking is created for the agent and matches the transaction.'}
    </ConfirmModal>
  );
}
