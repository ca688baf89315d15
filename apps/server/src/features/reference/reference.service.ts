import {
  basisPointsFromPercent,
  basisPointsToPercent,
  percentToString,
  type Settings,
  type SettingsInput,
  type SessionUser,
  type SupplierInput,
  type TierInput,
} from '@app/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { commissionTiers, countries, currencies, states, suppliers } from '../../db/schema';
import { fieldError, notFound } from '../../http/errors';
import { writeAudit } from '../../shared/audit';
import {
  getAccountingSettings,
  getAutoAcceptScore,
  getGstRate,
  storeAccountingSettings,
  storeAutoAcceptScore,
  storeGstRate,
} from '../../shared/settings';

/**
 * Reference data behind the routes: currencies, countries and their states, commission tiers,
 * suppliers and settings. Each write runs in one transaction with its audit row.
 */

export const listCurrencies = (db: DbOrTx) => db.select().from(currencies).orderBy(asc(currencies.code));

export const listCountries = (db: DbOrTx) => db.select().from(countries).orderBy(asc(countries.name));

/** The states of a country by name; a 404 when the country does not exist. */
export async function listStates(db: DbOrTx, countryId: number) {
  const country = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, countryId));
  if (!country.length) throw notFound('The country');
  return db.select().from(states).where(eq(states.country_id, countryId)).orderBy(asc(states.name));
}

export const listTiers = (db: DbOrTx) =>
  db
    .select({ id: commissionTiers.id, name: commissionTiers.name, description: commissionTiers.description })
    .from(commissionTiers)
    .orderBy(asc(sql`lower(${commissionTiers.name})`));

export async function createTier(db: Db, user: SessionUser, body: TierInput) {
  return db.transaction(async (tx) => {
    await assertUniqueName(tx, commissionTiers, body.name);
    const [tier] = await tx.insert(commissionTiers).values(body).returning();
    const data = { id: tier!.id, name: tier!.name, description: tier!.description };
    await writeAudit(tx, {
      userId: user.id,
      action: 'create',
      entityType: 'commission_tier',
      entityId: tier!.id,
      after: data,
    });
    return data;
  });
}

export async function updateTier(db: Db, user: SessionUser, id: number, body: TierInput) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(commissionTiers).where(eq(commissionTiers.id, id)).for('update');
    if (!before) throw notFound('The commission tier');
    await assertUniqueName(tx, commissionTiers, body.name, id);
    await tx
      .update(commissionTiers)
      .set({ ...body, updated_at: new Date() })
      .where(eq(commissionTiers.id, id));
    const data = { id, name: body.name, description: body.description };
    await writeAudit(tx, {
      userId: user.id,
      action: 'update',
      entityType: 'commission_tier',
      entityId: id,
      before: { name: before.name, description: before.description },
      after: data,
    });
    return data;
  });
}

/** Suppliers by name with their currency, or the one supplier `id`. */
export async function findSuppliers(db: DbOrTx, id?: number) {
  const rows = await db
    .select({
      id: suppliers.id,
      name: suppliers.name,
      currency_id: suppliers.currency_id,
      booking_number_format: suppliers.booking_number_format,
      commission_due_days: suppliers.commission_due_days,
      match_tolerance_bp: suppliers.match_tolerance_bp,
      currency: { id: currencies.id, name: currencies.name, code: currencies.code, symbol: currencies.symbol },
    })
    .from(suppliers)
    .innerJoin(currencies, eq(currencies.id, suppliers.currency_id))
    .where(id === undefined ? undefined : eq(suppliers.id, id))
    .orderBy(asc(sql`lower(${suppliers.name})`));
  return rows.map(({ match_tolerance_bp, ...r }) => ({
    ...r,
    currency_symbol: r.currency.symbol,
    match_tolerance_percent: basisPointsToPercent(match_tolerance_bp),
  }));
}

/**
 * A supplier's columns from the request: the tolerance, given in percent, is stored in basis points (left
 * undefined when not sent: a new supplier takes the column's default, an update keeps the supplier's).
 */
