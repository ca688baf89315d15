import { acceptSuggestionInputSchema, moneyInputText, moneyToString, type UnmatchedTransaction } from '@app/domain';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { applyFormErrors, NO_FORM_ERRORS, type FormErrorState } from '../../../lib/form-errors';
import { useAcceptSuggestion, type MatchSuggestion } from '../api/match-suggestions-api';
import { initialSplitAmounts, splitProblem, splitTotal } from '../utils/suggestions';

/** The amounts each booking of a split takes, as the domain's schema reads them (none for one booking). */
const amountsSchema = acceptSuggestionInputSchema.pick({ amounts: true });

export interface AcceptSuggestionFormValues {
  /** One per booking of a split, as typed; empty for a single booking. */
  amounts: string[];
}

export const ACCEPT_FAILED = 'The suggestion could not be accepted.';

interface AcceptSuggestionOptions {
  transaction: UnmatchedTransaction;
  suggestion: MatchSuggestion;
  onAccepted: () => void;
}

/**
 * Accepting one suggestion. A single booking takes the whole credit; a split's amounts start from the
 * bookings' gross when it adds up to the credit (else blank), are checked by the domain's schema and its split
 * rule (each above 0, adding up to the credit exactly) before anything is sent, and are sent as typed. The
 * server's refusal goes on the amounts, or above them.
 */
export function useAcceptSuggestionForm({ transaction, suggestion, onAccepted }: AcceptSuggestionOptions) {
  const isSplit = suggestion.bookings.length > 1;
  const [start] = useState(() =>
    isSplit ? initialSplitAmounts(transaction.amount, suggestion.bookings) : { amounts: [], problem: null },
  );
  const form = useForm<AcceptSuggestionFormValues>({
    initialValues: { amounts: start.amounts },
    validate: schemaResolver(amountsSchema, { sync: true }),
  });
  const accept = useAcceptSuggestion();
  const [failure, setFailure] = useState<FormErrorState | null>(null);

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    let amounts: string[] | undefined;
    if (isSplit) {
      const parsed = amountsSchema.parse(values).amounts ?? [];
      const problem = splitProblem(transaction.amount, suggestion.bookings, parsed);
      if (problem) {
        setFailure({ ...NO_FORM_ERRORS, message: problem });
        return;
      }
      amounts = parsed.map(moneyToString);
    }
    try {
      const accepted = await accept.mutateAsync({
        transactionId: transaction.id,
        booking_ids: suggestion.bookings.map((b) => b.id),
        ...(amounts ? { amounts } : {}),
      });
      notifications.show({ color: 'green', message: accepted.message });
      onAccepted();
    } catch (error) {
      setFailure(applyFormErrors(form, error, { fields: ['amounts'], fallback: ACCEPT_FAILED }));
    }
  });

  return {
    form,
    isSplit,
    /** Why the amounts start blank (the bookings' gross does not add up to the credit), or null. */
    startProblem: start.problem,
    /** The amounts entered so far, added up exactly, and what is left of the credit. */
    total: splitTotal(transaction.amount, form.values.amounts),
    /** The amount field's text, two decimals once it is left ('600.5' → '600.50'). */
    normaliseAmount: (index: number) => {
      const text = form.values.amounts[index] ?? '';
      if (text.trim() !== '') form.setFieldValue(`amounts.${index}`, moneyInputText(text));
    },
    submit,
    failure,
    clearFailure: () => setFailure(null),
    pending: accept.isPending,
  };
}

export type AcceptSuggestionFormState = ReturnType<typeof useAcceptSuggestionForm>;
