import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { applyFormErrors, type FormErrorState } from '../../../lib/form-errors';
import { useUpdateSettings, type Settings } from '../api/settings';
import {
  ACCOUNTING_FIELDS,
  ACCOUNTING_VALIDATION,
  toSettingsUpdate,
  validateAutoAcceptScore,
  validateGstRate,
  valuesOf,
  type SettingsFormValues,
  type ShownSettings,
} from '../utils/settings-form';

/**
 * The settings form: the accounting fields and the auto-accept threshold only when the server sends them
 * (admins); a save shows the server's message and starts again from what was saved.
 */
export function useSettingsForm(settings: Settings) {
  const update = useUpdateSettings();
  const [formError, setFormError] = useState<FormErrorState | null>(null);
  const shown: ShownSettings = {
    accounting: settings.agency_name !== undefined,
    suggestions: settings.auto_accept_score !== undefined,
  };
  const form = useForm<SettingsFormValues>({
    initialValues: valuesOf(settings),
    validate: {
      gst_rate: validateGstRate,
      ...(shown.accounting && ACCOUNTING_VALIDATION),
      ...(shown.suggestions && { auto_accept_score: validateAutoAcceptScore }),
    },
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    update.mutate(toSettingsUpdate(values, shown), {
      onSuccess: ({ message, settings: saved }) => {
        notifications.show({ color: 'green', message });
        const next = valuesOf(saved);
        form.setInitialValues(next);
        form.setValues(next);
        form.resetDirty(next);
      },
      onError: (error) =>
        setFormError(
          applyFormErrors(form, error, {
            fields: [
              'gst_rate',
              ...(shown.accounting ? ACCOUNTING_FIELDS : []),
              ...(shown.suggestions ? ['auto_accept_score'] : []),
            ],
            fallback: 'The settings could not be saved.',
          }),
        ),
    });
  });

  return { form, shown, formError, submit, saving: update.isPending };
}
