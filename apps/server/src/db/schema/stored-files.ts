import { integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { bytea } from './columns';
import { users } from './auth';

/**
 * Uploaded files (receipts, reference images) live in PostgreSQL, not on an app server's disk,
 * so every app server can serve every file.
 */
export const storedFiles = pgTable('stored_files', {
  id: serial('id').primaryKey(),
  filename: varchar('filename', { length: 255 }).notNull(),
  mimetype: varchar('mimetype', { length: 100 }).notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  uploaded_by_user_id: integer('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
