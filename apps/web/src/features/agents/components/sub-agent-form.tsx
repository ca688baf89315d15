import { subAgentLinkInputSchema, type SubAgentCandidate, type SubAgentLink } from '@app/domain';
import { Alert, Button, Checkbox, Group, Input, ScrollArea, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useSaveSubAgent } from '../api/sub-agents';
import {
  SUB_AGENT_MESSAGES,
  subAgentErrorMessage,
  subAgentFieldErrors,
  subAgentOptionLabel,
  toSubAgentFormData,
} from '../utils/sub-agent-form';

interface SubAgentFormProps {
  parentId: number;
  /** The link to edit; a new link when absent. */
  link?: SubAgentLink;
  candidates: SubAgentCandidate[];
  suppliers: { id: number; name: string }[];
  onSaved: (message: string) => void;
  onCancel: () => void;
}

interface Values {
  sub_agent_id: string;
  split_percentage: string;
  suppliers: string[];
}

/** Sub-agent form (bookings spec §2 "Sub-agent form", §5, §8). */
export function SubAgentForm({ parentId, link, candidates, suppliers, onSaved, onCancel }: SubAgentFormProps) {
  const create = link === undefined;
  const save = useSaveSubAgent(parentId);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: {
      sub_agent_id: link ? String(link.sub_agent_id) : '',
      split_percentage: link ? link.split_percentage : '',
      suppliers: link ? link.suppliers.map((s) => String(s.id)) : [],
    },
    validate: schemaResolver(subAgentLinkInputSchema(create ? 'create' : 'edit'), { sync: true }),
  });
  const allIds = suppliers.map((s) => String(s.id));
  const selected = form.values.suppliers;
  const allSelected = allIds.length > 0 && allIds.every((id) => selected.includes(id));
  const someSelected = selected.length > 0 && !allSelected;

  const submit = form.onSubmit((values) => {
    setAlert(null);
    save.mutate(
      { subAgentId: link?.sub_agent_id, form: toSubAgentFormData(values, create) },
      {
        onSuccess: (body) => {
          if (body?.status === 'success') onSaved(body.message ?? 'Saved.');
          else setAlert(body?.message || SUB_AGENT_MESSAGES.fallback);
        },
        onError: (error) => {
          form.setErrors(subAgentFieldErrors(error));
          setAlert(subAgentErrorMessage(error));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate data-testid="sub-agent-form">
      <Stack>
        {alert && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="form-error">
            {alert}
          </Alert>
        )}
        {create ? (
          <Select
            label="Select Sub Agent"
            placeholder="Select Sub Agent"
            required
            searchable
            nothingFoundMessage="No agents available"
            data={candidates.map((a) => ({ value: String(a.id), label: subAgentOptionLabel(a) }))}
            {...form.getInputProps('sub_agent_id')}
            onChange={(v) => form.setFieldValue('sub_agent_id', v ?? '')}
          />
        ) : (
          <TextInput
            label="Sub Agent"
            readOnly
            value={subAgentOptionLabel(link.sub_agent)}
            error={form.errors.sub_agent_id}
          />
        )}
        <TextInput
          label="Split Percentage"
          required
          type="number"
          min={0}
          max={100}
          step={0.01}
          rightSection={<Text size="sm">%</Text>}
          description="The sub-agent's share of the parent's commission; the parent keeps the rest."
          {...form.getInputProps('split_percentage')}
        />
        <Input.Wrapper label="Suppliers" error={form.errors.suppliers}>
          {suppliers.length === 0 ? (
            <Text size="sm" c="dimmed" mt={4} data-testid="no-suppliers">
              {SUB_AGENT_MESSAGES.noSuppliers}
            </Text>
          ) : (
            <Stack gap={6} mt={6}>
              <Checkbox
                label="Select All"
                checked={allSelected}
                indeterminate={someSelected}
                onChange={() => form.setFieldValue('suppliers', allSelected ? [] : allIds)}
              />
              <ScrollArea.Autosize mah="20rem" type="auto" offsetScrollbars data-testid="supplier-checklist">
                <Checkbox.Group value={selected} onChange={(v) => form.setFieldValue('suppliers', v)}>
                  <Stack gap={6} pl="md">
                    {suppliers.map((s) => (
                      <Checkbox key={s.id} value={String(s.id)} label={s.name} />
                    ))}
                  </Stack>
                </Checkbox.Group>
              </ScrollArea.Autosize>
            </Stack>
          )}
        </Input.Wrapper>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? (create ? 'Adding...' : 'Updating...') : create ? 'Add Sub Agent' : 'Update Sub Agent'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
