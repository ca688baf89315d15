import { UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';

export type SortDirection = 'asc' | 'desc';

export interface SortState<S extends string> {
  sort: S;
  direction: SortDirection;
}

/**
 * A header that sorts its column: the first click sorts by it, the next turns the direction round. A label of
 * several words may wrap in a narrow column; its arrow stays with the last word.
 */
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
  const words = label.split(' ');
  const last = words.pop();
  return (
    <UnstyledButton onClick={() => onSort(column)} fw={700} fz="sm" ta="inherit" data-testid={`sort-${column}`}>
      {words.length > 0 && `${words.join(' ')} `}
      <span style={{ whiteSpace: 'nowrap' }}>
        {last}
        <Icon size={14} aria-hidden style={{ marginLeft: 4, verticalAlign: 'middle' }} />
      </span>
    </UnstyledButton>
  );
}

/** `aria-sort` of a sortable column's header cell. */
export const ariaSort = <S extends string>(state: SortState<S>, column: S) =>
  state.sort === column ? (state.direction === 'asc' ? 'ascending' : 'descending') : 'none';

/**
 * The header part of a table's sortable columns (a `ListColumn`'s `header` and `th`): the sort button, and the
 * header cell's `aria-sort` and alignment (an amount's column is right-aligned).
 */
export function sortableColumns<S extends string>(state: SortState<S>, onSort: (column: S) => void) {
  return (label: string, column: S, align: 'left' | 'right' = 'left') => ({
    header: <SortHeader label={label} column={column} state={state} onSort={onSort} />,
    th: { 'aria-sort': ariaSort(state, column), ta: align } as const,
  });
}

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
