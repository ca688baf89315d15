import type { SubAgentCandidate, SubAgentLink } from '@app/domain';
import { Alert, Button, Checkbox, Group, Input, ScrollArea, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSubAgentForm } from '../hooks/use-sub-agent-form';
import { SUB_AGENT_MESSAGES, subAgentOptionLabel } from '../utils/sub-agent-form';

interface SubAgentFormProps {
  parentId: number;
  /** The link to edit; a new link when absent. */
  link?: SubAgentLink;
  candidates: SubAgentCandidate[];
  suppliers: { id: number; name: string }[];
  onSaved: (message: string) => void;
  onCancel: () => void;
}

/** Sub-agent form (bookings spec §2 "Sub-agent form", §5, §8). */
export function SubAgentForm({ parentId, link, candidates, suppliers, onSaved, onCancel }: SubAgentFormProps) {
  const { create, form, alert, submit, isSaving } = useSubAgentForm(parentId, link, onSaved);

  return (
    <form onSubmit={submit} noValidate data-testid="sub-agent-form">
      <Stack>
        {alert && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="form-error">
            {alert}
          </Alert>
        )}
        {link === undefined ? (
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
        <SupplierChecklist
          suppliers={suppliers}
          selected={form.values.suppliers}
          onChange={(v) => form.setFieldValue('suppliers', v)}
          error={form.errors.suppliers}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSaving}>
            {isSaving ? (create ? 'Adding...' : 'Updating...') : create ? 'Add Sub Agent' : 'Update Sub Agent'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface SupplierChecklistProps {
  suppliers: { id: number; name: string }[];
  /** The chosen suppliers' ids. */
  selected: string[];
  onChange: (selected: string[]) => void;
  error: ReactNode;
}

/** The suppliers the link covers: one box each under 'Select All' (checked, or half when some are). */
function SupplierChecklist({ suppliers, selected, onChange, error }: SupplierChecklistProps) {
  const allIds = suppliers.map((s) => String(s.id));
  const allSelected = allIds.length > 0 && allIds.every((id) => selected.includes(id));
  const someSelected = selected.length > 0 && !allSelected;
  return (
    <Input.Wrapper label="Suppliers" error={error}>
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
            onChange={() => onChange(allSelected ? [] : allIds)}
          />
          <ScrollArea.Autosize mah="20rem" type="auto" offsetScrollbars data-testid="supplier-checklist">
            <Checkbox.Group value={selected} onChange={onChange}>
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
  );
}
