import { bulkStatusConfirmation } from '@app/domain';
import { Button } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useFilterDraft } from '../../../components/filter-fields';
import { ListPage } from '../../../components/list-page';
import { ListTable } from '../../../components/list-table';
import { paths } from '../../../lib/paths';
import { useAccounts } from '../../accounts';
import { useTransactions } from '../api/transactions-api';
import { BulkStatusBar, BulkStatusResult } from '../components/bulk-status-bar';
import { transactionColumns } from '../components/transaction-columns';
import { TransactionFilters } from '../components/transaction-filters';
import { useBulkStatus } from '../hooks/use-bulk-status';
import { ACTIONS, filtersToParams, pageSizeOf, readFilters, withPageSize, type Filters } from '../utils/list-query';

/** /transactions (spec §2.7 and the list filters): filters in the query string, paging, bulk status. */
export function TransactionsListRoute() {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const list = useTransactions(params);
  const accounts = useAccounts();
  const pageSize = pageSizeOf(params);
  const { draft: filters, setDraft: setFilters, bind } = useFilterDraft<Filters>(() => readFilters(params));
  const bulk = useBulkStatus();

  // A new page of results (filters, paging): start from the filters in the address, nothing selected.
  const [seenSearch, setSeenSearch] = useState(search);
  if (seenSearch !== search) {
    setSeenSearch(search);
    setFilters(readFilters(new URLSearchParams(search)));
    bulk.setSelected([]);
  }

  const applyFilters = (event: FormEvent) => {
    event.preventDefault();
    setParams(filtersToParams(filters, pageSize));
  };
  const actionLabel = ACTIONS.find((a) => a.value === bulk.action)?.value;

  return (
    <ListPage
      title="Transactions"
      create={{ label: 'New transaction', to: paths.transactions.create }}
      actions={
        <Button component={Link} to={paths.transactions.createBulk} variant="default">
          Bulk entry
        </Button>
      }
      filters={
        <>
          <TransactionFilters filters={filters} bind={bind} accounts={accounts.data ?? []} onSubmit={applyFilters} />
          <BulkStatusResult bulk={bulk} />
        </>
      }
      toolbar={
        <BulkStatusBar bulk={bulk} pageSize={pageSize} onPageSize={(size) => setParams(withPageSize(params, size))} />
      }
      pagination={{
        page: list.data,
        onPage: (page) => {
          const next = new URLSearchParams(params);
          next.set('page', String(page));
          setParams(next);
        },
      }}
      after={
        <ConfirmModal
          opened={bulk.confirming}
          onClose={bulk.cancel}
          title="Confirm Status Update"
          confirm={{ label: 'Update Status', loading: bulk.busy, onClick: () => void bulk.update() }}
        >
          {bulkStatusConfirmation(bulk.selected.length, actionLabel ?? '')}
        </ConfirmModal>
      }
    >
      <ListTable
        query={list}
        noun="transactions"
        columns={transactionColumns(list.data?.data ?? [], bulk.selected, bulk.setSelected)}
        empty="No transactions found."
        minWidth={1000}
        tableProps={{ striped: true, highlightOnHover: true }}
        rowProps={(t) => ({ 'data-testid': `transaction-${t.id}` })}
      />
    </ListPage>
  );
}
