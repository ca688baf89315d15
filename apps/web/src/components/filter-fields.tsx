import { Select, TextInput, type SelectProps, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

/*
 * Filter fields hold strings: '' means "no filter". They take the value and give the new one back,
 * so a screen binds them to its filters with `useFilterDraft().bind(key)`.
 */

interface StringValue {
  value: string;
  onChange: (value: string) => void;
}

type FilterTextProps = Omit<TextInputProps, 'value' | 'onChange'> & StringValue;

/** A text (or date, number) filter. */
export function FilterText({ value, onChange, ...props }: FilterTextProps) {
  return <TextInput {...props} value={value} onChange={(event) => onChange(event.currentTarget.value)} />;
}

/** A search box: type search, with the magnifier. */
export function SearchField(props: FilterTextProps) {
  return <FilterText type="search" leftSection={<IconSearch size={16} />} {...props} />;
}

type Named = { id: number; name: string };

type FilterSelectProps = Omit<SelectProps, 'value' | 'onChange'> & StringValue;

/** A select filter, clearable unless told otherwise; clearing it gives ''. */
export function FilterSelect({ value, onChange, ...props }: FilterSelectProps) {
  return <Select clearable {...props} value={value || null} onChange={(v) => onChange(v ?? '')} />;
}

/** A select that always has a value (sort, direction, page size, 'All types'). */
export function ChoiceSelect({ value, onChange, ...props }: FilterSelectProps) {
  return <Select allowDeselect={false} {...props} value={value} onChange={(v) => v !== null && onChange(v)} />;
}

/** A searchable filter over records with an id and a name (suppliers, agents, groups). */
export function RecordSelect({ items, ...props }: Omit<FilterSelectProps, 'data'> & { items: readonly Named[] }) {
  return <FilterSelect searchable data={idOptions(items)} {...props} />;
}

/** Options from [value, label] pairs. */
export function pairOptions(...pairs: [value: string, label: string][]) {
  return pairs.map(([value, label]) => ({ value, label }));
}

/** Options for records with an id and a name (suppliers, agents, groups, tiers). */
export function idOptions(items: readonly Named[]) {
  return items.map((item) => ({ value: String(item.id), label: item.name }));
}

/** Options for a fixed list of values with their labels. */
export function labelledOptions<V extends string>(
  values: readonly V[],
  label: Record<V, string> | ((value: V) => string),
) {
  return values.map((value) => ({ value, label: typeof label === 'function' ? label(value) : label[value] }));
}

/** The filters being edited before they are applied; `bind(key)` wires a filter field to one of them. */
export function useFilterDraft<F extends Record<string, string>>(initial: F | (() => F)) {
  const [draft, setDraft] = useState<F>(initial);
  const bind = (key: keyof F): StringValue => ({
    value: draft[key] ?? '',
    onChange: (value) => setDraft((current) => ({ ...current, [key]: value })),
  });
  return { draft, setDraft, bind };
}
