import type { Supplier } from '@app/domain';
import { Button, Code, Modal, Paper, Skeleton, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { useSuppliers } from '../api/get-suppliers';
import { SupplierForm } from '../components/supplier-form';
import { filterSuppliers } from '../utils/filter-suppliers';

type Editing = { mode: 'create' } | { mode: 'edit'; supplier: Supplier } | null;

/** /suppliers: list with a client-side search, create and edit (admin only). */
export function SuppliersRoute() {
  const suppliers = useSuppliers();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);
  const visible = useMemo(() => filterSuppliers(suppliers.data ?? [], search), [suppliers.data, search]);

  let body;
  if (suppliers.isPending) {
    body = (
      <Stack p="md" gap="sm" aria-label="Loading suppliers" role="status">
        <Skeleton h={20} />
        <Skeleton h={20} />
        <Skeleton h={20} />
      </Stack>
    );
  } else if (suppliers.isError) {
    body = (
      <Stack p="md">
        <QueryError
          error={suppliers.error}
          fallback="The suppliers could not be loaded."
          onRetry={() => void suppliers.refetch()}
        />
      </Stack>
    );
  } else if (suppliers.data.length === 0) {
    body = (
      <Text p="xl" ta="center" c="dimmed" data-testid="empty-state">
        No suppliers yet.
      </Text>
    );
  } else if (visible.length === 0) {
    body = (
      <Text p="xl" ta="center" c="dimmed" data-testid="empty-state">
        No suppliers match “{search.trim()}”.
      </Text>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={560}>
        <Table data-testid="suppliers-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Currency</Table.Th>
              <Table.Th>Booking number format</Table.Th>
              <Table.Th w={1}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {visible.map((supplier) => (
              <Table.Tr key={supplier.id}>
                <Table.Td fw={500}>{supplier.name}</Table.Td>
                <Table.Td>
                  {supplier.currency.code} ({supplier.currency.symbol})
                </Table.Td>
                <Table.Td>
                  {supplier.booking_number_format ? (
                    <Code>{supplier.booking_number_format}</Code>
                  ) : (
                    <Text span c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Button
                    variant="subtle"
                    size="xs"
                    leftSection={<IconPencil size={14} />}
                    onClick={() => setEditing({ mode: 'edit', supplier })}
                    aria-label={`Edit ${supplier.name}`}
                  >
                    Edit
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <>
      <PageHeader
        title="Suppliers"
        description="Suppliers, their currency and the format of their booking numbers."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ mode: 'create' })}>
            New supplier
          </Button>
        }
      />

      <TextInput
        mb="md"
        maw={360}
        type="search"
        aria-label="Search suppliers"
        placeholder="Search suppliers"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />

      <Paper withBorder radius="md">
        {body}
      </Paper>

      <Modal
        opened={editing !== null}
        onClose={close}
        title={editing?.mode === 'edit' ? 'Edit supplier' : 'New supplier'}
      >
        {editing !== null && (
          <SupplierForm
            key={editing.mode === 'edit' ? editing.supplier.id : 'new'}
            supplier={editing.mode === 'edit' ? editing.supplier : undefined}
            onSaved={close}
            onCancel={close}
          />
        )}
      </Modal>
    </>
  );
}
