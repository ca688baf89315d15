import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    password_hash: text('password_hash').notNull(),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    is_active: boolean('is_active').notNull().default(true),
    must_change_password: boolean('must_change_password').notNull().default(false),
    last_login_at: timestamp('last_login_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the cookie token: a database leak does not hand out live sessions. */
    id: varchar('id', { length: 64 }).primaryKey(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    csrf_token: varchar('csrf_token', { length: 64 }).notNull(),
    /** One-shot message and errors for plain (non-JSON) form posts that redirect. */
    flash: jsonb('flash'),
    ip: varchar('ip', { length: 64 }),
    user_agent: varchar('user_agent', { length: 512 }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_expires_at_idx').on(t.expires_at), index('sessions_user_id_idx').on(t.user_id)],
);

/**
 * Sign-in attempt counters (features/auth/login-throttle.ts), shared by every app server: one row per
 * (account, address) and one per address, keyed by a sha256 (no e-mail addresses stored). An attempt
 * is counted by one upsert before the password is checked; a row past `expires_at` counts as empty.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: varchar('key', { length: 64 }).primaryKey(),
    /** Attempts granted in the current series (a correct password gives its attempt back). */
    attempts: integer('attempts').notNull(),
    /** No attempt is granted before this. */
    blocked_until: timestamp('blocked_until', { withTimezone: true }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_throttle_expires_at_idx').on(t.expires_at)],
);
