import { acceptAllPreviewInputSchema } from '@app/domain';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import { applyFormErrors, NO_FORM_ERRORS, type FormErrorState } from '../../../lib/form-errors';
import {
  useAcceptAll,
  usePreviewAcceptAll,
  type AcceptAllPreview,
  type AcceptAllResult,
} from '../api/match-suggestions-api';
import type { DashboardRange } from '../components/unmatched-transactions-panel';

/** The minimum score as the domain reads it: a whole number from 50 to 100. */
const minScoreSchema = acceptAllPreviewInputSchema.pick({ min_score: true });

/** What 'Accept all' starts from before the admin's threshold is known (the default threshold). */
export const FIRST_MIN_SCORE = 90;

export interface AcceptAllFilters extends DashboardRange {
  /** The unmatched table's search. */
  search: string;
}

export interface AcceptAllFormValues {
  /** A NumberInput's value: a number, or '' while it is empty. */
  min_score: number | string;
}

/** An applied 'Accept all': the server's message and answer, with the references of the credits it names. */
export interface AcceptAllOutcome extends AcceptAllResult {
  message: string;
  referenceOf: ReadonlyMap<number, string>;
}

interface AcceptAllOptions {
  filters: AcceptAllFilters;
  /** The minimum score to start from: the admin's threshold when a preview has told it, else 90. */
  startScore: number;
  /** A preview told the admin's auto-accept threshold. */
  onThreshold: (threshold: number) => void;
}

/**
 * 'Accept all above N': a preview at a minimum score (checked by the domain's schema) of what would be accepted
 * for the unmatched table's filters and what would be left; then exactly the previewed items are sent, at the
 * previewed score. A preview stands only for the score it was made at: another score asks for a new preview.
 */
export function useAcceptAllForm({ filters, startScore, onThreshold }: AcceptAllOptions) {
  const form = useForm<AcceptAllFormValues>({
    initialValues: { min_score: startScore },
    validate: schemaResolver(minScoreSchema, { sync: true }),
  });
  const previewing = usePreviewAcceptAll();
  const applying = useAcceptAll();
  const [preview, setPreview] = useState<AcceptAllPreview | null>(null);
  const [outcome, setOutcome] = useState<AcceptAllOutcome | null>(null);
  const [failure, setFailure] = useState<FormErrorState | null>(null);

  const runPreview = form.onSubmit(async (values) => {
    setFailure(null);
    setOutcome(null);
    setPreview(null);
    try {
      const answer = await previewing.mutateAsync({
        min_score: minScoreSchema.parse(values).min_score,
        include_suppliers: [...filters.supplierIds],
        start_date: filters.startDate,
        end_date: filters.endDate,
        search: filters.search,
      });
      setPreview(answer);
      onThreshold(answer.threshold);
    } catch (error) {
      setFailure(applyFormErrors(form, error, { fields: ['min_score'], fallback: 'The preview could not be made.' }));
    }
  });

  // The preview holds for the score it was made at, and for nothing else.
  const current = preview && String(preview.min_score) === String(form.values.min_score) ? preview : null;

  const apply = async () => {
    if (!current || current.items.length === 0) return;
    setFailure(null);
    try {
      const answer = await applying.mutateAsync({
        min_score: current.min_score,
        items: current.items.map((i) => ({
          transaction_id: i.transaction_id,
          booking_ids: i.bookings.map((b) => b.id),
        })),
      });
      const referenceOf = new Map(
        [...current.items, ...current.skipped].map((c) => [c.transaction_id, c.reference_number] as const),
      );
      notifications.show({ color: 'green', message: answer.message });
      setOutcome({ ...answer.data, message: answer.message, referenceOf });
      setPreview(null);
    } catch (error) {
      setFailure({ ...NO_FORM_ERRORS, message: getErrorMessage(error, 'The suggestions could not be accepted.') });
    }
  };

  return {
    form,
    runPreview,
    /** The preview of the score in the field, or null (none yet, or made at another score). */
    preview: current,
    /** A preview was made, at another score than the field's now. */
    stale: preview !== null && current === null,
    apply,
    outcome,
    failure,
    clearFailure: () => setFailure(null),
    previewing: previewing.isPending,
    applying: applying.isPending,
  };
}

export type AcceptAllFormState = ReturnType<typeof useAcceptAllForm>;
