import {
  bulkStatusConfirmation,
  MSG_BULK_UPDATE_FAILED,
  MSG_SELECT_ACTION,
  MSG_SELECT_TRANSACTIONS,
  TRANSACTION_PAGE_SIZES,
  TRANSACTION_STATUSES,
} from '@app/domain';
import { Alert, Anchor, Badge, Button, Checkbox, Grid, Group, Paper, Select, Stack, Switch, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import {
  FilterSelect,
  FilterText,
  labelledOptions,
  pairOptions,
  useFilterDraft,
} from '../../../components/filter-fields';
import { ListPage } from '../../../components/list-page';
import { PageSizeSelect } from '../../../components/list-pagination';
import { actionsColumn, ListTable, type ListColumn, NO_WRAP } from '../../../components/list-table';
import { getErrorMessage } from '../../../lib/api-client';
import { formatDate, formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useAccounts } from '../../accounts';
import { bulkUpdateStatus, transactionsQueryKey, useTransactions } from '../api/transactions-api';
import { AccountSelect } from '../components/account-select';
import { transactionStatusLabel } from '../utils/status-options';
import { ACTIONS, filtersToParams, pageSizeOf, readFilters, withPageSize, type Filters } from '../utils/list-query';
import { TruncatedText } from '../../../components/truncated-text';

const STATUS_COLORS: Record<string, string> = {
  completed: 'green',
  pending: 'yellow',
  failed: 'red',
  reversed: 'gray',
};
const TYPE_OPTIONS = pairOptions(['credit', 'Credit'], ['debit', 'Debit']);

type TransactionRow = NonNullable<ReturnType<typeof useTransactions>['data']>['data'][number];

/** /transactions (spec §2.7 and the list filters): filters in the query string, paging, bulk status. */
export function TransactionsListRoute() {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const list = useTransactions(search);
  const accounts = useAccounts();
  const queryClient = useQueryClient();
  const pageSize = pageSizeOf(params);
  const { draft: filters, setDraft: setFilters, bind } = useFilterDraft<Filters>(() => readFilters(params));
  const [selected, setSelected] = useState<number[]>([]);
  const [action, setAction] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  // A new page of results (filters, paging): start from the filters in the address, nothing selected.
  const [seenSearch, setSeenSearch] = useState(search);
  if (seenSearch !== search) {
    setSeenSearch(search);
    setFilters(readFilters(new URLSearchParams(search)));
    setSelected([]);
  }

  const rows = list.data?.data ?? [];
  const allChecked = rows.length > 0 && rows.every((r) => selected.includes(r.id));
  const someChecked = rows.some((r) => selected.includes(r.id));
  const actionLabel = ACTIONS.find((a) => a.value === action)?.value;

  const applyFilters = (event: FormEvent) => {
    event.preventDefault();
    setParams(filtersToParams(filters, pageSize));
  };

  const apply = () => {
    setResult(null);
    if (!action) return setResult({ ok: false, message: MSG_SELECT_ACTION });
    if (selected.length === 0) return setResult({ ok: false, message: MSG_SELECT_TRANSACTIONS });
    setConfirming(true);
  };

  const update = async () => {
    setBusy(true);
    try {
      const res = await bulkUpdateStatus(selected, action!);
      setConfirming(false);
      if (res.status === 'success') {
        setResult({ ok: true, message: res.message });
        // Spec §4: reload after 1.5 s.
        timer.current = setTimeout(() => {
          setResult(null);
          setSelected([]);
          void queryClient.invalidateQueries({ queryKey: transactionsQueryKey });
        }, 1500);
      } else {
        setResult({ ok: false, message: res.message || MSG_BULK_UPDATE_FAILED });
      }
    } catch (error) {
      setConfirming(false);
      setResult({ ok: false, message: getErrorMessage(error, MSG_BULK_UPDATE_FAILED) });
    } finally {
      setBusy(false);
    }
  };

  const columns: ListColumn<TransactionRow>[] = [
    {
      header: (
        <Checkbox
          aria-label="Select all"
          checked={allChecked}
          indeterminate={someChecked && !allChecked}
          onChange={(e) => setSelected(e.currentTarget.checked ? rows.map((r) => r.id) : [])}
        />
      ),
      th: { w: 36 },
      cell: (t) => (
        <Checkbox
          aria-label={`Select ${t.reference_number}`}
          checked={selected.includes(t.id)}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            setSelected((s) => (on ? [...s, t.id] : s.filter((x) => x !== t.id)));
          }}
        />
      ),
    },
    { header: 'Date', td: NO_WRAP, cell: (t) => formatDate(t.transaction_date) },
    {
      header: 'Reference',
      // One word: 'E2E-DONE-…' broke at its hyphens.
      td: { ff: 'monospace', ...NO_WRAP },
      cell: (t) => (
        <>
          {t.reference_number}
          {t.is_partial && (
            <Badge ml={6} size="xs" variant="light">
              partial
            </Badge>
          )}
        </>
      ),
    },
    { header: 'Account', cell: (t) => <TruncatedText maw={180}>{t.account_name}</TruncatedText> },
    { header: 'Supplier', cell: (t) => t.supplier_name ?? '—' },
    {
      header: 'Type',
      cell: ({ transaction_type: type }) => (
        <Text size="sm" c={type === 'credit' ? 'teal' : 'red'}>
          {type === 'credit' ? 'Credit' : 'Debit'}
        </Text>
      ),
    },
    {
      header: 'Amount',
      th: { ta: 'right' },
      td: { ta: 'right', ff: 'monospace' },
      cell: (t) => formatMoney(t.amount, { code: t.currency_code, symbol: t.currency_symbol }),
    },
    {
      header: 'Status',
      cell: (t) => (
        <Text size="sm" fw={500} c={STATUS_COLORS[t.status] ?? 'gray'} tt="capitalize" data-testid="status">
          {t.status}
        </Text>
      ),
    },
    { header: 'Cheque ref.', cell: (t) => t.cheque_reference_number ?? '—' },
    {
      header: 'Description',
      // Two lines at most, never cut sideways ('Supplier commission st…' hid the statement's date).
      th: { w: '20%', miw: 200 },
      cell: (t) => (
        <Text
          size="sm"
          lineClamp={2}
          style={{ overflowWrap: 'anywhere' }}
          title={t.description ?? undefined}
          data-prose
        >
          {t.description ?? ''}
        </Text>
      ),
    },
    {
      ...actionsColumn((t: TransactionRow) => (
        <Anchor component={Link} to={paths.transactions.edit(t.id)} size="sm">
          Edit
        </Anchor>
      )),
      td: NO_WRAP,
    },
  ];
  const span = { base: 12, sm: 6, md: 3 };

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
          <Paper withBorder radius="md" p="md" mb="md">
            <form onSubmit={applyFilters} data-testid="filters">
              {/* 12 columns: the date range gets a third of the second row, room for 'mm/dd/yyyy' twice. */}
              <Grid>
                <Grid.Col span={span}>
                  <AccountSelect
                    label="Account"
                    clearable
                    accounts={accounts.data ?? []}
                    value={filters.account_id || null}
                    onChange={(v) => bind('account_id').onChange(v ?? '')}
                  />
                </Grid.Col>
                <Grid.Col span={span}>
                  <FilterSelect label="Type" data={TYPE_OPTIONS} {...bind('transaction_type')} />
                </Grid.Col>
                <Grid.Col span={span}>
                  <FilterSelect
                    label="Status"
                    data={labelledOptions(TRANSACTION_STATUSES, transactionStatusLabel)}
                    {...bind('status')}
                  />
                </Grid.Col>
                <Grid.Col span={span}>
                  <FilterText label="Reference" {...bind('reference')} />
                </Grid.Col>
                <Grid.Col span={{ ...span, md: 2 }}>
                  <FilterText label="Cheque reference" {...bind('cheque_reference')} />
                </Grid.Col>
                <Grid.Col span={{ ...span, md: 4 }}>
                  <Group grow gap="xs">
                    <FilterText label="Date from" type="date" {...bind('date_from')} />
                    <FilterText label="Date to" type="date" {...bind('date_to')} />
                  </Group>
                </Grid.Col>
                <Grid.Col span={span}>
                  <Group grow gap="xs">
                    <FilterText label="Amount min" type="number" min={0} step={0.01} {...bind('amount_min')} />
                    <FilterText label="Amount max" type="number" min={0} step={0.01} {...bind('amount_max')} />
                  </Group>
                </Grid.Col>
                <Grid.Col span={span}>
                  <Stack justify="flex-end" gap="xs" h="100%">
                    <Switch
                      label="Show double bookings"
                      checked={filters.double_bookings === '1'}
                      onChange={(e) => bind('double_bookings').onChange(e.currentTarget.checked ? '1' : '')}
                    />
                    <Group gap="xs">
                      <Button type="submit" leftSection={<IconFilter size={16} />}>
                        Filter
                      </Button>
                      <Button variant="default" component={Link} to={paths.transactions.list}>
                        Reset
                      </Button>
                    </Group>
                  </Stack>
                </Grid.Col>
              </Grid>
            </form>
          </Paper>

          {result && (
            <Alert
              mb="md"
              color={result.ok ? 'green' : 'red'}
              title={result.ok ? 'Success!' : 'Error!'}
              withCloseButton
              onClose={() => setResult(null)}
              data-testid="bulk-result"
            >
              {result.message}
            </Alert>
          )}
        </>
      }
      toolbar={
        <Group p="sm" justify="space-between" data-testid="bulk-bar">
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {selected.length} selected
            </Text>
            <Select
              aria-label="Bulk action"
              placeholder="Bulk action"
              w={200}
              data={ACTIONS.map((a) => ({ value: a.value, label: a.label }))}
              value={action}
              onChange={setAction}
              clearable
            />
            <Button onClick={apply} disabled={selected.length === 0 || !action}>
              Apply
            </Button>
          </Group>
          <PageSizeSelect
            options={TRANSACTION_PAGE_SIZES}
            value={pageSize}
            onChange={(size) => setParams(withPageSize(params, size))}
          />
        </Group>
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
          opened={confirming}
          onClose={() => setConfirming(false)}
          title="Confirm Status Update"
          confirm={{ label: 'Update Status', loading: busy, onClick: () => void update() }}
        >
          {bulkStatusConfirmation(selected.length, actionLabel ?? '')}
        </ConfirmModal>
      }
    >
      <ListTable
        query={list}
        noun="transactions"
        columns={columns}
        empty="No transactions found."
        minWidth={1000}
        tableProps={{ striped: true, highlightOnHover: true }}
        rowProps={(t) => ({ 'data-testid': `transaction-${t.id}` })}
      />
    </ListPage>
  );
}
