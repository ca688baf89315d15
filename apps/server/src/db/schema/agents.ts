import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './auth';
import { commissionTiers, countries, states, suppliers } from './reference';

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
