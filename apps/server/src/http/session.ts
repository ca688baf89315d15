import crypto from 'node:crypto';
import { isAdminRole, type SessionUser } from '@app/domain';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../db/client';

export const SESSION_COOKIE = 'backoffice_session';

export interface Flash {
  message?: string;
  errors?: Record<string, string[]>;
}

export interface Session {
  /** sha256 of the cookie token */
  id: string;
  csrfToken: string;
  user: SessionUser | null;
  flash: Flash | null;
}

const hash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
const randomToken = () => crypto.randomBytes(32).toString('base64url');

/** Where a session was made from (the audit and the sessions table keep it). */
export interface SessionMeta {
  ip?: string;
  userAgent?: string;
}

/** Sessions live in PostgreSQL so that any app server answers any request. */
export class SessionStore {
  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
  ) {}

  async load(token: string | undefined): Promise<Session | null> {
    if (!token || token.length > 100) return null;
    const id = hash(token);
    const { rows } = await this.db.$client.query<{
      csrf_token: string;
      flash: Flash | null;
      user_id: number | null;
      name: string | null;
      email: string | null;
      roles: string[] | null;
      is_active: boolean | null;
      must_change_password: boolean | null;
      agent_id: number | null;
      agent_inactive: boolean | null;
      stale: boolean;
    }>(
      `select s.csrf_token, s.flash, u.id as user_id, u.name, u.email, u.roles, u.is_active, u.must_change_password,
              a.id as agent_id, a.inactive as agent_inactive,
              s.last_seen_at < now() - interval '1 minute' as stale
         from sessions s
         left join users u on u.id = s.user_id
         left join agents a on a.user_id = u.id
        where s.id = $1 and s.expires_at > now()`,
      [id],
    );
    const row = rows[0];
    if (!row) return null;
    if (row.stale) {
      // Sliding expiry, written at most once a minute per session.
      await this.db.$client.query(
        `update sessions set last_seen_at = now(), expires_at = now() + ($2::bigint * interval '1 millisecond') where id = $1`,
        [id, this.ttlMs],
      );
    }
    let user: SessionUser | null = null;
    if (row.user_id !== null && row.is_active && !row.agent_inactive) {
      const roles = row.roles ?? [];
      user = {
        id: row.user_id,
        name: row.name ?? '',
        email: row.email ?? '',
        roles,
        agent_id: row.agent_id,
        is_admin: isAdminRole(roles),
        must_change_password: row.must_change_password ?? false,
      };
    }
    return { id, csrfToken: row.csrf_token, user, flash: row.flash };
  }

  /**
   * A new session (anonymous or signed in), with `tx` inside a caller's transaction (a password change
   * replaces the user's sessions in the same commit). Returns the cookie token, which is never stored.
   */
  async create(
    userId: number | null,
    meta: SessionMeta,
    tx: DbOrTx = this.db,
  ): Promise<{ token: string; session: Session }> {
    const token = randomToken();
    const csrfToken = randomToken();
    const id = hash(token);
    await tx.execute(sql`
      insert into sessions (id, user_id, csrf_token, ip, user_agent, expires_at)
      values (${id}, ${userId}, ${csrfToken}, ${meta.ip?.slice(0, 64) ?? null}, ${meta.userAgent?.slice(0, 512) ?? null},
              now() + (${this.ttlMs}::bigint * interval '1 millisecond'))`);
    return { token, session: { id, csrfToken, user: null, flash: null } };
  }

  async destroy(id: string): Promise<void> {
    await this.db.$client.query('delete from sessions where id = $1', [id]);
  }

  async destroyForUser(userId: number): Promise<void> {
    await this.db.$client.query('delete from sessions where user_id = $1', [userId]);
  }

  async setFlash(id: string, flash: Flash | null): Promise<void> {
    await this.db.$client.query('update sessions set flash = $2 where id = $1', [
      id,
      flash ? JSON.stringify(flash) : null,
    ]);
  }

  /** Housekeeping: expired rows go (called at start and from time to time). */
  async purgeExpired(): Promise<number> {
    const res = await this.db.execute(sql`delete from sessions where expires_at < now() - interval '1 day'`);
    return res.rowCount ?? 0;
  }
}

export function tokensEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb);
}

export function setSessionCookie(reply: FastifyReply, req: FastifyRequest, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
  });
}
