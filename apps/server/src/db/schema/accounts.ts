import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { currencies } from './reference';

/** Supplier and agent accounts (money arriving from suppliers, leaving to agents). */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 150 }).notNull(),
    account_number: varchar('account_number', { length: 64 }),
    accountable_type: varchar('accountable_type', { length: 16 }).notNull(),
    accountable_id: integer('accountable_id').notNull(),
    currency_id: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    is_deleted: boolean('is_deleted').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('accounts_owner_idx').on(t.accountable_type, t.accountable_id),
    check('accounts_accountable_type', sql`${t.accountable_type} in ('supplier', 'agent')`),
  ],
);
