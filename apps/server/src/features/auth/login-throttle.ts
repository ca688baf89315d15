import type pg from 'pg';
import type { RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimiterPostgres } from 'rate-limiter-flexible';

/**
 * Failed sign-ins are throttled per account and per address (rate-limiter-flexible on the
 * `rate_limits` table, so every app server shares the counters).
 */
export class LoginThrottle {
  private readonly byAccount: RateLimiterPostgres;
  private readonly byAddress: RateLimiterPostgres;

  constructor(pool: pg.Pool, limits = { accountFailures: 5, addressFailures: 30, windowSeconds: 15 * 60 }) {
    const common = {
      storeClient: pool,
      storeType: 'pool',
      tableName: 'rate_limits',
      tableCreated: true,
      clearExpiredByTimeout: false,
    };
    this.byAccount = new RateLimiterPostgres({
      ...common,
      keyPrefix: 'login_account',
      points: limits.accountFailures,
      duration: limits.windowSeconds,
      blockDuration: limits.windowSeconds,
    });
    this.byAddress = new RateLimiterPostgres({
      ...common,
      keyPrefix: 'login_address',
      points: limits.addressFailures,
      duration: limits.windowSeconds,
      blockDuration: limits.windowSeconds,
    });
  }

  /** Seconds to wait when either limit is used up, else 0. */
  async retryAfter(email: string, ip: string): Promise<number> {
    const [acc, addr] = await Promise.all([this.byAccount.get(accountKey(email)), this.byAddress.get(ip)]);
    const blocked = [acc, addr].filter(
      (r): r is RateLimiterRes => r !== null && r.remainingPoints <= 0 && r.msBeforeNext > 0,
    );
    if (blocked.length === 0) return 0;
    return Math.max(1, Math.ceil(Math.max(...blocked.map((r) => r.msBeforeNext)) / 1000));
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    await Promise.all([
      this.byAccount.penalty(accountKey(email), 1).catch(() => undefined),
      this.byAddress.penalty(ip, 1).catch(() => undefined),
    ]);
  }

  async recordSuccess(email: string): Promise<void> {
    await this.byAccount.delete(accountKey(email)).catch(() => undefined);
  }
}

const accountKey = (email: string) => email.trim().toLowerCase();
