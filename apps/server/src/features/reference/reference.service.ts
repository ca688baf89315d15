import {
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
import { getAccountingSettings, getGstRate, storeAccountingSettings, storeGstRate } from '../../shared/settings';

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
      currency: { id: currencies.id, name: currencies.name, code: currencies.code, symbol: currencies.symbol },
    })
    .from(suppliers)
    .innerJoin(currencies, eq(currencies.id, suppliers.currency_id))
    .where(id === undefined ? undefined : eq(suppliers.id, id))
    .orderBy(asc(sql`lower(${suppliers.name})`));
  return rows.map((r) => ({ ...r, currency_symbol: r.currency.symbol }));
}

export async function createSupplier(db: Db, user: SessionUser, body: SupplierInput) {
  return db.transaction(async (tx) => {
    await assertUniqueName(tx, suppliers, body.name);
    await assertCurrency(tx, body.currency_id);
    const [row] = await tx.insert(suppliers).values(body).returning({ id: suppliers.id });
    const [data] = await findSuppliers(tx, row!.id);
    await writeAudit(tx, {
      userId: user.id,
      action: 'create',
      entityType: 'supplier',
      entityId: row!.id,
      after: { ...body, commission_due_days: data!.commission_due_days },
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
      .set({ ...body, updated_at: new Date() })
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
      },
      // Without commission_due_days the supplier keeps its own (a call written as the spec shows).
      after: { ...body, commission_due_days: data!.commission_due_days },
    });
    return data!;
  });
}

/** The GST rate for everyone; the accounting settings (agency name, QuickBooks) for admins only. */
export async function getSettings(db: DbOrTx, user: SessionUser): Promise<Settings> {
  const gst_rate = await getGstRate(db);
  return user.is_admin ? { gst_rate, ...(await getAccountingSettings(db)) } : { gst_rate };
}

/** Saves the GST rate (a Percent from the form) and the accounting settings sent; returns them as stored. */
export async function saveSettings(db: Db, user: SessionUser, body: SettingsInput): Promise<Settings> {
  return db.transaction(async (tx) => {
    const before = { gst_rate: await getGstRate(tx), ...(await getAccountingSettings(tx)) };
    const { gst_rate, ...accounting } = body;
    await storeGstRate(tx, percentToString(gst_rate));
    await storeAccountingSettings(tx, accounting);
    const after = { gst_rate: await getGstRate(tx), ...(await getAccountingSettings(tx)) };
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
