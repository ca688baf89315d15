import { LOGIN_FAILED, LOGIN_THROTTLED, type PasswordChangeInput } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError, validationError } from '../../http/errors';
import type { SessionMeta, SessionStore } from '../../http/session';
import { findUserByEmail } from '../users';
import type { LoginThrottle } from './login-throttle';
import { writeAudit } from '../../shared/audit';
import { hashPassword, verifyPassword } from '../../shared/password';

/**
 * The user an e-mail and password sign in as, or the sign-in's refusal: throttled (counted before the
 * password is checked, so parallel guesses cannot all be checked) or the one failure for every reason.
 */
export async function authenticate(db: Db, throttle: LoginThrottle, email: string, password: string, ip: string) {
  const attempt = await throttle.attempt(email, ip);
  if (!attempt.granted) {
    const wait = attempt.retryAfter;
    throw new AppError('throttled', LOGIN_THROTTLED(wait), undefined, { retry_after: wait });
  }
  const found = await findUserByEmail(db, email);
  // Unknown, inactive and wrong look alike: same answer, and one hash verification each
  // (a dummy hash for a user who may not sign in), so neither the answer nor its timing tells.
  const usable = found !== null && found.is_active && !found.agent_inactive;
  const ok = await verifyPassword(usable ? found.password_hash : null, password);
  if (!usable || !ok) throw validationError({ email: [LOGIN_FAILED] });
  await throttle.succeeded(attempt);
  return found;
}

export async function recordSignIn(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ last_login_at: new Date() }).where(eq(users.id, userId));
}

/**
 * Changes the user's own password after checking the current one. Every session of the user ends, the
 * one asking too; the answer is the new session this browser goes on in.
 */
export async function changePassword(
  db: Db,
  sessions: SessionStore,
  userId: number,
  input: PasswordChangeInput,
  meta: SessionMeta,
) {
  const [row] = await db.select({ hash: users.password_hash }).from(users).where(eq(users.id, userId));
  if (!(await verifyPassword(row?.hash ?? null, input.current_password))) {
    throw validationError({ current_password: ['The current password is incorrect.'] });
  }
  const hash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ password_hash: hash, must_change_password: false, updated_at: new Date() })
      .where(eq(users.id, userId));
    // Every session of the user ends, this one too; this browser goes on in a new one.
    await tx.execute(sql`delete from sessions where user_id = ${userId}`);
    const next = await sessions.create(userId, meta, tx);
    await writeAudit(tx, { userId, action: 'password_change', entityType: 'user', entityId: userId });
    return next;
  });
}
