import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';

/** A flash message handed over by navigation (after create, update, cancel or delete). */
export function useFlash() {
  const location = useLocation();
  const [dismissedKey, setDismissedKey] = useState<string | null>(null);
  const state = location.state as { flash?: string } | null;
  const message = state?.flash && dismissedKey !== location.key ? state.flash : null;
  const dismiss = useCallback(() => setDismissedKey(location.key), [location.key]);
  return { message, dismiss };
}
