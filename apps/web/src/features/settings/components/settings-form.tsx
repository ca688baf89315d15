import { Button, Group, NumberInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { applyFormErrors, type FormErrorState } from '../../../lib/form-errors';
import { useUpdateSettings, type Settings } from '../api/settings';

interface SettingsFormValues {
  /** NumberInput gives a number, or a string while empty or mid-typing. */
  gst_rate: number | string;
}

/** 0 to 100 with at most 2 decimals; the server checks again. */
export function validateGstRate(value: number | string): string | null {
  const text = String(value).trim();
  if (text === '') return 'The GST rate field is required.';
  if (!/^\d+(?:\.\d+)?$/.test(text)) return 'The GST rate must be a number.';
  if (!/^\d+(?:\.\d{1,2})?$/.test(text)) return 'The GST rate may have at most 2 decimal places.';
  if (Number(text) > 100) return 'The GST rate must be between 0 and 100.';
  return null;
}

export function SettingsForm({ settings }: { settings: Settings }) {
  const update = useUpdateSettings();
  const [formError, setFormError] = useState<FormErrorState | null>(null);
  const form = useForm<SettingsFormValues>({
    initialValues: { gst_rate: settings.gst_rate },
    validate: { gst_rate: validateGstRate },
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    update.mutate(
      { gst_rate: String(values.gst_rate).trim() },
      {
        onSuccess: ({ message, settings: saved }) => {
          notifications.show({ color: 'green', message });
          form.setInitialValues({ gst_rate: saved.gst_rate });
          form.setValues({ gst_rate: saved.gst_rate });
          form.resetDirty({ gst_rate: saved.gst_rate });
        },
        onError: (error) =>
          setFormError(
            applyFormErrors(form, error, { fields: ['gst_rate'], fallback: 'The settings could not be saved.' }),
          ),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={360}>
        <FormErrorAlert state={formError} />
        <NumberInput
          label="GST rate (%)"
          description="Applied to agent commissions for agents registered for GST."
          required
          autoFocus
          min={0}
          max={100}
          step={0.01}
          decimalScale={2}
          allowNegative={false}
          suffix="%"
          {...form.getInputProps('gst_rate')}
        />
        <Group>
          <Button type="submit" loading={update.isPending} disabled={update.isPending}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
