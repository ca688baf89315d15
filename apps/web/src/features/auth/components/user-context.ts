import type { SessionUser } from '@app/domain';
import { createContext, useContext } from 'react';

/**
 * The signed-in user, provided by <RequireAuth>. Reading it from context (not from the session query)
 * means a page never renders with a user that has just disappeared: the guard swaps the whole tree first.
 */
export const UserContext = createContext<SessionUser | null>(null);

/** The signed-in user. Only for components under `<RequireAuth>`, which guarantees one. */
export function useUser(): SessionUser {
  const user = useContext(UserContext);
  if (!user) throw new Error('useUser() is only available inside <RequireAuth>.');
  return user;
}
