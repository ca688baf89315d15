import { Code, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { EditModal, useEditModal } from '../../../components/edit-modal';
import { ListPage } from '../../../components/list-page';
import {
  actionsColumn,
  DeleteButton,
  EditButton,
  ListTable,
  type ListColumn,
  NO_WRAP,
} from '../../../components/list-table';
import { getErrorMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useAccounts, useDeleteAccount, type Account } from '../api/accounts-api';
import { AccountForm } from '../components/account-form';
import { CurrencySummary } from '../components/currency-summary';
import { TruncatedText } from '../../../components/truncated-text';

const ABOUT_ACCOUNTS =
  'Supplier accounts receive money; agent accounts receive payouts. Balance = completed credits − completed debits.';

/** /accounts (admin): accounts with owner, currency, the supplier's format and balance; per-currency totals. */
export function AccountsRoute() {
  const accounts = useAccounts();
  const editor = useEditModal<Account>({ create: 'New account', edit: 'Edit account' });
  const [deleting, setDeleting] = useState<Account | null>(null);
  const ids = useMemo(() => (accounts.data ?? []).map((a) => a.id), [accounts.data]);

  return (
    <ListPage
      title="Accounts"
      description={ABOUT_ACCOUNTS}
      create={{ label: 'New account', onClick: editor.openCreate }}
      after={
        <>
          <CurrencySummary ids={ids} />
          <EditModal modal={editor}>{(account, close) => <AccountForm account={account} {...close} />}</EditModal>
          <DeleteAccountModal account={deleting} onClose={() => setDeleting(null)} />
        </>
      }
    >
      <ListTable
        query={accounts}
        noun="accounts"
        columns={accountColumns(editor.openEdit, setDeleting)}
        tableProps={{ striped: true }}
        rowProps={(a) => ({ 'data-testid': `account-${a.id}` })}
      />
    </ListPage>
  );
}

function accountColumns(onEdit: (a: Account) => void, onDelete: (a: Account) => void): ListColumn<Account>[] {
  return [
    { header: 'Name', cell: (a) => <TruncatedText maw={220}>{a.name}</TruncatedText>, td: { fw: 500 } },
    { header: 'Account number', td: NO_WRAP, cell: (a) => a.account_number || '—' },
    {
      header: 'Owner',
      cell: (a) => (
        <>
          <TruncatedText size="sm" maw={200}>
            {a.accountable_name ?? 'Unknown'}
          </TruncatedText>
          <Text size="xs" c="dimmed" tt="capitalize">
            {a.accountable_type}
          </Text>
        </>
      ),
    },
    { header: 'Currency', cell: (a) => a.currency.code },
    {
      header: 'Booking number format',
      cell: (a) => (a.booking_number_format ? <Code>{a.booking_number_format}</Code> : '—'),
    },
    {
      header: 'Balance',
      cell: (a) => formatMoney(a.balance, a.currency),
      th: { ta: 'right' },
      // On one line: '-CA$2,310.92' broke after its minus sign.
      td: { ta: 'right', ff: 'monospace', 'data-testid': 'balance', ...NO_WRAP },
    },
    actionsColumn((a) => (
      <>
        <EditButton label={`Edit ${a.name}`} onClick={() => onEdit(a)} />
        <DeleteButton label={`Delete ${a.name}`} onClick={() => onDelete(a)} />
      </>
    )),
  ];
}

/** Asks before deleting; the outcome, deleted or refused, is a notification and the question closes. */
function DeleteAccountModal({ account, onClose }: { account: Account | null; onClose: () => void }) {
  const remove = useDeleteAccount();
  const deleteAccount = () =>
    account &&
    remove.mutate(account.id, {
      onSuccess: ({ message }) => {
        notifications.show({ color: 'green', message });
        onClose();
      },
      onError: (error) => {
        notifications.show({ color: 'red', message: getErrorMessage(error) });
        onClose();
      },
    });
  return (
    <ConfirmModal
      opened={account !== null}
      onClose={onClose}
      title="Delete account"
      confirm={{ label: 'Delete', color: 'red', loading: remove.isPending, onClick: deleteAccount }}
    >
      Delete the account <b>{account?.name}</b>? An account with transactions cannot be deleted.
    </ConfirmModal>
  );
}
