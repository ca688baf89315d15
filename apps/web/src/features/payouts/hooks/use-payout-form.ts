import { moneyToString, parseMoney } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import { settingsQueryOptions } from '../../../api/settings';
import { useProcessPayout, type PayoutInfo, type ProcessPayoutResult } from '../api/payouts-api';
import { percentOf } from '../utils/money';
import { amountProblem, blockProblem, initialAmount, outcomeOf, previewItems } from '../utils/payout-modal';

const PAYOUT_FAILED = 'Failed to process payout';
const PAYOUT_ERROR = 'An error occurred while processing the payout';

/** The payout form's amount and description, what they lead to, and the post of the payout. */
export function usePayoutForm(info: PayoutInfo, onPaid: (result: ProcessPayoutResult) => void, onClose: () => void) {
  const [amount, setAmount] = useState(() => initialAmount(info));
  const [description, setDescription] = useState('');
  const [submitError, setSubmitError] = useState<string | null>(null);
  const gst = useQuery(settingsQueryOptions());
  const gstRate = gst.data ? percentOf(gst.data.gst_rate) : null;
  const process = useProcessPayout(info.booking.id);

  const blocked = blockProblem(info);
  const problem = amountProblem(info, amount);
  const preview = previewItems(info, amount, gstRate);
  // Partial or completed follows from the amount (DOMAIN.md "Payouts"): shown, not chosen.
  const outcome = outcomeOf(info, amount);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseMoney(amount);
    if (blocked || problem || !parsed.ok || !outcome) return;
    setSubmitError(null);
    process.mutate(
      { payout_amount: moneyToString(parsed.value), description, is_partial: outcome.is_partial },
      {
        onSuccess: (result) => {
          onPaid(result);
          onClose();
        },
        onError: (error) => setSubmitError(getErrorMessage(error, PAYOUT_FAILED, PAYOUT_ERROR)),
      },
    );
  };

  /** On leaving the field, a valid amount is written with its two decimals. */
  const normaliseAmount = () => {
    const parsed = parseMoney(amount);
    if (parsed.ok) setAmount(moneyToString(parsed.value));
  };

  return {
    amount,
    setAmount,
    normaliseAmount,
    description,
    setDescription,
    submitError,
    blocked,
    problem,
    preview,
    outcome,
    submit,
    isProcessing: process.isPending,
  };
}
