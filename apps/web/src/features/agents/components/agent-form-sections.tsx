import { Checkbox, PasswordInput, Select, SimpleGrid, Text, TextInput, Textarea } from '@mantine/core';
import type { ComboboxItem } from '@mantine/core';
import { ChoiceSelect } from '../../../components/filter-fields';
import type { AgentFormApi } from '../hooks/use-agent-form';
import { fieldId, type AgentFormValues } from '../utils/agent-form';
import { SectionCard } from './section-card';

/** An input's props: its id (for focusing the first error) and its value, change and error. */
const input = (form: AgentFormApi, field: keyof AgentFormValues) => ({
  id: fieldId(field),
  ...form.getInputProps(field),
});

const check = (form: AgentFormApi, field: 'inactive' | 'has_gst') => ({
  id: fieldId(field),
  ...form.getInputProps(field, { type: 'checkbox' }),
});

interface PersonalDetailsProps {
  form: AgentFormApi;
  countryOptions: ComboboxItem[];
  stateOptions: ComboboxItem[];
}

/** Personal details: name, contact, identity, country and state, and whether the agent may sign in. */
export function PersonalDetailsSection({ form, countryOptions, stateOptions }: PersonalDetailsProps) {
  const countryId = form.values.country_id;
  return (
    <SectionCard title="Personal details">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Full name" required {...input(form, 'full_name')} />
        <TextInput label="Nickname" {...input(form, 'nickname')} />
        <Textarea label="Home address" required autosize minRows={2} {...input(form, 'home_address')} />
        <TextInput
          label="Phone number"
          required
          type="tel"
          placeholder="+1 (416) 555-0100"
          {...input(form, 'phone_number')}
        />
        <TextInput label="FareConnect email" type="email" required {...input(form, 'fareconnect_email')} />
        <TextInput label="Personal email" type="email" {...input(form, 'personal_email')} />
        <TextInput label="Date of birth" type="date" required {...input(form, 'date_of_birth')} />
        <TextInput
          label="SIN number"
          required
          autoComplete="off"
          placeholder="123 456 782"
          {...input(form, 'sin_number')}
        />
        <TextInput label="FareConnect number" required {...input(form, 'fareconnect_number')} />
        <Select
          label="Country"
          placeholder="Select a country"
          clearable
          searchable
          data={countryOptions}
          {...input(form, 'country_id')}
          value={countryId || null}
          onChange={(v) => {
            // Another country clears the state (the state of an edited agent stays at first load).
            if ((v ?? '') !== countryId) form.setFieldValue('state_id', '');
            form.setFieldValue('country_id', v ?? '');
          }}
        />
        <Select
          label="State"
          placeholder={countryId ? 'Select a state' : 'Select a country first'}
          clearable
          searchable
          disabled={!countryId}
          data={stateOptions}
          {...input(form, 'state_id')}
          value={form.values.state_id || null}
          onChange={(v) => form.setFieldValue('state_id', v ?? '')}
        />
      </SimpleGrid>
      <Checkbox mt="md" label="Inactive (cannot sign in)" {...check(form, 'inactive')} />
    </SectionCard>
  );
}

interface CommissionProps {
  form: AgentFormApi;
  tierOptions: ComboboxItem[];
  /** An edited agent's tier is changing: the reason and start date appear (agents spec §2.1). */
  tierChange: boolean;
}

/** Commission: tier (with a change's reason and start date), type, rate, status and GST. */
export function CommissionSection({ form, tierOptions, tierChange }: CommissionProps) {
  return (
    <SectionCard title="Commission">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Commission tier"
          required
          placeholder="Select a tier"
          data={tierOptions}
          {...input(form, 'commission_tier_id')}
          value={form.values.commission_tier_id || null}
          onChange={(v) => form.setFieldValue('commission_tier_id', v ?? '')}
        />
        <ChoiceSelect label="Commission type" data={COMMISSION_TYPES} {...choice(form, 'commission_type')} />
        {tierChange && <TierChangeFields form={form} />}
        <TextInput
          label="Commission percentage"
          inputMode="decimal"
          rightSection={<Text size="sm">%</Text>}
          {...input(form, 'commission_percentage')}
        />
        <TextInput label="Commission fixed" inputMode="decimal" {...input(form, 'commission_fixed')} />
        <ChoiceSelect label="Status" data={STATUSES} {...choice(form, 'status')} />
      </SimpleGrid>
      <Checkbox mt="md" label="Has GST" {...check(form, 'has_gst')} />
      {form.values.has_gst && (
        <TextInput
          mt="sm"
          maw={360}
          label="GST number"
          description="Capital letters and digits only."
          {...input(form, 'gst_number')}
        />
      )}
    </SectionCard>
  );
}

const COMMISSION_TYPES = [
  { value: 'percentage', label: 'Percentage' },
  { value: 'fixed', label: 'Fixed' },
];
const STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

/** A select of fixed choices that is never empty (the shared ChoiceSelect), bound to one field of the form. */
const choice = (form: AgentFormApi, field: 'commission_type' | 'status') => ({
  ...input(form, field),
  value: form.values[field],
  onChange: (value: string) => form.setFieldValue(field, value),
});

function TierChangeFields({ form }: { form: AgentFormApi }) {
  return (
    <>
      <Textarea
        label="Tier change reason"
        autosize
        minRows={2}
        data-testid="tier-change-reason"
        {...input(form, 'tier_change_reason')}
      />
      <TextInput
        label="Tier start date"
        type="date"
        description="Blank means today. A past date recalculates the agent's bookings from that date; a future date takes effect on that date."
        {...input(form, 'tier_start_date')}
      />
    </>
  );
}

/** Password and its confirmation: required for a new agent, blank keeps an edited agent's. */
export function PasswordSection({ form, mode }: { form: AgentFormApi; mode: 'create' | 'edit' }) {
  return (
    <SectionCard title="Password">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <PasswordInput
          label="Password"
          required={mode === 'create'}
          description={mode === 'edit' ? 'Leave blank to keep the current password.' : undefined}
          autoComplete="new-password"
          {...input(form, 'password')}
        />
        <PasswordInput
          label="Password confirmation"
          required={mode === 'create'}
          autoComplete="new-password"
          {...input(form, 'password_confirmation')}
        />
      </SimpleGrid>
    </SectionCard>
  );
}