function supplierColumns({ match_tolerance_percent: percent, ...columns }: SupplierInput) {
  // The schema let only a percent of whole basis points through, so this reads it back exactly.
  return { ...columns, match_tolerance_bp: percent === undefined ? undefined : basisPointsFromPercent(percent)! };
}

export async function createSupplier(db: Db, user: SessionUser, body: SupplierInput) {
  return db.transaction(async (tx) => {
    await assertUniqueName(tx, suppliers, body.name);
    await assertCurrency(tx, body.currency_id);
    const [row] = await tx.insert(suppliers).values(supplierColumns(body)).returning({ id: suppliers.id });
    const [data] = await findSuppliers(tx, row!.id);
    await writeAudit(tx, {
      userId: user.id,
      action: 'create',
      entityType: 'supplier',
      entityId: row!.id,
      after: {
        ...body,
        commission_due_days: data!.commission_due_days,
        match_tolerance_percent: data!.match_tolerance_percent,
      },
    });
    return data!;
  });
}

export async function updateSupplier(db: Db, user: SessionUser, id: number, body: SupplierInput) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(suppliers).where(eq(suppliers.id, id)).for('update');
    if (!before) throw notFound('The supplier');
    await assertUniqueName(tx, suppliers, body.name, id);
    await assertCurrency(tx, body.currency_id);
    await tx
      .update(suppliers)
      .set({ ...supplierColumns(body), updated_at: new Date() })
      .where(eq(suppliers.id, id));
    const [data] = await findSuppliers(tx, id);
    await writeAudit(tx, {
      userId: user.id,
      action: 'update',
      entityType: 'supplier',
      entityId: id,
      before: {
        name: before.name,
        currency_id: before.currency_id,
        booking_number_format: before.booking_number_format,
        commission_due_days: before.commission_due_days,
        match_tolerance_percent: basisPointsToPercent(before.match_tolerance_bp),
      },
      // Without commission_due_days or match_tolerance_percent the supplier keeps its own (a call written as
      // the spec shows).
      after: {
        ...body,
        commission_due_days: data!.commission_due_days,
        match_tolerance_percent: data!.match_tolerance_percent,
      },
    });
    return data!;
  });
}

/**
 * The GST rate for everyone; the accounting settings (agency name, QuickBooks) and the match suggestions'
 * auto-accept threshold for admins only.
 */
export async function getSettings(db: DbOrTx, user: SessionUser): Promise<Settings> {
  return user.is_admin ? allSettings(db) : { gst_rate: await getGstRate(db) };
}

/** Every setting, as an admin sees them. */
async function allSettings(db: DbOrTx): Promise<Required<Settings>> {
  return {
    gst_rate: await getGstRate(db),
    ...(await getAccountingSettings(db)),
    auto_accept_score: await getAutoAcceptScore(db),
  };
}

/**
 * Saves the GST rate (a Percent from the form), and the accounting settings and the auto-accept threshold
 * sent; returns them all as stored.
 */
export async function saveSettings(db: Db, user: SessionUser, body: SettingsInput): Promise<Settings> {
  return db.transaction(async (tx) => {
    const before = await allSettings(tx);
    const { gst_rate, auto_accept_score, ...accounting } = body;
    await storeGstRate(tx, percentToString(gst_rate));
    await storeAccountingSettings(tx, accounting);
    if (auto_accept_score !== undefined) await storeAutoAcceptScore(tx, auto_accept_score);
    const after = await allSettings(tx);
    await writeAudit(tx, {
      userId: user.id,
      action: 'update',
      entityType: 'settings',
      entityId: 'settings',
      before,
      after,
    });
    return after;
  });
}

async function assertUniqueName(
  db: DbOrTx,
  table: typeof suppliers | typeof commissionTiers,
  name: string,
  exceptId?: number,
) {
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(sql`lower(${table.name}) = lower(${name}) ${exceptId ? sql`and ${table.id} <> ${exceptId}` : sql``}`);
  if (rows.length) throw fieldError('name', 'The name has already been taken.');
}

async function assertCurrency(db: DbOrTx, currencyId: number) {
  const found = await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.id, currencyId));
  if (!found.length) throw fieldError('currency_id', 'The selected currency is invalid.');
}
