import { followUpInputSchema } from '@app/domain';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { applyFormErrors, type FormErrorState } from '../../../lib/form-errors';
import { useAddFollowUp } from '../api/overdue-api';

export interface FollowUpFormValues {
  note: string;
  /** 'YYYY-MM-DD', or null for none. */
  next_follow_up_date: string | null;
}

const BLANK: FollowUpFormValues = { note: '', next_follow_up_date: null };
const FIELDS = Object.keys(BLANK);

/**
 * The follow-up note form of one booking, checked by the domain's schema as the server checks it. Once the
 * note is added the server's message shows, the form is blank again for the next one, and the history above
 * it (refreshed with the rest of the report) lists it; a refusal goes on the fields, or above them.
 */
export function useFollowUpForm(bookingId: number) {
  const form = useForm<FollowUpFormValues>({
    initialValues: BLANK,
    validate: schemaResolver(followUpInputSchema, { sync: true }),
  });
  const adding = useAddFollowUp();
  const [failure, setFailure] = useState<FormErrorState | null>(null);

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const added = await adding.mutateAsync({ bookingId, input: followUpInputSchema.parse(values) });
      notifications.show({ color: 'green', message: added.message });
      form.reset();
    } catch (error) {
      setFailure(applyFormErrors(form, error, { fields: FIELDS, fallback: 'The note could not be added.' }));
    }
  });

  return { form, submit, failure, clearFailure: () => setFailure(null), pending: adding.isPending };
}
