import {
  formatBookingReference,
  formatMismatchMessage,
  matchesBookingFormat,
  MSG_TRANSACTION_EXCEPTION,
  MSG_TRANSACTION_FAILED,
  moneyInputText,
  transactionInputSchema,
} from '@app/domain';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  List,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { currencyLabel, useCurrencies } from '../../../api/currencies';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api-client';
import { paths, safeRedirect } from '../../../lib/paths';
import { useAccounts, type Account } from '../../accounts';
import { useSaveTransaction, useTransaction, type Transaction } from '../api/transactions-api';
import { AccountSelect } from '../components/account-select';
import { SETTABLE_STATUS_OPTIONS, transactionStatusLabel, TRANSACTION_TYPE_OPTIONS } from '../utils/status-options';
import { ReferenceImageInput } from '../components/reference-image-input';

interface Values {
  account_id: string | null;
  transaction_type: string | null;
  currency_id: string | null;
  amount: string;
  reference_number: string;
  status: string;
  description: string;
  is_partial: boolean;
  cheque_reference_number: string;
  reference_image: File | null;
}

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
  const [params] = useSearchParams();
  const cancelTo = safeRedirect(params.get('cancel'), paths.transactions.list);
  const navigate = useNavigate();
  const currencies = useCurrencies();
  const save = useSaveTransaction();
  const editing = transaction !== undefined;
  const [values, setValues] = useState<Values>({
    account_id: transaction ? String(transaction.account_id) : null,
    transaction_type: transaction?.transaction_type ?? 'credit',
    currency_id: transaction ? String(transaction.currency_id) : null,
    amount: transaction ? moneyInputText(transaction.amount) : '',
    reference_number: transaction?.reference_number ?? '',
    status: transaction?.status ?? 'completed',
    description: transaction?.description ?? '',
    is_partial: transaction?.is_partial ?? false,
    cheque_reference_number: transaction?.cheque_reference_number ?? '',
    reference_image: null,
  });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<{ message: string | null; list: string[] } | null>(null);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const account = accounts.find((a) => String(a.id) === values.account_id);
  const format = account?.accountable_type === 'supplier' ? account.booking_number_format : null;
  const referenceMismatch =
    !!format && values.reference_number !== '' && !matchesBookingFormat(format, values.reference_number.toUpperCase());
  // A completed transaction can be reversed (the supplier took the money back; DOMAIN.md invariant 2 leaves
  // a booking it funded overpaid, to claw back); a reversed one keeps its status.
  const statusOptions =
    transaction?.status === 'reversed' || transaction?.status === 'completed'
      ? [...SETTABLE_STATUS_OPTIONS, { value: 'reversed', label: transactionStatusLabel('reversed') }]
      : SETTABLE_STATUS_OPTIONS;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors: Record<string, string> = {};
    if (!values.account_id) errors.account_id = 'The account field is required.';
    if (!values.transaction_type) errors.transaction_type = 'The transaction type field is required.';
    if (!values.currency_id) errors.currency_id = 'The currency field is required.';
    // The server's rule and messages: required, at most 2 decimals, at least 0.01.
    const amount = transactionInputSchema.shape.amount.safeParse(values.amount);
    if (!amount.success) errors.amount = amount.error.issues[0]!.message;
    if (!values.reference_number.trim()) errors.reference_number = 'The reference number field is required.';
    else if (referenceMismatch) errors.reference_number = formatMismatchMessage(format!);
    setFieldErrors(errors);
    if (Object.keys(errors).length) {
      setAlert({ message: null, list: Object.values(errors) });
      return;
    }
    setAlert(null);
    const form = new FormData();
    form.append('account_id', values.account_id!);
    form.append('transaction_type', values.transaction_type!);
    form.append('currency_id', values.currency_id!);
    form.append('amount', values.amount.trim());
    form.append('reference_number', values.reference_number.trim());
    form.append('status', values.status);
    form.append('description', values.description);
    form.append('is_partial', values.is_partial ? '1' : '0');
    form.append('cheque_reference_number', values.cheque_reference_number);
    if (values.reference_image) form.append('reference_image', values.reference_image);
    save.mutate(
      { id: transaction?.id, form },
      {
        onSuccess: (res) => {
          notifications.show({ color: 'green', message: res.message ?? 'Transaction saved.' });
          void navigate(res.redirect ?? cancelTo);
        },
        onError: (error) => {
          if (!isApiError(error)) {
            setAlert({ message: MSG_TRANSACTION_EXCEPTION, list: [] });
            return;
          }
          const flat = Object.entries(error.errors);
          if (flat.length) {
            // Field errors flattened into a list; the reference input turns red.
            setFieldErrors(Object.fromEntries(flat.map(([k, m]) => [k, m[0] ?? ''])));
            setAlert({ message: null, list: flat.flatMap(([, m]) => m) });
          } else {
            setAlert({ message: error.hasServerMessage ? error.message : MSG_TRANSACTION_FAILED, list: [] });
          }
        },
      },
    );
  };

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
        <form onSubmit={submit} noValidate data-testid="transaction-form">
          <Stack>
            {alert && (
              <Alert
                color="red"
                variant="light"
                data-testid="form-error"
                withCloseButton
                onClose={() => setAlert(null)}
              >
                {alert.message}
                {alert.list.length > 0 && (
                  <List size="sm">
                    {alert.list.map((m, i) => (
                      <List.Item key={i}>{m}</List.Item>
                    ))}
                  </List>
                )}
              </Alert>
            )}
            <AccountSelect
              label="Account"
              required
              accounts={accounts.filter((a) => !a.is_deleted || String(a.id) === values.account_id)}
              placeholder="Choose an account"
              value={values.account_id}
              disabled={editing}
              error={fieldErrors.account_id}
              onChange={(value) => {
                const next = accounts.find((a) => String(a.id) === value);
                setValues((v) => ({
                  ...v,
                  account_id: value,
                  currency_id: next ? String(next.currency_id) : v.currency_id,
                }));
              }}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Transaction type"
                required
                data={TRANSACTION_TYPE_OPTIONS}
                value={values.transaction_type}
                onChange={(v) => set('transaction_type', v)}
                disabled={editing}
                error={fieldErrors.transaction_type}
              />
              <Select
                label="Currency"
                required
                searchable
                data={(currencies.data ?? []).map((c) => ({ value: String(c.id), label: currencyLabel(c) }))}
                value={values.currency_id}
                onChange={(v) => set('currency_id', v)}
                disabled={editing}
                error={fieldErrors.currency_id}
              />
              <TextInput
                label="Amount"
                required
                type="number"
                min={0.01}
                step={0.01}
                inputMode="decimal"
                value={values.amount}
                onChange={(e) => set('amount', e.currentTarget.value)}
                error={fieldErrors.amount}
              />
              <TextInput
                label="Reference number"
                required
                maxLength={64}
                placeholder={format ?? undefined}
                description={format ? `Format: ${format}` : undefined}
                value={values.reference_number}
                onChange={(e) => set('reference_number', formatBookingReference(format, e.currentTarget.value))}
                error={fieldErrors.reference_number ?? (referenceMismatch ? formatMismatchMessage(format!) : undefined)}
                data-testid="reference-number"
              />
              <Select
                label="Status"
                data={statusOptions}
                value={values.status}
                onChange={(v) => set('status', v ?? 'completed')}
                allowDeselect={false}
                error={fieldErrors.status}
              />
              <TextInput
                label="Cheque reference number"
                maxLength={64}
                value={values.cheque_reference_number}
                onChange={(e) => set('cheque_reference_number', e.currentTarget.value)}
                error={fieldErrors.cheque_reference_number}
              />
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
              <Button type="submit" loading={save.isPending}>
                {editing ? 'Save changes' : 'Create transaction'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
