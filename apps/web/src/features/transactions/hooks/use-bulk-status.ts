import { MSG_BULK_UPDATE_FAILED, MSG_SELECT_ACTION, MSG_SELECT_TRANSACTIONS } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import { bulkUpdateStatus, transactionsQueryKey } from '../api/transactions-api';

/**
 * The transactions list's bulk status change (spec §2.7, §4): the selected rows, the chosen action, the
 * confirmation, and the result shown until the list reloads 1.5 s after a success.
 */
export function useBulkStatus() {
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<number[]>([]);
  const [action, setAction] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

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

  return {
    selected,
    setSelected,
    action,
    setAction,
    confirming,
    cancel: () => setConfirming(false),
    busy,
    result,
    clearResult: () => setResult(null),
    apply,
    update,
  };
}
