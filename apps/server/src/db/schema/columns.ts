import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Binary data (uploaded files). */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * One schema for the whole product. Money is numeric(14,2), percentages numeric(7,4) (DOMAIN.md);
 * drizzle returns numeric as strings, which the domain parses exactly.
 */
export const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
