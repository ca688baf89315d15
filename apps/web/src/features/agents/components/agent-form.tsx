import type { AgentDetail } from '@app/domain';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useAgentForm } from '../hooks/use-agent-form';
import { CommissionSection, PasswordSection, PersonalDetailsSection } from './agent-form-sections';

interface AgentFormProps {
  /** The agent to edit; a new agent when absent. */
  agent?: AgentDetail;
}

/** Agent form (agents spec §2.1): create or edit. */
export function AgentForm({ agent }: AgentFormProps) {
  const { mode, form, alert, submit, cancel, isSaving, tierChange, tierOptions, countryOptions, stateOptions } =
    useAgentForm(agent);

  return (
    <form onSubmit={submit} noValidate data-testid="agent-form">
      <Stack>
        {alert && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="form-error">
            {alert}
          </Alert>
        )}
        <PersonalDetailsSection form={form} countryOptions={countryOptions} stateOptions={stateOptions} />
        <CommissionSection form={form} tierOptions={tierOptions} tierChange={tierChange} />
        <PasswordSection form={form} mode={mode} />

        <Group justify="flex-end">
          <Button variant="default" onClick={cancel} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            {mode === 'create' ? 'Create Agent' : 'Update Agent'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
