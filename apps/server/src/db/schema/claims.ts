import { sql } from 'drizzle-orm';
import {
  check,
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
import { agents } from './agents';
import { users } from './auth';
import { bookings } from './bookings';
import { storedFiles } from './stored-files';
import { transactions } from './transactions';

/**
 * An agent's request to turn an unmatched supplier credit into a booking (DOMAIN.md "Claims"):
 * pending → approved (the booking it created) or rejected (with the reason). A transaction has at
 * most one pending request, enforced by the partial unique index (never by check-then-insert); a
 * decision is one conditional update of a pending row.
 */
export const claimRequests = pgTable(
  'claim_requests',
  {
    id: serial('id').primaryKey(),
    transaction_id: integer('transaction_id')
      .notNull()
      .references(() => transactions.id),
    /** The claiming agent: the booking is recorded as if this agent had booked it. */
    agent_id: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    requested_by_user_id: integer('requested_by_user_id')
      .notNull()
      .references(() => users.id),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    /** What the agent typed (the domain's claimBookingDataSchema output). */
    booking_data: jsonb('booking_data').notNull(),
    receipt_file_id: integer('receipt_file_id').references(() => storedFiles.id),
    decided_by_user_id: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decided_at: timestamp('decided_at', { withTimezone: true }),
    rejection_reason: text('rejection_reason'),
    /** The booking the approval created. */
    booking_id: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('claim_requests_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('claim_requests_decided', sql`(${t.status} = 'pending') = (${t.decided_at} is null)`),
    check('claim_requests_reason', sql`${t.status} <> 'rejected' or ${t.rejection_reason} is not null`),
    // One pending claim per transaction: two agents claiming at once, one insert wins.
    uniqueIndex('claim_requests_pending_transaction_uq')
      .on(t.transaction_id)
      .where(sql`${t.status} = 'pending'`),
    // The review list (by state, newest first) and an agent's own claims.
    index('claim_requests_status_created_idx').on(t.status, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('claim_requests_agent_created_idx').on(
      t.agent_id,
      t.created_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('claim_requests_transaction_idx').on(t.transaction_id),
  ],
);
