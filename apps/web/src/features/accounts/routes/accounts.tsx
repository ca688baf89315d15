import { Alert, Button, Code, Group, Modal, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { getErrorMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useAccounts, useCurrencySummary, useDeleteAccount, type Account } from '../api/accounts-api';
import { AccountForm } from '../components/account-form';

type Editing = { mode: 'create' } | { mode: 'edit'; account: Account } | null;

/** /accounts (admin): accounts with owner, currency, the supplier's format and balance; per-currency totals. */
export function AccountsRoute() {
  const accounts = useAccounts();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Account | null>(null);
  const remove = useDeleteAccount();
  const ids = useMemo(() => (accounts.data ?? []).map((a) => a.id), [accounts.data]);
  const summary = useCurrencySummary(ids);
  const close = () => setEditing(null);

  let body;
  if (accounts.isPending) {
    body = (
      <Stack p="md" gap="sm" role="status" aria-label="Loading accounts">
        <Skeleton h={20} />
        <Skeleton h={20} />
      </Stack>
    );
  } else if (accounts.isError) {
    body = (
      <Stack p="md">
        <QueryError error={accounts.error} fallback="The accounts could not be loaded." />
      </Stack>
    );
  } else if (accounts.data.length === 0) {
    body = (
      <Text p="xl" ta="center" c="dimmed" data-testid="empty-state">
        No accounts yet.
      </Text>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={820}>
        <Table data-testid="accounts-table" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Account number</Table.Th>
              <Table.Th>Owner</Table.Th>
              <Table.Th>Currency</Table.Th>
              <Table.Th>Booking number format</Table.Th>
              <Table.Th ta="right">Balance</Table.Th>
              <Table.Th w={1} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {accounts.data.map((a) => (
              <Table.Tr key={a.id} data-testid={`account-${a.id}`}>
                <Table.Td fw={500}>{a.name}</Table.Td>
                <Table.Td>{a.account_number || '—'}</Table.Td>
                <Table.Td>
                  <Text size="sm">{a.accountable_name ?? 'Unknown'}</Text>
                  <Text size="xs" c="dimmed" tt="capitalize">
                    {a.accountable_type}
                  </Text>
                </Table.Td>
                <Table.Td>{a.currency.code}</Table.Td>
                <Table.Td>{a.booking_number_format ? <Code>{a.booking_number_format}</Code> : '—'}</Table.Td>
                <Table.Td ta="right" ff="monospace" data-testid="balance">
                  {formatMoney(a.balance, a.currency)}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button
                      variant="subtle"
                      size="xs"
                      leftSection={<IconPencil size={14} />}
                      onClick={() => setEditing({ mode: 'edit', account: a })}
                      aria-label={`Edit ${a.name}`}
                    >
                      Edit
                    </Button>
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => setDeleting(a)}
                      aria-label={`Delete ${a.name}`}
                    >
                      Delete
                    </Button>
                  </Group>
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
        title="Accounts"
        description="Supplier accounts receive money; agent accounts receive payouts. Balance = completed credits − completed debits."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ mode: 'create' })}>
            New account
          </Button>
        }
      />
      <Paper withBorder radius="md">
        {body}
      </Paper>

      {ids.length > 0 && (
        <Paper withBorder radius="md" p="md" mt="md" data-testid="currency-summary">
          <Title order={4} mb="xs">
            Totals per currency (completed transactions)
          </Title>
          {summary.isError ? (
            <Alert color="red">{getErrorMessage(summary.error, 'Failed to fetch account balances')}</Alert>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Currency</Table.Th>
                  <Table.Th ta="right">Credits</Table.Th>
                  <Table.Th ta="right">Debits</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(summary.data ?? []).map((s) => (
                  <Table.Tr key={s.currency_id}>
                    <Table.Td>{s.currency}</Table.Td>
                    <Table.Td ta="right">{formatMoney(s.credit_amount, { code: s.currency })}</Table.Td>
                    <Table.Td ta="right">{formatMoney(s.debit_amount, { code: s.currency })}</Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {formatMoney(s.total_amount, { code: s.currency })}
                    </Table.Td>
                  </Table.Tr>
                ))}
                {summary.data?.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={4} c="dimmed">
                      No completed transactions yet.
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
      )}

      <Modal
        opened={editing !== null}
        onClose={close}
        title={editing?.mode === 'edit' ? 'Edit account' : 'New account'}
      >
        {editing !== null && (
          <AccountForm
            key={editing.mode === 'edit' ? editing.account.id : 'new'}
            account={editing.mode === 'edit' ? editing.account : undefined}
            onSaved={close}
            onCancel={close}
          />
        )}
      </Modal>

      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete account">
        <Stack>
          <Text>
            Delete the account <b>{deleting?.name}</b>? An account with transactions cannot be deleted.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                deleting &&
                remove.mutate(deleting.id, {
                  onSuccess: ({ message }) => {
                    notifications.show({ color: 'green', message });
                    setDeleting(null);
                  },
                  onError: (error) => {
                    notifications.show({ color: 'red', message: getErrorMessage(error) });
                    setDeleting(null);
                  },
                })
              }
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
