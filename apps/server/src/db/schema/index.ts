/**
 * The Drizzle schema, one module per area (drizzle.config.ts and scripts/check-migrations.sh read this
 * file): every table and sequence is exported here, so code imports them from `db/schema`.
 * Money is numeric(14,2), percentages numeric(7,4) (DOMAIN.md; see ./columns.ts).
 */
export * from './auth';
export * from './audit';
export * from './reference';
export * from './agents';
export * from './stored-files';
export * from './commission-rules';
export * from './bookings';
export * from './accounts';
export * from './transactions';
export * from './payouts';
export * from './claims';
export * from './reports';
