import type { CommissionRule, CommissionRuleType, Supplier } from '@app/domain';
import { Box, Checkbox, Input, LoadingOverlay, Paper, ScrollArea, Select, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useCommissionOptions } from '../api/get-commission-options';
import type { CommissionFormState } from '../hooks/use-commission-form';

const NO_SUPPLIERS_HINT = 'leave empty to create without any suppliers';

/** The options of the chosen type; in edit mode the rule's own owner too, even when no longer offered. */
function useOptionData(type: CommissionRuleType | null, commission: CommissionRule | undefined) {
  const options = useCommissionOptions(type);
  const optionData = useMemo(() => {
    const list = (options.data ?? []).map((o) => ({ value: String(o.id), label: o.name }));
    // In edit mode the rule's own owner is restored even when it is no longer offered (an inactive agent).
    if (
      commission &&
      options.data &&
      type === commission.commission_type &&
      !list.some((o) => o.value === String(commission.general_id))
    ) {
      list.push({ value: String(commission.general_id), label: commission.owner_name });
    }
    return list;
  }, [options.data, commission, type]);
  return { optionData, loading: type !== null && options.isFetching };
}

/** Select Option: the agents, suppliers… of the chosen commission type, loaded when it changes (spec §4). */
export function CommissionOptionSelect({
  form,
  commission,
}: {
  form: CommissionFormState;
  commission?: CommissionRule;
}) {
  const type = form.values.commission_type;
  const { optionData, loading } = useOptionData(type, commission);
  return (
    <Box pos="relative">
      <LoadingOverlay
        visible={loading}
        zIndex={10}
        overlayProps={{ blur: 1 }}
        loaderProps={{ children: <Text size="sm">Loading options...</Text> }}
      />
      <Select
        label="Select Option"
        placeholder={type === null ? 'Choose a commission type first' : 'Select Option'}
        required
        searchable
        nothingFoundMessage="No option matches"
        disabled={type === null}
        data={optionData}
        {...form.getInputProps('general_id')}
      />
    </Box>
  );
}

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.name.localeCompare(b.name);

/** The supplier checklist sorted by name, with Select All Suppliers (spec §5). */
export function SupplierChecklist({ form, suppliers }: { form: CommissionFormState; suppliers: readonly Supplier[] }) {
  const sortedSuppliers = useMemo(() => [...suppliers].sort(byName), [suppliers]);
  const ticked = form.values.suppliers;
  const allTicked = sortedSuppliers.length > 0 && sortedSuppliers.every((s) => ticked.includes(String(s.id)));
  const someTicked = !allTicked && sortedSuppliers.some((s) => ticked.includes(String(s.id)));
  const toggleAll = (checked: boolean) =>
    form.setFieldValue('suppliers', checked ? sortedSuppliers.map((s) => String(s.id)) : []);

  return (
    <Input.Wrapper
      label="Suppliers"
      description={`Suppliers are optional (${NO_SUPPLIERS_HINT}).`}
      error={form.errors.suppliers}
    >
      <Paper withBorder p="sm" mt={6} radius="sm">
        {sortedSuppliers.length === 0 ? (
          <Text size="sm" c="dimmed">
            No suppliers available.
          </Text>
        ) : (
          <Stack gap="xs">
            <Checkbox
              label="Select All Suppliers"
              fw={500}
              checked={allTicked}
              indeterminate={someTicked}
              onChange={(event) => toggleAll(event.currentTarget.checked)}
            />
            <ScrollArea.Autosize mah="20rem" type="auto">
              <Checkbox.Group {...form.getInputProps('suppliers')} error={undefined}>
                <Stack gap={6} pl="md">
                  {sortedSuppliers.map((s) => (
                    <Checkbox key={s.id} value={String(s.id)} label={s.name} />
                  ))}
                </Stack>
              </Checkbox.Group>
            </ScrollArea.Autosize>
          </Stack>
        )}
      </Paper>
    </Input.Wrapper>
  );
}
