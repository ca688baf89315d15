import {
  Button,
  Group,
  Stack,
  Table,
  Text,
  VisuallyHidden,
  type TableProps,
  type TableTdProps,
  type TableThProps,
  type TableTrProps,
} from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { Key, ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryContent, type ContentQuery } from './query-content';

/** `data-testid` and the like, which Mantine's props types do not list. */
type DataAttributes = { [data: `data-${string}`]: string | undefined };

/** One column of a list: its header and how a row fills its cell. */
export interface ListColumn<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Props of the header cell (width, alignment). */
  th?: TableThProps;
  /** Props of each body cell; a function where they depend on the row. */
  td?: (TableTdProps & DataAttributes) | ((row: T) => TableTdProps & DataAttributes);
}

/** Props of a cell that keeps its content on one line (a date, an amount, an account number). */
export const NO_WRAP = { style: { whiteSpace: 'nowrap' } } as const;

/** The actions column: buttons or links side by side, under a header only screen readers hear. */
export function actionsColumn<T>(cell: (row: T) => ReactNode): ListColumn<T> {
  return {
    header: <VisuallyHidden>Actions</VisuallyHidden>,
    th: { w: 1 },
    cell: (row) => (
      <Group gap={4} wrap="nowrap">
        {cell(row)}
      </Group>
    ),
  };
}

/** A list's query: its data is the rows, or a page of rows. */
export type ListQuery<T> = ContentQuery<readonly T[] | { data: readonly T[] }>;

export interface ListTableProps<T extends { id: number }> {
  query: ListQuery<T>;
  /** Plural, lower case: 'Loading suppliers', 'The suppliers could not be loaded.', test id 'suppliers-table'. */
  noun: string;
  columns: ListColumn<T>[];
  /** The rows to show when the screen filters them itself; by default the query's. */
  rows?: readonly T[];
  /** The text when there are no rows (default 'No suppliers yet.'), and an optional way forward under it. */
  empty?: ReactNode;
  emptyAction?: ReactNode;
  /** Below this width the table scrolls sideways (default from the number of columns). */
  minWidth?: number;
  tableProps?: TableProps;
  rowProps?: (row: T) => TableTrProps & DataAttributes;
}

function rowsOf<T>(data: readonly T[] | { data: readonly T[] }): readonly T[] {
  return 'data' in data ? data.data : data;
}

/** A list's table with its loading skeleton, its error (with Retry) and its empty state. */
export function ListTable<T extends { id: number }>(props: ListTableProps<T>) {
  const { query, noun } = props;
  return (
    <QueryContent query={query} noun={noun} framed>
      {(data) => {
        const rows = props.rows ?? rowsOf(data);
        return rows.length === 0 ? (
          <Stack p="xl" align="center" gap="xs" data-testid="empty-state">
            <Text c="dimmed" ta="center">
              {props.empty ?? `No ${noun} yet.`}
            </Text>
            {props.emptyAction}
          </Stack>
        ) : (
          <DataTable {...props} rows={rows} rowKey={(row) => row.id} testId={`${noun.replaceAll(' ', '-')}-table`} />
        );
      }}
    </QueryContent>
  );
}

export interface DataTableProps<T> {
  columns: ListColumn<T>[];
  rows: readonly T[];
  /** Each row's React key. */
  rowKey: (row: T) => Key;
  testId: string;
  /** Below this width the table scrolls sideways (default from the number of columns). */
  minWidth?: number;
  /** Above this height the table scrolls. */
  maxHeight?: number;
  tableProps?: TableProps;
  rowProps?: (row: T) => TableTrProps & DataAttributes;
}

/** A table of rows already at hand: a header cell and a body cell per column. */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, rowKey, rowProps } = props;
  return (
    <Table.ScrollContainer minWidth={props.minWidth ?? Math.max(480, columns.length * 110)} mah={props.maxHeight}>
      <Table data-testid={props.testId} {...props.tableProps}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, i) => (
              <Table.Th key={i} {...column.th}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map((column, i) => (
                <Table.Td key={i} {...(typeof column.td === 'function' ? column.td(row) : column.td)}>
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface RowButtonProps {
  /** The accessible name, naming the row: 'Edit Gold'. */
  label: string;
  onClick?: () => void;
  /** A page address: the button is a link. */
  to?: string;
}

function rowButton(text: string, icon: ReactNode, color?: string) {
  return function RowButton({ label, onClick, to }: RowButtonProps) {
    const common = { variant: 'subtle', size: 'xs', color, leftSection: icon, 'aria-label': label } as const;
    return to ? (
      <Button component={Link} to={to} {...common}>
        {text}
      </Button>
    ) : (
      <Button onClick={onClick} {...common}>
        {text}
      </Button>
    );
  };
}

/** 'Edit' in a row: a button, or a link with `to`. */
export const EditButton = rowButton('Edit', <IconPencil size={14} />);
/** 'Delete' in a row, in red. */
export const DeleteButton = rowButton('Delete', <IconTrash size={14} />, 'red');
