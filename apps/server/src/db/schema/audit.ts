import { bigserial, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth';

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
