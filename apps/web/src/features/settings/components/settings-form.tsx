import { Button, Fieldset, Group, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  AUTO_ACCEPT_MARGIN,
  DEFAULT_AUTO_ACCEPT_SCORE,
  MIN_AUTO_ACCEPT_SCORE,
  QUICKBOOKS_DATE_FORMATS,
} from '@app/domain';
import { FormErrorAlert } from '../../../components/form-error-alert';
import type { Settings } from '../api/settings';
import { useSettingsForm } from '../hooks/use-settings-form';
import type { AccountingField, SettingsFormValues } from '../utils/settings-form';

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

/**
 * The GST rate, and (when the server sends them: admins) the agency name printed on payout PDFs, the
 * QuickBooks account names and date format of the accounting files and the match suggestions' auto-accept
 * threshold.
 */
export function SettingsForm({ settings }: { settings: Settings }) {
  const { form, shown, formError, submit, saving } = useSettingsForm(settings);
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
        {shown.accounting && <AccountingFields form={form} />}
        {shown.suggestions && <SuggestionFields form={form} />}
        <Group>
          <Button type="submit" loading={saving} disabled={saving}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The match suggestions' auto-accept threshold: what 'Accept all' may take without a person looking. */
function SuggestionFields({ form }: { form: UseFormReturnType<SettingsFormValues> }) {
  return (
    <Fieldset legend="Match suggestions">
      {/* Not clamped as it is typed: a number out of range gets the domain's message, as the server gives it. */}
      <NumberInput
        label="Auto-accept threshold"
        description={`A best suggestion at or above this score, ${AUTO_ACCEPT_MARGIN} points ahead of the next, may be accepted in bulk ('Accept all'). ${DEFAULT_AUTO_ACCEPT_SCORE} is where precision was measured at 100 %.`}
        required
        maw={220}
        min={MIN_AUTO_ACCEPT_SCORE}
        max={100}
        step={1}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        {...form.getInputProps('auto_accept_score')}
      />
    </Fieldset>
  );
}

/** The agency name printed on payout PDFs, and the QuickBooks account names and date format. */
function AccountingFields({ form }: { form: UseFormReturnType<SettingsFormValues> }) {
  return (
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
  );
}
