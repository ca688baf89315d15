import { Button, Paper } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ListPagination, type ListPaginationProps } from './list-pagination';
import { PageHeader } from './page-header';

interface ListPageProps {
  title: string;
  description?: ReactNode;
  /** The page's main action, '+ New supplier': a button (`onClick`, e.g. `useEditModal().openCreate`) or a link (`to`). */
  create?: { label: string; onClick?: () => void; to?: string };
  /** Other buttons, before the main action ('Import agents'). */
  actions?: ReactNode;
  /** Under the title: a success banner, the filters, a legend, a result message. */
  filters?: ReactNode;
  /** Inside the table's frame, above the rows (a bulk-actions bar). */
  toolbar?: ReactNode;
  /** The rows: a `ListTable`. */
  children: ReactNode;
  /** Paging under the rows, for a paginated list. */
  pagination?: ListPaginationProps;
  /** Below the table's frame: summaries, and the list's modals (`EditModal`). */
  after?: ReactNode;
}

/**
 * Every list screen: the header with its actions, the filters, the table in its frame (loading, error,
 * empty and rows come from `ListTable`), the paging, then whatever follows (modals from `useEditModal`).
 */
export function ListPage({
  title,
  description,
  create,
  actions,
  filters,
  toolbar,
  children,
  pagination,
  after,
}: ListPageProps) {
  const icon = <IconPlus size={16} />;
  const createButton =
    create &&
    (create.to ? (
      <Button component={Link} to={create.to} leftSection={icon}>
        {create.label}
      </Button>
    ) : (
      <Button onClick={create.onClick} leftSection={icon}>
        {create.label}
      </Button>
    ));
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          (actions || createButton) && (
            <>
              {actions}
              {createButton}
            </>
          )
        }
      />
      {filters}
      <Paper withBorder radius="md">
        {toolbar}
        {children}
        {pagination && <ListPagination {...pagination} />}
      </Paper>
      {after}
    </>
  );
}
