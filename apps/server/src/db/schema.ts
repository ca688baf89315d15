import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * One schema for the whole product. Money is numeric(14,2), percentages numeric(7,4) (DOMAIN.md);
 * drizzle returns numeric as strings, which the domain parses exactly.
 */
const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

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

/** Counters of rate-limiter-flexible's PostgreSQL store (failed sign-ins), shared by every app server. */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurred_at: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 64 }).notNull(),
    entity_type: varchar('entity_type', { length: 64 }).notNull(),
    entity_id: varchar('entity_id', { length: 64 }),
    before: jsonb('before'),
    after: jsonb('after'),
    meta: jsonb('meta'),
  },
  (t) => [
    index('audit_logs_entity_idx').on(t.entity_type, t.entity_id, t.id),
    index('audit_logs_user_idx').on(t.user_id),
  ],
);

export const currencies = pgTable('currencies', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 3 }).notNull().unique(),
  name: varchar('name', { length: 100 }).notNull(),
  symbol: varchar('symbol', { length: 8 }).notNull(),
});

export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 2 }).notNull().unique(),
  name: varchar('name', { length: 100 }).notNull(),
});

export const states = pgTable(
  'states',
  {
    id: serial('id').primaryKey(),
    country_id: integer('country_id')
      .notNull()
      .references(() => countries.id),
    code: varchar('code', { length: 8 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
  },
  (t) => [uniqueIndex('states_country_code_key').on(t.country_id, t.code)],
);

export const commissionTiers = pgTable(
  'commission_tiers',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    description: text('description').notNull().default(''),
    ...timestamps,
  },
  (t) => [uniqueIndex('commission_tiers_name_lower_key').on(sql`lower(${t.name})`)],
);

export const suppliers = pgTable(
  'suppliers',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 150 }).notNull(),
    currency_id: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    booking_number_format: varchar('booking_number_format', { length: 50 }),
    ...timestamps,
  },
  (t) => [uniqueIndex('suppliers_name_lower_key').on(sql`lower(${t.name})`)],
);

export const settings = pgTable('settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** FareConnect numbers are generated from this sequence: FC100001, FC100002, … */
export const fareconnectNumberSeq = pgSequence('fareconnect_number_seq', { startWith: 100001 });

export const agents = pgTable(
  'agents',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id),
    nickname: varchar('nickname', { length: 100 }),
    home_address: text('home_address'),
    phone_number: varchar('phone_number', { length: 50 }),
    personal_email: varchar('personal_email', { length: 255 }),
    date_of_birth: date('date_of_birth', { mode: 'string' }),
    sin_number: varchar('sin_number', { length: 20 }),
    fareconnect_number: varchar('fareconnect_number', { length: 32 }).notNull().unique(),
    country_id: integer('country_id').references(() => countries.id),
    state_id: integer('state_id').references(() => states.id),
    inactive: boolean('inactive').notNull().default(false),
    commission_tier_id: integer('commission_tier_id').references(() => commissionTiers.id),
    commission_percentage: numeric('commission_percentage', { precision: 7, scale: 4 }),
    commission_fixed: numeric('commission_fixed', { precision: 14, scale: 2 }),
    commission_type: varchar('commission_type', { length: 16 }).notNull().default('percentage'),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    has_gst: boolean('has_gst').notNull().default(false),
    gst_number: varchar('gst_number', { length: 32 }),
    joined_on: date('joined_on', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    index('agents_tier_idx').on(t.commission_tier_id),
    check('agents_commission_percentage_range', sql`${t.commission_percentage} between 0 and 100`),
  ],
);

export const agentTierHistory = pgTable(
  'agent_tier_history',
  {
    id: serial('id').primaryKey(),
    agent_id: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    commission_tier_id: integer('commission_tier_id')
      .notNull()
      .references(() => commissionTiers.id),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }),
    reason: text('reason'),
    changed_by_user_id: integer('changed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agent_tier_history_agent_idx').on(t.agent_id, t.start_date)],
);

export const subAgentLinks = pgTable(
  'sub_agent_links',
  {
    id: serial('id').primaryKey(),
    parent_agent_id: integer('parent_agent_id')
      .notNull()
      .references(() => agents.id),
    /** A sub-agent has one parent. */
    sub_agent_id: integer('sub_agent_id')
      .notNull()
      .unique()
      .references(() => agents.id),
    split_percentage: numeric('split_percentage', { precision: 7, scale: 4 }).notNull(),
    ...timestamps,
  },
  (t) => [
    index('sub_agent_links_parent_idx').on(t.parent_agent_id),
    check('sub_agent_links_not_self', sql`${t.parent_agent_id} <> ${t.sub_agent_id}`),
    check('sub_agent_links_split_range', sql`${t.split_percentage} between 0 and 100`),
  ],
);

export const subAgentLinkSuppliers = pgTable(
  'sub_agent_link_suppliers',
  {
    link_id: integer('link_id')
      .notNull()
      .references(() => subAgentLinks.id, { onDelete: 'cascade' }),
    supplier_id: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
  },
  (t) => [primaryKey({ columns: [t.link_id, t.supplier_id] })],
);
