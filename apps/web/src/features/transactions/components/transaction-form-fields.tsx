import { formatBookingReference } from '@app/domain';
import { Alert, List, Select, TextInput } from '@mantine/core';
import { AccountSelect } from '../../../components/account-select';
import type { TransactionFormState } from '../hooks/use-transaction-form';
import { TRANSACTION_TYPE_OPTIONS } from '../utils/status-options';

/** The alert above the form: the server's message and/or the errors as a list; it can be closed. */
export function TransactionFormAlert({ state }: { state: TransactionFormState }) {
  const { alert } = state;
  if (!alert) return null;
  return (
    <Alert color="red" variant="light" data-testid="form-error" withCloseButton onClose={state.closeAlert}>
      {alert.message}
      {alert.list.length > 0 && (
        <List size="sm">
          {alert.list.map((m, i) => (
            <List.Item key={i}>{m}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

/** The account (a deleted one only when it is the transaction's own); locked on edit. */
export function TransactionAccountField({ state }: { state: TransactionFormState }) {
  const { accounts, values } = state;
  return (
    <AccountSelect
      label="Account"
      required
      accounts={accounts.filter((a) => !a.is_deleted || String(a.id) === values.account_id)}
      placeholder="Choose an account"
      value={values.account_id}
      disabled={state.editing}
      error={state.fieldErrors.account_id}
      onChange={state.chooseAccount}
    />
  );
}

/** Type, currency (both locked on edit) and amount: grid cells of the form. */
export function TransactionMoneyFields({ state }: { state: TransactionFormState }) {
  const { values, set, fieldErrors, editing } = state;
  return (
    <>
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
        data={state.currencyOptions}
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
    </>
  );
}

/** Reference number (masked to the supplier's booking format), status and cheque reference: grid cells. */
export function TransactionReferenceFields({ state }: { state: TransactionFormState }) {
  const { values, set, fieldErrors, format } = state;
  return (
    <>
      <TextInput
        label="Reference number"
        required
        maxLength={64}
        placeholder={format ?? undefined}
        description={format ? `Format: ${format}` : undefined}
        value={values.reference_number}
        onChange={(e) => set('reference_number', formatBookingReference(format, e.currentTarget.value))}
        error={fieldErrors.reference_number ?? state.referenceProblem}
        data-testid="reference-number"
      />
      <Select
        label="Status"
        data={state.statusOptions}
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
    </>
  );
}
