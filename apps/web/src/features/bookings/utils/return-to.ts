import { paths, safeRedirect } from '../../../lib/paths';

/**
 * The page that opened the booking form, handed over in the navigation state by the links that open it
 * (the booking page, a list row with its filters): the form goes back there after a save.
 */
export interface ReturnToState {
  returnTo: string;
}

export const returnTo = (to: string): ReturnToState => ({ returnTo: to });

/** The page to go back to from the navigation state, when it is one of the bookings pages; else null. */
export function readReturnTo(state: unknown): string | null {
  const target = (state as Partial<ReturnToState> | null)?.returnTo;
  const safe = safeRedirect(target, '');
  return safe === paths.bookings.list ||
    safe.startsWith(`${paths.bookings.list}/`) ||
    safe.startsWith(`${paths.bookings.list}?`)
    ? safe
    : null;
}
