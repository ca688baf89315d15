import { Anchor, Button, Checkbox, Group, Paper, SimpleGrid, Skeleton, Stack, Textarea } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { useAccounts, type Account } from '../../accounts';
import { useTransaction, type Transaction } from '../api/transactions-api';
import { ReferenceImageInput } from '../components/reference-image-input';
import {
  TransactionAccountField,
  TransactionFormAlert,
  TransactionMoneyFields,
  TransactionReferenceFields,
} from '../components/transaction-form-fields';
import { useTransactionForm } from '../hooks/use-transaction-form';

/** /transactions/create */
export function TransactionCreateRoute() {
  const accounts = useAccounts();
  if (accounts.isPending) return <Skeleton h={300} />;
  if (accounts.isError) return <QueryError error={accounts.error} fallback="The accounts could not be loaded." />;
  return <TransactionForm accounts={accounts.data} />;
}

/** /transactions/:id/edit */
export function TransactionEditRoute() {
  const id = Number(useParams().id);
  const accounts = useAccounts();
  const tx = useTransaction(Number.isInteger(id) ? id : null);
  if (accounts.isPending || tx.isPending) return <Skeleton h={300} />;
  if (accounts.isError) return <QueryError error={accounts.error} fallback="The accounts could not be loaded." />;
  if (tx.isError) return <QueryError error={tx.error} fallback="The transaction could not be loaded." />;
  return <TransactionForm accounts={accounts.data} transaction={tx.data} />;
}

/** The single transaction form (spec §2.4): every field, locks on edit, format mask, image, error catalogue. */
export function TransactionForm({ accounts, transaction }: { accounts: Account[]; transaction?: Transaction }) {
  const state = useTransactionForm(accounts, transaction);
  const { values, set, fieldErrors, editing, cancelTo } = state;

  return (
    <>
      <PageHeader
        title={editing ? 'Edit transaction' : 'New transaction'}
        actions={
          <Anchor component={Link} to={cancelTo}>
            Cancel
          </Anchor>
        }
      />
      <Paper withBorder radius="md" p="lg" maw={880}>
        <form onSubmit={state.submit} noValidate data-testid="transaction-form">
          <Stack>
            <TransactionFormAlert state={state} />
            <TransactionAccountField state={state} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TransactionMoneyFields state={state} />
              <TransactionReferenceFields state={state} />
            </SimpleGrid>
            <Textarea
              label="Description"
              autosize
              minRows={2}
              value={values.description}
              onChange={(e) => set('description', e.currentTarget.value)}
              error={fieldErrors.description}
            />
            <Checkbox
              label="Partial payment"
              checked={values.is_partial}
              onChange={(e) => set('is_partial', e.currentTarget.checked)}
            />
            <ReferenceImageInput
              value={values.reference_image}
              onChange={(f) => set('reference_image', f)}
              existingUrl={transaction?.reference_image_url}
              existingMime={transaction?.reference_image?.mimetype}
              error={fieldErrors.reference_image}
            />
            <Group justify="flex-end">
              <Button component={Link} to={cancelTo} variant="default">
                Cancel
              </Button>
              <Button type="submit" loading={state.isSaving}>
                {editing ? 'Save changes' : 'Create transaction'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
