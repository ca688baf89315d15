import { Button, Fieldset, Group, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  QUICKBOOKS_DATE_FORMATS,
  quickBooksAccountNameProblem,
  settingsInputSchema,
  type QuickBooksDateFormat,
} from '@app/domain';
import { useState } from 'react';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { applyFormErrors, type FormErrorState } from '../../../lib/form-errors';
import { useUpdateSettings, type Settings, type SettingsUpdate } from '../api/settings';

interface SettingsFormValues {
  /** NumberInput gives a number, or a string while empty or mid-typing. */
  gst_rate: number | string;
  agency_name: string;
  quickbooks_commission_account: string;
  quickbooks_gst_account: string;
  quickbooks_clearing_account: string;
  quickbooks_date_format: QuickBooksDateFormat;
}

type AccountingField = Exclude<keyof SettingsFormValues, 'gst_rate'>;
const ACCOUNTING_FIELDS: AccountingField[] = [
  'agency_name',
  'quickbooks_commission_account',
  'quickbooks_gst_account',
  'quickbooks_clearing_account',
  'quickbooks_date_format',
];

/** The QuickBooks account names, each as the chart of accounts spells it. */
const ACCOUNT_INPUTS: { field: AccountingField; label: string; description?: string }[] = [
  {
    field: 'quickbooks_commission_account',
    label: 'Commission expense account',
    description: 'Exactly as in the chart of accounts; Parent:Child for a sub-account.',
  },
  {
    field: 'quickbooks_gst_account',
    label: 'Sales tax receivable account',
    description: 'Where the GST/HST paid on commissions is recorded.',
  },
  {
    field: 'quickbooks_clearing_account',
    label: 'Clearing account',
    description: 'The account the Telpay payments leave from.',
  },
];

/** The server's rule and messages (`settingsInputSchema`): required, 0 to 100 with at most 2 decimals. */
export function validateGstRate(value: number | string): string | null {
  const parsed = settingsInputSchema.shape.gst_rate.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0]!.message;
}

/** A QuickBooks account name: required, then the domain's rule (the server checks again). */
const validateAccount = (label: string) => (value: string) =>
  value.trim() === '' ? `The ${label} field is required.` : quickBooksAccountNameProblem(label, value.trim());

const valuesOf = (s: Settings): SettingsFormValues => ({
  gst_rate: s.gst_rate,
  agency_name: s.agency_name ?? '',
  quickbooks_commission_account: s.quickbooks_commission_account ?? '',
  quickbooks_gst_account: s.quickbooks_gst_account ?? '',
  quickbooks_clearing_account: s.quickbooks_clearing_account ?? '',
  quickbooks_date_format: s.quickbooks_date_format ?? 'MM/DD/YYYY',
});

/**
 * The GST rate, and (when the server sends them: admins) the agency name printed on payout PDFs and the
 * QuickBooks account names and date format of the accounting files.
 */
export function SettingsForm({ settings }: { settings: Settings }) {
  const update = useUpdateSettings();
  const [formError, setFormError] = useState<FormErrorState | null>(null);
  const accounting = settings.agency_name !== undefined;
  const form = useForm<SettingsFormValues>({
    initialValues: valuesOf(settings),
    validate: {
      gst_rate: validateGstRate,
      ...(accounting && {
        agency_name: (v: string) => (v.trim() === '' ? 'The agency name field is required.' : null),
        quickbooks_commission_account: validateAccount('commission expense account'),
        quickbooks_gst_account: validateAccount('sales tax receivable account'),
        quickbooks_clearing_account: validateAccount('clearing account'),
      }),
    },
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    const gst_rate = String(values.gst_rate).trim();
    const input: SettingsUpdate = accounting
      ? {
          gst_rate,
          agency_name: values.agency_name.trim(),
          quickbooks_commission_account: values.quickbooks_commission_account.trim(),
          quickbooks_gst_account: values.quickbooks_gst_account.trim(),
          quickbooks_clearing_account: values.quickbooks_clearing_account.trim(),
          quickbooks_date_format: values.quickbooks_date_format,
        }
      : { gst_rate };
    update.mutate(input, {
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
            fields: ['gst_rate', ...(accounting ? ACCOUNTING_FIELDS : [])],
            fallback: 'The settings could not be saved.',
          }),
        ),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={480}>
        <FormErrorAlert state={formError} />
        <NumberInput
          label="GST rate (%)"
          description="Applied to agent commissions for agents registered for GST."
          required
          autoFocus
          maw={360}
          min={0}
          max={100}
          step={0.01}
          decimalScale={2}
          allowNegative={false}
          suffix="%"
          {...form.getInputProps('gst_rate')}
        />
        {accounting && (
          <>
            <TextInput
              label="Agency name"
              description="Printed on payout PDFs."
              required
              maxLength={100}
              {...form.getInputProps('agency_name')}
            />
            <Fieldset legend="QuickBooks journal files">
              <Stack gap="sm">
                {ACCOUNT_INPUTS.map(({ field, label, description }) => (
                  <TextInput
                    key={field}
                    label={label}
                    description={description}
                    required
                    maxLength={100}
                    {...form.getInputProps(field)}
                  />
                ))}
                <Select
                  label="Journal date format"
                  description="The company's date format in QuickBooks (IIF files always use MM/DD/YYYY)."
                  data={[...QUICKBOOKS_DATE_FORMATS]}
                  allowDeselect={false}
                  {...form.getInputProps('quickbooks_date_format')}
                />
              </Stack>
            </Fieldset>
          </>
        )}
        <Group>
          <Button type="submit" loading={update.isPending} disabled={update.isPending}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
