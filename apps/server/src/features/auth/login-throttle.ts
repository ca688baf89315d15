import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Sign-in throttling, counted in PostgreSQL (`login_throttle`) so every app server shares it.
 *
 * - Per (account, address): 5 attempts, then each further attempt waits 1, 2, 4, 8 and at most
 *   15 minutes after the one before; the series is forgotten 15 minutes after its last block ends
 *   (or 15 minutes after the last attempt when nothing blocks). A correct password ends the series.
 *   Someone guessing a colleague's password behind the same NAT does not lock that colleague out from
 *   another address, nor any other account.
 * - Per address: 100 attempts in 15 minutes over all accounts (a correct password gives its attempt
 *   back, so an office behind one NAT signing in is never counted).
 *
 * An attempt is granted or refused by one `insert … on conflict do update … where … returning`
 * *before* the password is checked: parallel guesses cannot all be checked (at most 5 of them are).
 */
export const LOGIN_LIMITS = {
  pairFreeAttempts: 5,
  pairFirstBlockSeconds: 60,
  pairMaxBlockSeconds: 15 * 60,
  pairForgetSeconds: 15 * 60,
  addressAttempts: 100,
  addressWindowSeconds: 15 * 60,
} as const;

export type LoginLimits = { [K in keyof typeof LOGIN_LIMITS]: number };

export type Attempt = { granted: true; pairKey: string; addressKey: string } | { granted: false; retryAfter: number };

const PURGE_EVERY_MS = 10 * 60_000;

export class LoginThrottle {
  private lastPurge = 0;

  constructor(
    private readonly db: Db,
    private readonly limits: LoginLimits = LOGIN_LIMITS,
  ) {}

  /** Counts one sign-in attempt; refused (with the seconds to wait) when a limit is used up. */
  async attempt(email: string, ip: string): Promise<Attempt> {
    this.purgeNowAndThen();
    const addressKey = key('address', ip);
    const pairKey = key('pair', `${email.trim().toLowerCase()}\u0000${ip}`);
    if (!(await this.takeAddress(addressKey)))
      return { granted: false, retryAfter: await this.waitFor(addressKey, 'expires_at') };
    if (!(await this.takePair(pairKey))) {
      await this.giveBackAddress(addressKey);
      return { granted: false, retryAfter: await this.waitFor(pairKey, 'blocked_until') };
    }
    return { granted: true, pairKey, addressKey };
  }

  /** The password was right: the pair's series ends and the address gets its attempt back. */
  async succeeded(attempt: Extract<Attempt, { granted: true }>): Promise<void> {
    await this.db.execute(sql`delete from login_throttle where key = ${attempt.pairKey}`);
    await this.giveBackAddress(attempt.addressKey);
  }

  /** Grants an attempt for (account, address) unless the pair is blocked; blocks the next one with backoff. */
  private async takePair(k: string): Promise<boolean> {
    const l = this.limits;
    // n: the number of this attempt in the series (1 when the series was forgotten).
    const n = sql`(case when t.expires_at <= now() then 1 else t.attempts + 1 end)`;
    const free = sql`${l.pairFreeAttempts}::int`;
    const blockedUntil = (attempts: SQL) => sql`(case when ${attempts} >= ${free}
        then now() + least(${l.pairMaxBlockSeconds}::float8,
                           ${l.pairFirstBlockSeconds}::float8 * power(2::float8, ${attempts} - ${free}))
                     * interval '1 second' end)`;
    const forget = sql`${l.pairForgetSeconds}::float8 * interval '1 second'`;
    const { rows } = await this.db.execute(sql`
      insert into login_throttle as t (key, attempts, blocked_until, expires_at)
      values (${k}, 1, ${blockedUntil(sql`1`)},
              coalesce(${blockedUntil(sql`1`)}, now()) + ${forget})
      on conflict (key) do update
        set attempts = ${n},
            blocked_until = ${blockedUntil(n)},
            expires_at = coalesce(${blockedUntil(n)}, now()) + ${forget}
      where t.expires_at <= now() or t.blocked_until is null or t.blocked_until <= now()
      returning attempts`);
    return rows.length === 1;
  }

  /** Grants an attempt for the address unless its window's budget is spent. */
  private async takeAddress(k: string): Promise<boolean> {
    const l = this.limits;
    const window = sql`${l.addressWindowSeconds}::float8 * interval '1 second'`;
    const { rows } = await this.db.execute(sql`
      insert into login_throttle as t (key, attempts, expires_at)
      values (${k}, 1, now() + ${window})
      on conflict (key) do update
        set attempts = case when t.expires_at <= now() then 1 else t.attempts + 1 end,
            expires_at = case when t.expires_at <= now()
                              then now() + ${window} else t.expires_at end
      where t.expires_at <= now() or t.attempts < ${l.addressAttempts}::int
      returning attempts`);
    return rows.length === 1;
  }

  private async giveBackAddress(k: string): Promise<void> {
    await this.db.execute(
      sql`update login_throttle set attempts = attempts - 1 where key = ${k} and attempts > 0 and expires_at > now()`,
    );
  }

  /** Seconds until the key grants an attempt again (at least 1). */
  private async waitFor(k: string, until: 'blocked_until' | 'expires_at'): Promise<number> {
    const { rows } = await this.db.execute<{ seconds: number | null }>(sql`
      select ceil(extract(epoch from ${sql.identifier(until)} - now()))::int as seconds
        from login_throttle where key = ${k}`);
    return Math.max(1, rows[0]?.seconds ?? 1);
  }

  /** Expired counters are dropped now and then by whichever server counts an attempt. */
  private purgeNowAndThen() {
    if (Date.now() - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = Date.now();
    void this.db.execute(sql`delete from login_throttle where expires_at < now()`).catch(() => undefined);
  }
}

/** Rows are keyed by a digest: the table holds no e-mail addresses. */
const key = (kind: 'pair' | 'address', value: string) =>
  crypto.createHash('sha256').update(`${kind}\u0000${value}`).digest('hex');
