import { useCallback, useEffect, useRef } from 'react';

/** Given a modal's trigger while it is still there, what to focus if it goes. */
export type FocusFallback = (trigger: HTMLElement) => () => HTMLElement | null | undefined;

/** How long after the trigger went the focus may still be on its way back from the closing modal. */
const WAIT_MS = 1500;

/**
 * Keeps the keyboard focus on the page when a modal's trigger goes with what the modal did (WCAG 2.4.3):
 * Mantine's Modal gives the focus back to the element that opened it, but a paid booking's Payout button or
 * an approved claim's row is gone once the list refreshes, and the focus falls to the page's body.
 *
 * `arm(fallback)` when the modal opens (the focus is on its trigger). Each time `refreshed` changes (the
 * list's data), if the trigger has gone: once the closing modal has let go of the focus and nothing holds
 * it, the fallback is focused. When the trigger stays, Mantine's own return is what happens.
 */
export function useFocusFallback(refreshed: unknown): (fallback: FocusFallback) => void {
  const armed = useRef<{ trigger: HTMLElement; find: () => HTMLElement | null | undefined } | null>(null);
  const timer = useRef(0);

  useEffect(() => {
    const current = armed.current;
    if (!current || current.trigger.isConnected) return;
    armed.current = null;
    const until = Date.now() + WAIT_MS;
    const check = () => {
      const active = document.activeElement;
      if (!active || active === document.body) {
        current.find()?.focus();
      } else if (active.closest('[role="dialog"]') && Date.now() < until) {
        // The modal is still closing: Mantine returns the focus when it has.
        timer.current = window.setTimeout(check, 50);
      }
    };
    check();
  }, [refreshed]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  return useCallback((fallback: FocusFallback) => {
    const trigger = document.activeElement;
    armed.current =
      trigger instanceof HTMLElement && trigger !== document.body ? { trigger, find: fallback(trigger) } : null;
  }, []);
}
