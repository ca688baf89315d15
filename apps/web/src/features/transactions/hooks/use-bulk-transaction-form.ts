import { MSG_BULK_FAILED, MSG_BULK_FORMAT_ERRORS } from '@app/domain';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useStoreBulk } from '../api/transactions-api';
import { bulkFormData, checkBulk, emptyRow, rowsToAdd, type BulkRow, type BulkShared } from '../utils/bulk-rows';

export type BulkErrors = Record<string, string>;

const initialShared: BulkShared = {
  account_id: null,
  transaction_type: 'credit',
  status: 'completed',
  description_type: 'default',
  common_description: '',
  cheque_reference_number: '',
  reference_image: null,
};

/** A failed save as errors by field (row fields `transactions.<i>.<field>`) and the messages above the form. */
function errorsFromFailure(error: unknown): { errors?: BulkErrors; messages: string[] } {
  if (!isApiError(error)) return { messages: [MSG_BULK_FAILED] };
  const entries = Object.entries(error.errors);
  if (entries.length === 0) return { messages: [error.hasServerMessage ? error.message : MSG_BULK_FAILED] };
  const errors = Object.fromEntries(entries.map(([k, m]) => [k, m[0] ?? '']));
  const general = entries.filter(([k]) => !k.startsWith('transactions.')).flatMap(([, m]) => m);
  return { errors, messages: general.length ? general : [MSG_BULK_FORMAT_ERRORS] };
}

/** The bulk form's state: shared fields, rows, errors, and the save to submitUrl. */
export function useBulkTransactionForm(submitUrl: string) {
  const navigate = useNavigate();
  const store = useStoreBulk(submitUrl);
  const [shared, setShared] = useState<BulkShared>(initialShared);
  const [rows, setRows] = useState<BulkRow[]>(() => [emptyRow()]);
  const [addCount, setAddCount] = useState<number>(1);
  const [errors, setErrors] = useState<BulkErrors>({});
  const [messages, setMessages] = useState<string[]>([]);

  const setSharedField = <K extends keyof BulkShared>(k: K, v: BulkShared[K]) => setShared((s) => ({ ...s, [k]: v }));
  const setRow = (i: number, patch: Partial<BulkRow>) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const removeRow = (i: number) => {
    setRows((rs) => rs.filter((_, j) => j !== i));
    setErrors({});
  };
  const addRows = () => {
    const n = rowsToAdd(addCount, rows.length);
    if (n > 0) setRows((rs) => [...rs, ...Array.from({ length: n }, emptyRow)]);
  };

  /** Checks in the browser first (format: the chosen account's reference format); the server decides. */
  const submit = (event: FormEvent, format: string | null) => {
    event.preventDefault();
    const check = checkBulk(shared, rows, format);
    setErrors(check.errors);
    setMessages(check.messages);
    if (check.messages.length) return;
    store.mutate(bulkFormData(shared, rows), {
      onSuccess: (res) => {
        notifications.show({ color: 'green', message: res.message ?? 'Transactions created.' });
        void navigate(paths.transactions.list);
      },
      onError: (error) => {
        const failure = errorsFromFailure(error);
        if (failure.errors) setErrors(failure.errors);
        setMessages(failure.messages);
      },
    });
  };

  return {
    shared,
    setSharedField,
    rows,
    setRow,
    removeRow,
    addCount,
    setAddCount,
    addRows,
    errors,
    messages,
    submit,
    isSaving: store.isPending,
  };
}
