import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

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
    /** Overdue commissions: the commission is due this many days after the booking date. */
    commission_due_days: integer('commission_due_days').notNull().default(60),
    /**
     * Match suggestions: how far (basis points of the gross, 200 = 2 %) a credit's amount may be from a
     * booking's gross and still count as its amount (a bank fee, a currency conversion).
     */
    match_tolerance_bp: integer('match_tolerance_bp').notNull().default(200),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('suppliers_name_lower_key').on(sql`lower(${t.name})`),
    check('suppliers_commission_due_days', sql`${t.commission_due_days} between 1 and 3650`),
    check('suppliers_match_tolerance_bp', sql`${t.match_tolerance_bp} between 0 and 2000`),
  ],
);

export const settings = pgTable('settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
