import { transactionEndpoints } from '@app/domain';
import { Alert, Anchor, Button, Group, List, Skeleton, Stack } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { paths, safeRedirect } from '../../../lib/paths';
import { useAccounts } from '../../accounts';
import { BulkRowsTable } from '../components/bulk-rows-table';
import { BulkSharedFields } from '../components/bulk-shared-fields';
import { useBulkTransactionForm } from '../hooks/use-bulk-transaction-form';

/** /transactions/create-bulk (spec §2.5): shared fields, rows, description types, errors mapped to rows. */
export function BulkTransactionRoute() {
  const [params] = useSearchParams();
  // Same-site paths only: the form posts the CSRF token to submitUrl.
  const submitUrl = safeRedirect(params.get('submit'), transactionEndpoints.storeBulk.path);
  const cancelTo = safeRedirect(params.get('cancel'), paths.transactions.list);
  const accounts = useAccounts({ accountable_type: 'supplier' });
  const form = useBulkTransactionForm(submitUrl);

  if (accounts.isPending) return <Skeleton h={300} />;
  if (accounts.isError) return <QueryError error={accounts.error} fallback="The accounts could not be loaded." />;
  const account = accounts.data.find((a) => String(a.id) === form.shared.account_id);
  const format = account?.booking_number_format ?? null;

  return (
    <>
      <PageHeader
        title="Bulk transactions"
        actions={
          <Anchor component={Link} to={cancelTo}>
            Cancel
          </Anchor>
        }
      />
      <form onSubmit={(event) => form.submit(event, format)} noValidate data-testid="bulk-form">
        <Stack>
          <BulkMessages messages={form.messages} />
          <BulkSharedFields
            accounts={accounts.data}
            shared={form.shared}
            onChange={form.setSharedField}
            format={format}
            errors={form.errors}
          />
          <BulkRowsTable form={form} format={format} />
          <Group justify="flex-end">
            <Button component={Link} to={cancelTo} variant="default">
              Cancel
            </Button>
            <Button type="submit" loading={form.isSaving}>
              Save transactions
            </Button>
          </Group>
        </Stack>
      </form>
    </>
  );
}

/** The messages of the last check or save, above the form. */
function BulkMessages({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <Alert color="red" variant="light" data-testid="form-error">
      <List size="sm">
        {messages.map((m, i) => (
          <List.Item key={i}>{m}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
