import { agentInputSchema, type AgentDetail } from '@app/domain';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { todayUtc } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { getStates, useCountries, useSaveAgent, useTiers } from '../api/agents';
import {
  agentFieldErrors,
  agentFormErrorMessage,
  agentSavedNotice,
  AGENT_FORM_MESSAGES,
  fieldId,
  focusFirstError,
  initialAgentValues,
  isTierChange,
  toAgentFormData,
  type AgentFormValues,
} from '../utils/agent-form';

interface AgentFormProps {
  /** The agent to edit; a new agent when absent. */
  agent?: AgentDetail;
}

/** Agent form (agents spec §2.1): create or edit. */
export function AgentForm({ agent }: AgentFormProps) {
  const mode = agent ? 'edit' : 'create';
  const navigate = useNavigate();
  const save = useSaveAgent();
  const tiers = useTiers();
  const countries = useCountries();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<AgentFormValues>({
    initialValues: initialAgentValues(agent),
    validate: schemaResolver(agentInputSchema(mode, todayUtc), { sync: true }),
  });
  const { country_id: countryId } = form.values;

  // States follow the country (GET /api/countries/{id}/states); an error empties the list.
  const states = useQuery({
    queryKey: ['countries', countryId, 'states'],
    queryFn: () => getStates(countryId),
    enabled: countryId !== '',
    staleTime: 10 * 60_000,
  });
  const stateOptions = countryId ? (states.data ?? []).map((s) => ({ value: String(s.id), label: s.name })) : [];

  const tierChange = isTierChange(form.values, agent);

  const submit = form.onSubmit(
    (values, event) => {
      const root = event?.currentTarget instanceof HTMLElement ? event.currentTarget : null;
      setAlert(null);
      save.mutate(
        { id: agent?.id, form: toAgentFormData(values, agent) },
        {
          onSuccess: (body) => {
            if (body?.status !== 'success') {
              setAlert(body?.message || AGENT_FORM_MESSAGES.submit);
              return;
            }
            // The server's sentence, a recalculation's money in each currency's symbol.
            notifications.show({ color: 'green', message: agentSavedNotice(body) });
            void navigate(body.redirect ?? paths.agents.list);
          },
          onError: (error) => {
            const fieldErrors = agentFieldErrors(error);
            form.setErrors(fieldErrors);
            setAlert(agentFormErrorMessage(error));
            requestAnimationFrame(() => focusFirstError(root, fieldErrors));
          },
        },
      );
    },
    (errors, _values, event) => {
      const root = event?.currentTarget instanceof HTMLElement ? event.currentTarget : null;
      setAlert(AGENT_FORM_MESSAGES.validation);
      requestAnimationFrame(() => focusFirstError(root, errors));
    },
  );

  const input = (field: keyof AgentFormValues) => ({ id: fieldId(field), ...form.getInputProps(field) });
  const check = (field: 'inactive' | 'has_gst') => ({
    id: fieldId(field),
    ...form.getInputProps(field, { type: 'checkbox' }),
  });

  return (
    <form onSubmit={submit} noValidate data-testid="agent-form">
      <Stack>
        {alert && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="form-error">
            {alert}
          </Alert>
        )}
        <Paper withBorder p="md" radius="md">
          <Title order={4} mb="sm">
            Personal details
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Full name" required {...input('full_name')} />
            <TextInput label="Nickname" {...input('nickname')} />
            <Textarea label="Home address" required autosize minRows={2} {...input('home_address')} />
            <TextInput
              label="Phone number"
              required
              type="tel"
              placeholder="+1 (416) 555-0100"
              {...input('phone_number')}
            />
            <TextInput label="FareConnect email" type="email" required {...input('fareconnect_email')} />
            <TextInput label="Personal email" type="email" {...input('personal_email')} />
            <TextInput label="Date of birth" type="date" required {...input('date_of_birth')} />
            <TextInput
              label="SIN number"
              required
              autoComplete="off"
              placeholder="123 456 782"
              {...input('sin_number')}
            />
            <TextInput label="FareConnect number" required {...input('fareconnect_number')} />
            <Select
              label="Country"
              placeholder="Select a country"
              clearable
              searchable
              data={(countries.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
              {...input('country_id')}
              value={form.values.country_id || null}
              onChange={(v) => {
                // Another country clears the state (the state of an edited agent stays at first load).
                if ((v ?? '') !== form.values.country_id) form.setFieldValue('state_id', '');
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
              {...input('state_id')}
              value={form.values.state_id || null}
              onChange={(v) => form.setFieldValue('state_id', v ?? '')}
            />
          </SimpleGrid>
          <Checkbox mt="md" label="Inactive (cannot sign in)" {...check('inactive')} />
        </Paper>

        <Paper withBorder p="md" radius="md">
          <Title order={4} mb="sm">
            Commission
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Commission tier"
              required
              placeholder="Select a tier"
              data={(tiers.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
              {...input('commission_tier_id')}
              value={form.values.commission_tier_id || null}
              onChange={(v) => form.setFieldValue('commission_tier_id', v ?? '')}
            />
            <Select
              label="Commission type"
              data={[
                { value: 'percentage', label: 'Percentage' },
                { value: 'fixed', label: 'Fixed' },
              ]}
              allowDeselect={false}
              {...input('commission_type')}
              onChange={(v) => form.setFieldValue('commission_type', v ?? 'percentage')}
            />
            {tierChange && (
              <>
                <Textarea
                  label="Tier change reason"
                  autosize
                  minRows={2}
                  data-testid="tier-change-reason"
                  {...input('tier_change_reason')}
                />
                <TextInput
                  label="Tier start date"
                  type="date"
                  description="Blank means today. A past date recalculates the agent's bookings from that date; a future date takes effect on that date."
                  {...input('tier_start_date')}
                />
              </>
            )}
            <TextInput
              label="Commission percentage"
              inputMode="decimal"
              rightSection={<Text size="sm">%</Text>}
              {...input('commission_percentage')}
            />
            <TextInput label="Commission fixed" inputMode="decimal" {...input('commission_fixed')} />
            <Select
              label="Status"
              data={[
                { value: 'active', label: 'Active' },
                { value: 'inactive', label: 'Inactive' },
              ]}
              allowDeselect={false}
              {...input('status')}
              onChange={(v) => form.setFieldValue('status', v ?? 'active')}
            />
          </SimpleGrid>
          <Checkbox mt="md" label="Has GST" {...check('has_gst')} />
          {form.values.has_gst && (
            <TextInput
              mt="sm"
              maw={360}
              label="GST number"
              description="Capital letters and digits only."
              {...input('gst_number')}
            />
          )}
        </Paper>

        <Paper withBorder p="md" radius="md">
          <Title order={4} mb="sm">
            Password
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput
              label="Password"
              required={mode === 'create'}
              description={mode === 'edit' ? 'Leave blank to keep the current password.' : undefined}
              autoComplete="new-password"
              {...input('password')}
            />
            <PasswordInput
              label="Password confirmation"
              required={mode === 'create'}
              autoComplete="new-password"
              {...input('password_confirmation')}
            />
          </SimpleGrid>
        </Paper>

        <Group justify="flex-end">
          <Button variant="default" onClick={() => void navigate(paths.agents.list)} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {mode === 'create' ? 'Create Agent' : 'Update Agent'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
