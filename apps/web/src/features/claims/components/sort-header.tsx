import { Group, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';

export type SortDirection = 'asc' | 'desc';

export interface SortState<S extends string> {
  sort: S;
  direction: SortDirection;
}

/** A header that sorts its column: the first click sorts by it, the next turns the direction round. */
export function SortHeader<S extends string>({
  label,
  column,
  state,
  onSort,
}: {
  label: string;
  column: S;
  state: SortState<S>;
  onSort: (column: S) => void;
}) {
  const active = state.sort === column;
  const Icon = !active ? IconSelector : state.direction === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <UnstyledButton onClick={() => onSort(column)} fw={700} fz="sm" data-testid={`sort-${column}`}>
      <Group gap={4} wrap="nowrap">
        {label}
        <Icon size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}

/** `aria-sort` of a sortable column's header cell. */
export const ariaSort = <S extends string>(state: SortState<S>, column: S) =>
  state.sort === column ? (state.direction === 'asc' ? 'ascending' : 'descending') : 'none';

/**
 * The next sort after a click on `column`: the other direction for the sorted column; otherwise that column,
 * newest or largest first for a date or an amount, A to Z for text.
 */
export function nextSort<S extends string>(
  state: SortState<S>,
  column: S,
  descendingFirst: readonly S[],
): SortState<S> {
  if (state.sort === column) return { sort: column, direction: state.direction === 'asc' ? 'desc' : 'asc' };
  return { sort: column, direction: descendingFirst.includes(column) ? 'desc' : 'asc' };
}
