import { sql } from 'drizzle-orm';
import {
  bigserial,
  customType,
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
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

/** Binary data (uploaded files). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

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

export const bookingGroups = pgTable(
  'booking_groups',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 150 }).notNull(),
    description: text('description').notNull().default(''),
    /** The agent whose group it is (null: created by an admin for no one in particular). */
    agent_id: integer('agent_id').references(() => agents.id),
    created_by_user_id: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('booking_groups_agent_idx').on(t.agent_id)],
);

/*
 * Besides what Drizzle declares below, migration 0017 adds (NOT VALID, so rows written before are reported
 * by `books:check` rather than stopping the migration) the CHECK constraints of DOMAIN.md "Money
 * invariants" 1: `bookings_paid_within_gross` (paid_amount between 0 and the gross, same sign) and
 * `bookings_status_follows_payouts` (partial and completed only with what payouts paid; pending and
 * confirmed with nothing paid).
 */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    booking_reference: varchar('booking_reference', { length: 64 }).notNull(),
    trip_number: varchar('trip_number', { length: 64 }),
    customer_name: varchar('customer_name', { length: 255 }).notNull(),
    booking_date: date('booking_date', { mode: 'string' }).notNull(),
    /** Gross commission in the supplier's currency; negative for a refund booking. */
    booking_amount: numeric('booking_amount', { precision: 14, scale: 2 }).notNull(),
    expected_commission: numeric('expected_commission', { precision: 14, scale: 2 }).notNull(),
    /** The agent-side rate r that produced expected_commission, and where it came from. */
    commission_percentage: numeric('commission_percentage', { precision: 7, scale: 4 }).notNull(),
    rate_source: varchar('rate_source', { length: 16 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    notes: text('notes'),
    is_personal: boolean('is_personal').notNull().default(false),
    is_group_booking: boolean('is_group_booking').notNull().default(false),
    booking_group_id: integer('booking_group_id').references(() => bookingGroups.id),
    primary_agent_id: integer('primary_agent_id')
      .notNull()
      .references(() => agents.id),
    supplier_id: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    is_sub_agent: boolean('is_sub_agent').notNull().default(false),
    parent_agent_id: integer('parent_agent_id').references(() => agents.id),
    sub_agent_id: integer('sub_agent_id').references(() => agents.id),
    split_percentage: numeric('split_percentage', { precision: 7, scale: 4 }),
    /** Gross settled by payouts so far. */
    paid_amount: numeric('paid_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    remaining_amount: numeric('remaining_amount', { precision: 14, scale: 2 }).generatedAlwaysAs(
      sql`booking_amount - paid_amount`,
    ),
    is_reconciled: boolean('is_reconciled').notNull().default(false),
    is_claimed_booking: boolean('is_claimed_booking').notNull().default(false),
    booking_receipt_file_id: integer('booking_receipt_file_id').references(() => storedFiles.id),
    /**
     * DOMAIN.md "Matching": the booking's match status against the transactions, kept current by
     * the matching service in the same database transaction as every write that can change it
     * (transactions, booking reference/supplier/amount). NULL = not computed yet (backfilled at start).
     */
    transaction_match_status: varchar('transaction_match_status', { length: 24 }),
    cancellation_note: text('cancellation_note'),
    cancelled_at: timestamp('cancelled_at', { withTimezone: true }),
    created_by_user_id: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('bookings_status', sql`${t.status} in ('pending', 'confirmed', 'partial', 'completed', 'cancelled')`),
    index('bookings_date_idx').on(t.booking_date.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('bookings_agent_date_idx').on(
      t.primary_agent_id,
      t.booking_date.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('bookings_sub_agent_idx').on(t.sub_agent_id),
    index('bookings_supplier_date_idx').on(t.supplier_id, t.booking_date.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('bookings_status_date_idx').on(t.status, t.booking_date.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check(
      'bookings_transaction_match_status',
      sql`${t.transaction_match_status} in ('match', 'partial', 'mismatch', 'no_transaction', 'multiple_transactions')`,
    ),
    index('bookings_match_status_date_idx').on(
      t.transaction_match_status,
      t.booking_date.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('bookings_group_idx').on(t.booking_group_id),
    // Matching to transactions: supplier + normalised reference (DOMAIN.md "Matching").
    index('bookings_supplier_reference_idx').on(t.supplier_id, sql`upper(btrim(${t.booking_reference}))`),
    index('bookings_reference_trgm_idx').using('gin', sql`${t.booking_reference} gin_trgm_ops`),
    index('bookings_customer_trgm_idx').using('gin', sql`${t.customer_name} gin_trgm_ops`),
  ],
);

/** Commission lines (`actual_commissions`): one per agent that earns from a booking. */
export const actualCommissions = pgTable(
  'actual_commissions',
  {
    id: serial('id').primaryKey(),
    booking_id: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    agent_id: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    /** 'primary' (direct), 'parent' or 'sub_agent' */
    role: varchar('role', { length: 16 }).notNull(),
    percentage: numeric('percentage', { precision: 7, scale: 4 }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    gst_amount: numeric('gst_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    total_with_gst: numeric('total_with_gst', { precision: 14, scale: 2 }).notNull(),
    /** Commission (without GST) paid to this agent so far; never rewritten by a recalculation. */
    paid_amount: numeric('paid_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    status: varchar('status', { length: 16 }).notNull(),
    payment_date: date('payment_date', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('actual_commissions_booking_agent_key').on(t.booking_id, t.agent_id),
    index('actual_commissions_agent_status_idx').on(t.agent_id, t.status),
    check('actual_commissions_status', sql`${t.status} in ('pending', 'confirmed', 'paid', 'cancelled')`),
  ],
);

/**
 * A transaction file import (spec §2.6, §3 "Import job"): the uploaded file, the options, and the
 * progress that the status call reports. The worker (pg-boss) writes rows in chunks; each chunk and
 * the progress that counts it commit together, so a resumed job continues after the last whole chunk.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    file_id: integer('file_id')
      .notNull()
      .references(() => storedFiles.id),
    /** queued → processing → completed | failed */
    status: varchar('status', { length: 16 }).notNull().default('queued'),
    transaction_status: varchar('transaction_status', { length: 16 }).notNull(),
    description: text('description'),
    is_partial: boolean('is_partial').notNull().default(false),
    cheque_reference_number: varchar('cheque_reference_number', { length: 64 }),
    reference_image_file_id: integer('reference_image_file_id').references(() => storedFiles.id),
    /** Valid rows found when the file was accepted. */
    total_rows: integer('total_rows').notNull(),
    processed_count: integer('processed_count').notNull().default(0),
    imported_count: integer('imported_count').notNull().default(0),
    /** Row problems, in file order (capped; error_count has the full number). */
    errors: jsonb('errors').$type<string[]>().notNull().default([]),
    error_count: integer('error_count').notNull().default(0),
    message: text('message'),
    attempts: integer('attempts').notNull().default(0),
    heartbeat_at: timestamp('heartbeat_at', { withTimezone: true }),
    started_at: timestamp('started_at', { withTimezone: true }),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('import_jobs_status', sql`${t.status} in ('queued', 'processing', 'completed', 'failed')`),
    index('import_jobs_unfinished_idx')
      .on(t.status)
      .where(sql`${t.status} in ('queued', 'processing')`),
  ],
);

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

export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    transaction_type: varchar('transaction_type', { length: 8 }).notNull(),
    currency_id: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    /** Always positive: the type says which way the money moved. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    reference_number: varchar('reference_number', { length: 64 }).notNull(),
    /** DOMAIN.md "Matching": trimmed and case-insensitive. */
    normalized_reference: varchar('normalized_reference', { length: 64 }).generatedAlwaysAs(
      sql`upper(btrim(reference_number))`,
    ),
    status: varchar('status', { length: 16 }).notNull().default('completed'),
    description: text('description'),
    is_partial: boolean('is_partial').notNull().default(false),
    cheque_reference_number: varchar('cheque_reference_number', { length: 64 }),
    reference_image_file_id: integer('reference_image_file_id').references(() => storedFiles.id),
    transaction_date: date('transaction_date', { mode: 'string' })
      .notNull()
      .default(sql`current_date`),
    created_by_user_id: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set for rows written by a file import: the job and the file's row number (1-based). */
    import_job_id: uuid('import_job_id').references(() => importJobs.id),
    import_row: integer('import_row'),
    /** Set for an agent's debit (or clawback credit) written by a payout (DOMAIN.md "Payouts"). */
    payout_id: integer('payout_id').references(() => payouts.id),
    /**
     * DOMAIN.md "Matching": a booking of the account's supplier has this reference (trimmed,
     * case-insensitive; any status). Kept by triggers (drizzle/0012) and recomputed under the matching
     * lock; the unmatched credits (claims) are read through it.
     */
    matches_booking: boolean('matches_booking').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    // A file row is written at most once, whatever a resumed or repeated job does.
    uniqueIndex('transactions_import_row_uq').on(t.import_job_id, t.import_row),
    check('transactions_type', sql`${t.transaction_type} in ('credit', 'debit')`),
    check('transactions_status', sql`${t.status} in ('pending', 'completed', 'failed', 'reversed')`),
    check('transactions_amount_positive', sql`${t.amount} > 0`),
    // Matching a booking: its supplier's accounts, then the normalised reference.
    index('transactions_account_reference_idx').on(t.account_id, t.normalized_reference),
    index('transactions_date_idx').on(t.transaction_date.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('transactions_account_date_idx').on(
      t.account_id,
      t.transaction_date.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('transactions_status_idx').on(t.status),
    index('transactions_reference_trgm_idx').using('gin', sql`${t.reference_number} gin_trgm_ops`),
    index('transactions_payout_idx')
      .on(t.payout_id)
      .where(sql`${t.payout_id} is not null`),
    // DOMAIN.md "unmatched credit transaction" (claims, the unmatched report), newest first.
    index('transactions_unmatched_credit_idx')
      .on(t.transaction_date.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'completed' and ${t.transaction_type} = 'credit' and not ${t.matches_booking}`),
  ],
);

/**
 * A payout record (DOMAIN.md "Payouts", docs/decisions/0006-payout-records.md): one per currency of a
 * run. `total_amount` is what went to agents, GST included: the sum of its items' totals, raised in the
 * same database transaction as the items it counts.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    /** The description ('Bookings bulk payout', 'Payout {reference}', …). */
    name: varchar('name', { length: 255 }).notNull(),
    payout_date: date('payout_date', { mode: 'string' }).notNull(),
    currency_id: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    total_amount: numeric('total_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    /** 'single' (bookings list) or 'bulk' (bulk payout / reconcile screen). */
    kind: varchar('kind', { length: 8 }).notNull(),
    created_by_user_id: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('payouts_kind', sql`${t.kind} in ('single', 'bulk')`)],
);

/**
 * What one payout paid one agent line of one booking. Immutable: a trigger refuses UPDATE, DELETE and
 * TRUNCATE (migration 0010). `actual_commission_id` is the line at payout time, not a foreign key: a line
 * that has received nothing may be replaced when its booking is recomputed, and the item keeps its own
 * agent, percentage and amounts.
 */
export const payoutItems = pgTable(
  'payout_items',
  {
    id: serial('id').primaryKey(),
    payout_id: integer('payout_id')
      .notNull()
      .references(() => payouts.id),
    booking_id: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    actual_commission_id: integer('actual_commission_id').notNull(),
    agent_id: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    /** The payout amount (gross terms) the percentage applies to. */
    gross_portion: numeric('gross_portion', { precision: 14, scale: 2 }).notNull(),
    percentage: numeric('percentage', { precision: 7, scale: 4 }).notNull(),
    commission: numeric('commission', { precision: 14, scale: 2 }).notNull(),
    gst: numeric('gst', { precision: 14, scale: 2 }).notNull(),
    total: numeric('total', { precision: 14, scale: 2 }).notNull(),
    /** The agent's debit (a credit for a clawback); null when the item is zero. */
    transaction_id: integer('transaction_id').references(() => transactions.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payout_items_payout_idx').on(t.payout_id),
    index('payout_items_agent_created_idx').on(t.agent_id, t.created_at),
    index('payout_items_booking_idx').on(t.booking_id),
    // A line's items (DOMAIN.md invariant 3: its paid_amount is their sum; books:check reads them by line).
    index('payout_items_actual_commission_idx').on(t.actual_commission_id),
    check('payout_items_total', sql`${t.total} = ${t.commission} + ${t.gst}`),
  ],
);

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

/**
 * The dashboard's day totals (reports feature, report-day-totals.ts; migration 0013): per booking day,
 * card (pending = Future, confirmed = Next Payout, cancelled) and currency, the bookings and the
 * commission and GST of their lines. A cache the summary refreshes before it reads: the days in
 * `report_dirty_days` are recomputed from the lines by the same SQL as the live cards.
 */
export const reportDayTotals = pgTable(
  'report_day_totals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    card: varchar('card', { length: 16 }).notNull(),
    currency_id: integer('currency_id').notNull(),
    bookings: integer('bookings').notNull(),
    /** Commission lines (a card detail's row count). */
    lines: integer('lines').notNull().default(0),
    commission: numeric('commission').notNull(),
    gst: numeric('gst').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.card, t.currency_id] })],
);

/**
 * Days whose card totals must be recomputed: appended by statement triggers on every write that can
 * move a card (bookings, lines, transactions, an agent's GST, the GST rate, an account's owner, a
 * supplier's currency), removed by the refresh that recomputes them. No key: writers never wait on each other.
 */
export const reportDirtyDays = pgTable('report_dirty_days', { day: date('day', { mode: 'string' }).notNull() }, (t) => [
  index('report_dirty_days_day_idx').on(t.day),
]);
