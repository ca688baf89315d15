import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, primaryKey, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { suppliers } from './reference';

/** A commission rule: a percentage for a tier or an agent, covering the suppliers it lists. */
export const commissionRules = pgTable(
  'commission_rules',
  {
    id: serial('id').primaryKey(),
    commission_type: varchar('commission_type', { length: 8 }).notNull(),
    general_id: integer('general_id').notNull(),
    percentage: numeric('percentage', { precision: 7, scale: 4 }).notNull(),
    ...timestamps,
  },
  (t) => [
    index('commission_rules_owner_idx').on(t.commission_type, t.general_id),
    check('commission_rules_type', sql`${t.commission_type} in ('tier', 'agent')`),
    check('commission_rules_percentage_range', sql`${t.percentage} between 0 and 100`),
  ],
);

/**
 * The suppliers a rule covers. The owner (type + general_id) is repeated here so that the database
 * itself refuses one supplier listed twice for the same owner (DOMAIN.md), and so that rate
 * resolution is one index probe.
 */
export const commissionRuleSuppliers = pgTable(
  'commission_rule_suppliers',
  {
    rule_id: integer('rule_id')
      .notNull()
      .references(() => commissionRules.id, { onDelete: 'cascade' }),
    supplier_id: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    commission_type: varchar('commission_type', { length: 8 }).notNull(),
    general_id: integer('general_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.rule_id, t.supplier_id] }),
    uniqueIndex('commission_rule_suppliers_owner_supplier_key').on(t.commission_type, t.general_id, t.supplier_id),
  ],
);
