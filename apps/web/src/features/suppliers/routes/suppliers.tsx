import type { Supplier } from '@app/domain';
import { Code, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { EditModal, useEditModal } from '../../../components/edit-modal';
import { SearchField } from '../../../components/filter-fields';
import { ListPage } from '../../../components/list-page';
import { actionsColumn, EditButton, ListTable, NO_WRAP, type ListColumn } from '../../../components/list-table';
import { currencySymbol, formatCount } from '../../../lib/format';
import { useSuppliers } from '../api/get-suppliers';
import { SupplierForm } from '../components/supplier-form';
import { filterSuppliers } from '../utils/filter-suppliers';

/** /suppliers: list with a client-side search, create and edit (admin only). */
export function SuppliersRoute() {
  const suppliers = useSuppliers();
  const [search, setSearch] = useState('');
  const editor = useEditModal<Supplier>({ create: 'New supplier', edit: 'Edit supplier' });
  const visible = useMemo(() => filterSuppliers(suppliers.data ?? [], search), [suppliers.data, search]);
  const columns: ListColumn<Supplier>[] = [
    { header: 'Name', cell: (supplier) => supplier.name, td: { fw: 500 } },
    { header: 'Currency', cell: ({ currency }) => `${currency.code} (${currencySymbol(currency)})` },
    {
      header: 'Booking number format',
      cell: ({ booking_number_format: format }) =>
        format ? (
          <Code>{format}</Code>
        ) : (
          <Text span c="dimmed">
            —
          </Text>
        ),
    },
    {
      header: 'Commission due',
      td: NO_WRAP,
      cell: ({ commission_due_days: days }) => `after ${formatCount(days, 'day')}`,
    },
    actionsColumn((supplier) => (
      <EditButton label={`Edit ${supplier.name}`} onClick={() => editor.openEdit(supplier)} />
    )),
  ];

  return (
    <ListPage
      title="Suppliers"
      description="Suppliers, their currency, the format of their booking numbers and when their commission is due."
      create={{ label: 'New supplier', onClick: editor.openCreate }}
      filters={
        <SearchField
          mb="md"
          maw={360}
          aria-label="Search suppliers"
          placeholder="Search suppliers"
          value={search}
          onChange={setSearch}
        />
      }
      after={
        <EditModal modal={editor}>{(supplier, close) => <SupplierForm supplier={supplier} {...close} />}</EditModal>
      }
    >
      <ListTable
        query={suppliers}
        rows={visible}
        noun="suppliers"
        columns={columns}
        empty={suppliers.data?.length ? `No suppliers match “${search.trim()}”.` : undefined}
      />
    </ListPage>
  );
}
