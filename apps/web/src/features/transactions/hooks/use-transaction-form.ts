import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { currencyLabel, useCurrencies } from '../../../api/currencies';
import { paths, safeRedirect } from '../../../lib/paths';
import type { Account } from '../../accounts';
import { useSaveTransaction, type Transaction } from '../api/transactions-api';
import {
  initialTransactionValues,
  referenceFormatProblem,
  saveRefusal,
  toTransactionFormData,
  transactionStatusOptions,
  transactionValueErrors,
  type TransactionFormAlert,
  type TransactionFormValues,
} from '../utils/transaction-form';

/** The single transaction form's values, their errors and alert, the account's reference format, and the save. */
export function useTransactionForm(accounts: Account[], transaction?: Transaction) {
  const [params] = useSearchParams();
  const cancelTo = safeRedirect(params.get('cancel'), paths.transactions.list);
  const navigate = useNavigate();
  const currencies = useCurrencies();
  const save = useSaveTransaction();
  const [values, setValues] = useState<TransactionFormValues>(() => initialTransactionValues(transaction));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<TransactionFormAlert | null>(null);
  const set = <K extends keyof TransactionFormValues>(key: K, value: TransactionFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  /** Another account brings its currency along. */
  const chooseAccount = (value: string | null) => {
    const next = accounts.find((a) => String(a.id) === value);
    setValues((v) => ({ ...v, account_id: value, currency_id: next ? String(next.currency_id) : v.currency_id }));
  };

  const account = accounts.find((a) => String(a.id) === values.account_id);
  const format = account?.accountable_type === 'supplier' ? account.booking_number_format : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors = transactionValueErrors(values, format);
    setFieldErrors(errors);
    if (Object.keys(errors).length) {
      setAlert({ message: null, list: Object.values(errors) });
      return;
    }
    setAlert(null);
    save.mutate(
      { id: transaction?.id, form: toTransactionFormData(values) },
      {
        onSuccess: (res) => {
          notifications.show({ color: 'green', message: res.message ?? 'Transaction saved.' });
          void navigate(res.redirect ?? cancelTo);
        },
        onError: (error) => {
          const refusal = saveRefusal(error);
          if (refusal.fieldErrors) setFieldErrors(refusal.fieldErrors);
          setAlert(refusal.alert);
        },
      },
    );
  };

  return {
    accounts,
    editing: transaction !== undefined,
    cancelTo,
    values,
    set,
    chooseAccount,
    fieldErrors,
    alert,
    closeAlert: () => setAlert(null),
    format,
    currencyOptions: (currencies.data ?? []).map((c) => ({ value: String(c.id), label: currencyLabel(c) })),
    /** The reference's format problem, shown as it is typed. */
    referenceProblem: referenceFormatProblem(format, values.reference_number),
    statusOptions: transactionStatusOptions(transaction),
    submit,
    isSaving: save.isPending,
  };
}

export type TransactionFormState = ReturnType<typeof useTransactionForm>;
