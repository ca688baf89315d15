import {
  bulkStatusConfirmation,
  MSG_BULK_UPDATE_FAILED,
  MSG_SELECT_ACTION,
  MSG_SELECT_TRANSACTIONS,
  TRANSACTION_PAGE_SIZES,
  TRANSACTION_STATUSES,
} from '@app/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Grid,
  Group,
  Modal,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconFilter, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { getErrorMessage } from '../../../lib/api-client';
import { formatDate, formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useAccounts } from '../../accounts';
import { bulkUpdateStatus, transactionsQueryKey, useTransactions } from '../api/transactions-api';
import { AccountSelect } from '../components/account-select';
import { transactionStatusLabel } from '../utils/status-options';
import { ACTIONS, filtersToParams, pageSizeOf, readFilters, withPageSize, type Filters } from '../utils/list-query';

const STATUS_COLORS: Record<string, string> = {
  completed: 'green',
  pending: 'yellow',
  failed: 'red',
  reversed: 'gray',
};

/** /transactions (spec §2.7 and the list filters): filters in the query string, paging, bulk status. */
export function TransactionsListRoute() {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const list = useTransactions(search);
  const accounts = useAccounts();
  const queryClient = useQueryClient();
  const pageSize = pageSizeOf(params);
  const [filters, setFilters] = useState<Filters>(() => readFilters(params));
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
  const setF = (k: keyof Filters, v: string) => setFilters((f) => ({ ...f, [k]: v }));

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

  let body;
  if (list.isPending) {
    body = (
      <Stack p="md" gap="sm" role="status" aria-label="Loading transactions">
        <Skeleton h={20} />
        <Skeleton h={20} />
        <Skeleton h={20} />
      </Stack>
    );
  } else if (list.isError) {
    body = (
      <Stack p="md">
        <QueryError error={list.error} fallback="The transactions could not be loaded." />
      </Stack>
    );
  } else if (rows.length === 0) {
    body = (
      <Text p="xl" ta="center" c="dimmed" data-testid="empty-state">
        No transactions found.
      </Text>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={1000}>
        <Table data-testid="transactions-table" striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36}>
                <Checkbox
                  aria-label="Select all"
                  checked={allChecked}
                  indeterminate={someChecked && !allChecked}
                  onChange={(e) => setSelected(e.currentTarget.checked ? rows.map((r) => r.id) : [])}
                />
              </Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Reference</Table.Th>
              <Table.Th>Account</Table.Th>
              <Table.Th>Supplier</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Cheque ref.</Table.Th>
              <Table.Th w="20%">Description</Table.Th>
              <Table.Th w={1} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((t) => (
              <Table.Tr key={t.id} data-testid={`transaction-${t.id}`}>
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${t.reference_number}`}
                    checked={selected.includes(t.id)}
                    onChange={(e) => {
                      const on = e.currentTarget.checked;
                      setSelected((s) => (on ? [...s, t.id] : s.filter((x) => x !== t.id)));
                    }}
                  />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(t.transaction_date)}</Table.Td>
                <Table.Td ff="monospace">
                  {t.reference_number}
                  {t.is_partial && (
                    <Badge ml={6} size="xs" variant="light">
                      partial
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{t.account_name}</Table.Td>
                <Table.Td>{t.supplier_name ?? '—'}</Table.Td>
                <Table.Td>
                  <Text size="sm" c={t.transaction_type === 'credit' ? 'teal' : 'red'}>
                    {t.transaction_type === 'credit' ? 'Credit' : 'Debit'}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {formatMoney(t.amount, { code: t.currency_code, symbol: t.currency_symbol })}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500} c={STATUS_COLORS[t.status] ?? 'gray'} tt="capitalize" data-testid="status">
                    {t.status}
                  </Text>
                </Table.Td>
                <Table.Td>{t.cheque_reference_number ?? '—'}</Table.Td>
                <Table.Td style={{ maxWidth: 0 }}>
                  <Text size="sm" truncate title={t.description ?? undefined}>
                    {t.description ?? ''}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Anchor component={Link} to={paths.transactions.edit(t.id)} size="sm">
                    Edit
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  const data = list.data;
  return (
    <>
      <PageHeader
        title="Transactions"
        actions={
          <Group gap="xs">
            <Button component={Link} to={paths.transactions.createBulk} variant="default">
              Bulk entry
            </Button>
            <Button component={Link} to={paths.transactions.create} leftSection={<IconPlus size={16} />}>
              New transaction
            </Button>
          </Group>
        }
      />

      <Paper withBorder radius="md" p="md" mb="md">
        <form onSubmit={applyFilters} data-testid="filters">
          {/* 12 columns: the date range gets a third of the second row, room for 'mm/dd/yyyy' twice. */}
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
              <AccountSelect
                label="Account"
                clearable
                accounts={accounts.data ?? []}
                value={filters.account_id || null}
                onChange={(v) => setF('account_id', v ?? '')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
              <Select
                label="Type"
                clearable
                data={[
                  { value: 'credit', label: 'Credit' },
                  { value: 'debit', label: 'Debit' },
                ]}
                value={filters.transaction_type || null}
                onChange={(v) => setF('transaction_type', v ?? '')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
              <Select
                label="Status"
                clearable
                data={TRANSACTION_STATUSES.map((s) => ({ value: s, label: transactionStatusLabel(s) }))}
                value={filters.status || null}
                onChange={(v) => setF('status', v ?? '')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
              <TextInput
                label="Reference"
                value={filters.reference}
                onChange={(e) => setF('reference', e.currentTarget.value)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 2 }}>
              <TextInput
                label="Cheque reference"
                value={filters.cheque_reference}
                onChange={(e) => setF('cheque_reference', e.currentTarget.value)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <Group grow gap="xs">
                <TextInput
                  label="Date from"
                  type="date"
                  value={filters.date_from}
                  onChange={(e) => setF('date_from', e.currentTarget.value)}
                />
                <TextInput
                  label="Date to"
                  type="date"
                  value={filters.date_to}
                  onChange={(e) => setF('date_to', e.currentTarget.value)}
                />
              </Group>
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
              <Group grow gap="xs">
                <TextInput
                  label="Amount min"
                  type="number"
                  min={0}
                  step={0.01}
                  value={filters.amount_min}
                  onChange={(e) => setF('amount_min', e.currentTarget.value)}
                />
                <TextInput
                  label="Amount max"
                  type="number"
                  min={0}
                  step={0.01}
                  value={filters.amount_max}
                  onChange={(e) => setF('amount_max', e.currentTarget.value)}
                />
              </Group>
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
              <Stack justify="flex-end" gap="xs" h="100%">
                <Switch
                  label="Show double bookings"
                  checked={filters.double_bookings === '1'}
                  onChange={(e) => setF('double_bookings', e.currentTarget.checked ? '1' : '')}
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

      <Paper withBorder radius="md">
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
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              Per page
            </Text>
            <Select
              aria-label="Page size"
              w={90}
              allowDeselect={false}
              data={TRANSACTION_PAGE_SIZES.map(String)}
              value={String(pageSize)}
              onChange={(v) => v && setParams(withPageSize(params, Number(v)))}
            />
          </Group>
        </Group>
        {body}
        {data && data.total > 0 && (
          <Group p="sm" justify="space-between">
            <Text size="sm" c="dimmed" data-testid="pagination-text">
              Showing {data.from} to {data.to} of {data.total} results ({data.per_page} per page)
            </Text>
            <Pagination
              total={data.last_page}
              value={data.current_page}
              onChange={(page) => {
                const next = new URLSearchParams(params);
                next.set('page', String(page));
                setParams(next);
              }}
              size="sm"
            />
          </Group>
        )}
      </Paper>

      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Confirm Status Update">
        <Stack>
          <Text>{bulkStatusConfirmation(selected.length, actionLabel ?? '')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button onClick={() => void update()} loading={busy}>
              Update Status
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
