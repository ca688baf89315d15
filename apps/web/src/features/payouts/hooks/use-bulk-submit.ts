import { PAYOUT_MESSAGES } from '@app/domain';
import { useEffect, useRef, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import { todayUtc } from '../../../lib/dates';
import { useProcessBulk, type BulkResponse } from '../api/payouts-api';
import type { BulkMode } from '../utils/bulk-filters';
import type { Selection } from '../utils/bulk-state';
import { payoutDateFieldProblem, processBody, reconcileBody, submitProblem } from '../utils/bulk-submit';
import { grossDrops, type GrossDrop } from '../utils/bulk-summary';

const PROCESS_FAILED = 'An error occurred while processing the request.';
/** agents-transactions-payouts §9: the search re-runs 1 s after a successful process. */
const RESEARCH_DELAY_MS = 1000;

/** Whether a submit was tried, and the server's answer when processing failed. */
export function useSubmitAttempt() {
  /** A submit was tried: from then on the selection's problem shows, and goes as soon as it is fixed. */
  const [tried, setTried] = useState(false);
  /** The server's answer when processing failed (until the next try). */
  const [alert, setAlert] = useState<string | null>(null);
  const clear = () => {
    setTried(false);
    setAlert(null);
  };
  return { tried, setTried, alert, setAlert, clear };
}

type SubmitAttempt = ReturnType<typeof useSubmitAttempt>;

/** Description, payout date, the check, the confirmation of gross drops, the process and its results. */
export function useBulkSubmit(mode: BulkMode, selection: Selection, attempt: SubmitAttempt, rerun: () => void) {
  const [description, setDescription] = useState<string>(
    mode === 'payout' ? PAYOUT_MESSAGES.defaultBulkDescription : PAYOUT_MESSAGES.defaultReconcileDescription,
  );
  const [payoutDate, setPayoutDate] = useState('');
  // The server's calendar is UTC (DOMAIN.md rule 6: a payout is dated on or before today).
  const today = todayUtc();
  const dateProblem = mode === 'payout' ? payoutDateFieldProblem(payoutDate, today) : null;
  const problem = attempt.tried ? submitProblem(selection, mode, { date: payoutDate, today }) : null;
  const [results, setResults] = useState<BulkResponse | null>(null);
  const [toConfirm, setToConfirm] = useState<GrossDrop[] | null>(null);
  const process = useProcessBulk();
  const researchTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(researchTimer.current), []);

  const submit = () => {
    attempt.setTried(true);
    attempt.setAlert(null);
    if (submitProblem(selection, mode, { date: payoutDate, today })) return;
    // A reconcile that lowers a gross gives up money for good: never without the person's say-so.
    const drops = grossDrops(selection, mode);
    if (drops.length > 0) setToConfirm(drops);
    else send();
  };

  const send = () => {
    setToConfirm(null);
    const request =
      mode === 'payout'
        ? ({ mode, body: processBody(selection, description, payoutDate) } as const)
        : ({ mode, body: reconcileBody(selection, description) } as const);
    process.mutate(request, {
      onSuccess: (answer) => {
        attempt.setTried(false);
        setResults(answer);
        window.clearTimeout(researchTimer.current);
        researchTimer.current = window.setTimeout(rerun, RESEARCH_DELAY_MS);
      },
      onError: (error) => attempt.setAlert(getErrorMessage(error, PROCESS_FAILED)),
    });
  };

  return {
    description,
    setDescription,
    payoutDate,
    setPayoutDate,
    today,
    dateProblem,
    message: problem ?? attempt.alert,
    results,
    closeResults: () => setResults(null),
    toConfirm,
    cancelConfirm: () => setToConfirm(null),
    submit,
    send,
    isProcessing: process.isPending,
  };
}
