import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useAcceptCredit, useRejectCredit, type SuggestedCredit } from '../api/credit-suggestions-api';
import { refusalMessages } from '../utils/credit-suggestions';

/** Using a suggested credit for the booking, or saying it is not the booking's money. */
export type CreditDecision = { kind: 'accept' | 'reject'; credit: SuggestedCredit };

export const ACCEPT_FAILED = 'The credit could not be matched to this booking.';
export const REJECT_FAILED = 'The suggestion could not be dismissed.';

/**
 * The decision being confirmed, why the server refused it, and the decision itself: on success the server's
 * message is shown and the confirmation closes; on a refusal the confirmation stays open with the reasons.
 */
export function useCreditDecision(bookingId: number) {
  const accept = useAcceptCredit(bookingId);
  const reject = useRejectCredit(bookingId);
  const [deciding, setDeciding] = useState<CreditDecision | null>(null);
  // Closed, the modal keeps the last decision's words while it fades out.
  const [opened, setOpened] = useState(false);
  const [refusal, setRefusal] = useState<string[] | null>(null);

  const ask = (decision: CreditDecision) => {
    setRefusal(null);
    setDeciding(decision);
    setOpened(true);
  };
  const cancel = () => {
    setRefusal(null);
    setOpened(false);
  };
  const confirm = async () => {
    if (!deciding || !opened) return;
    const { kind, credit } = deciding;
    setRefusal(null);
    try {
      const answer = await (kind === 'accept' ? accept : reject).mutateAsync(credit.id);
      notifications.show({ color: 'green', message: answer.message });
      setOpened(false);
    } catch (error) {
      setRefusal(refusalMessages(error, kind === 'accept' ? ACCEPT_FAILED : REJECT_FAILED));
    }
  };

  return { deciding, opened, refusal, ask, cancel, confirm, isPending: accept.isPending || reject.isPending };
}
