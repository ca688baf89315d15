import {
  countrySchema,
  currencySchema,
  listOf,
  percentFromDb,
  settingsInputSchema,
  settingsSchema,
  percentToString,
  stateSchema,
  supplierInputSchema,
  supplierSchema,
  tierInputSchema,
  tierSchema,
} from '@app/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { commissionTiers, countries, currencies, settings, states, suppliers } from '../../db/schema';
import type { RouteModule } from '../../http/app';
import { fieldError, notFound } from '../../http/errors';
import { idParams, route } from '../../http/route';
import { writeAudit } from '../audit/audit';

const success = <T extends z.ZodType>(data: T) => z.object({ status: z.literal('success'), message: z.string(), data });

async function findSuppliers(db: DbOrTx, id?: number) {
  const rows = await db
    .select({
      id: suppliers.id,
      name: suppliers.name,
      currency_id: suppliers.currency_id,
      booking_number_format: suppliers.booking_number_format,
      currency: { id: currencies.id, name: currencies.name, code: currencies.code, symbol: currencies.symbol },
    })
    .from(suppliers)
    .innerJoin(currencies, eq(currencies.id, suppliers.currency_id))
    .where(id === undefined ? undefined : eq(suppliers.id, id))
    .orderBy(asc(sql`lower(${suppliers.name})`));
  return rows.map((r) => ({ ...r, currency_symbol: r.currency.symbol }));
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

export async function getGstRate(db: DbOrTx): Promise<string> {
  const rows = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'gst_rate'));
  return percentToString(percentFromDb(rows[0]?.value ?? '5'));
}

export const referenceRoutes: RouteModule = ({ db }) => [
  route({
    method: 'GET',
    url: '/api/currencies',
    access: 'user',
    summary: 'Currencies.',
    tags: ['reference'],
    response: listOf(currencySchema),
    handler: async () => ({
      status: 'success' as const,
      data: await db.select().from(currencies).orderBy(asc(currencies.code)),
    }),
  }),
  route({
    method: 'GET',
    url: '/api/countries',
    access: 'user',
    summary: 'Countries.',
    tags: ['reference'],
    response: listOf(countrySchema),
    handler: async () => ({
      status: 'success' as const,
      data: await db.select().from(countries).orderBy(asc(countries.name)),
    }),
  }),
  route({
    method: 'GET',
    url: '/api/countries/:id/states',
    access: 'user',
    summary: 'States or provinces of a country, nested as data.data.data (spec).',
    tags: ['reference'],
    params: idParams,
    response: z.object({
      status: z.literal('success'),
      data: z.object({ data: z.object({ data: z.array(stateSchema) }) }),
    }),
    handler: async ({ params }) => {
      const country = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, params.id));
      if (!country.length) throw notFound('The country');
      const list = await db.select().from(states).where(eq(states.country_id, params.id)).orderBy(asc(states.name));
      return { status: 'success' as const, data: { data: { data: list } } };
    },
  }),
  route({
    method: 'GET',
    url: '/api/commission-tiers',
    access: 'user',
    summary: 'Commission tiers.',
    tags: ['commission tiers'],
    response: listOf(tierSchema),
    handler: async () => ({
      status: 'success' as const,
      data: await db
        .select({ id: commissionTiers.id, name: commissionTiers.name, description: commissionTiers.description })
        .from(commissionTiers)
        .orderBy(asc(sql`lower(${commissionTiers.name})`)),
    }),
  }),
  route({
    method: 'POST',
    url: '/commission-tiers',
    access: 'admin',
    summary: 'Create a commission tier.',
    tags: ['commission tiers'],
    body: tierInputSchema,
    bodyType: 'form',
    response: success(tierSchema),
    handler: async ({ body, user }) =>
      db.transaction(async (tx) => {
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
        return { status: 'success' as const, message: 'Commission tier created successfully', data };
      }),
  }),
  route({
    method: 'PUT',
    url: '/commission-tiers/:id',
    access: 'admin',
    summary: 'Update a commission tier.',
    tags: ['commission tiers'],
    params: idParams,
    body: tierInputSchema,
    bodyType: 'form',
    response: success(tierSchema),
    handler: async ({ body, params, user }) =>
      db.transaction(async (tx) => {
        const [before] = await tx.select().from(commissionTiers).where(eq(commissionTiers.id, params.id)).for('update');
        if (!before) throw notFound('The commission tier');
        await assertUniqueName(tx, commissionTiers, body.name, params.id);
        await tx
          .update(commissionTiers)
          .set({ ...body, updated_at: new Date() })
          .where(eq(commissionTiers.id, params.id));
        const data = { id: params.id, name: body.name, description: body.description };
        await writeAudit(tx, {
          userId: user.id,
          action: 'update',
          entityType: 'commission_tier',
          entityId: params.id,
          before: { name: before.name, description: before.description },
          after: data,
        });
        return { status: 'success' as const, message: 'Commission tier updated successfully', data };
      }),
  }),
  ...(['/api/suppliers', '/suppliers-list'] as const).map((url) =>
    route({
      method: 'GET',
      url,
      access: 'user',
      summary: 'Suppliers with their currency and booking number format.',
      tags: ['suppliers'],
      response: listOf(supplierSchema),
      handler: async () => ({ status: 'success' as const, data: await findSuppliers(db) }),
    }),
  ),
  route({
    method: 'POST',
    url: '/suppliers',
    access: 'admin',
    summary: 'Create a supplier.',
    tags: ['suppliers'],
    body: supplierInputSchema,
    bodyType: 'form',
    response: success(supplierSchema),
    handler: async ({ body, user }) =>
      db.transaction(async (tx) => {
        await assertUniqueName(tx, suppliers, body.name);
        await assertCurrency(tx, body.currency_id);
        const [row] = await tx.insert(suppliers).values(body).returning({ id: suppliers.id });
        const [data] = await findSuppliers(tx, row!.id);
        await writeAudit(tx, {
          userId: user.id,
          action: 'create',
          entityType: 'supplier',
          entityId: row!.id,
          after: body,
        });
        return { status: 'success' as const, message: 'Supplier created successfully', data: data! };
      }),
  }),
  route({
    method: 'PUT',
    url: '/suppliers/:id',
    access: 'admin',
    summary: 'Update a supplier.',
    tags: ['suppliers'],
    params: idParams,
    body: supplierInputSchema,
    bodyType: 'form',
    response: success(supplierSchema),
    handler: async ({ body, params, user }) =>
      db.transaction(async (tx) => {
        const [before] = await tx.select().from(suppliers).where(eq(suppliers.id, params.id)).for('update');
        if (!before) throw notFound('The supplier');
        await assertUniqueName(tx, suppliers, body.name, params.id);
        await assertCurrency(tx, body.currency_id);
        await tx
          .update(suppliers)
          .set({ ...body, updated_at: new Date() })
          .where(eq(suppliers.id, params.id));
        const [data] = await findSuppliers(tx, params.id);
        await writeAudit(tx, {
          userId: user.id,
          action: 'update',
          entityType: 'supplier',
          entityId: params.id,
          before: {
            name: before.name,
            currency_id: before.currency_id,
            booking_number_format: before.booking_number_format,
          },
          after: body,
        });
        return { status: 'success' as const, message: 'Supplier updated successfully', data: data! };
      }),
  }),
  route({
    method: 'GET',
    url: '/api/settings',
    access: 'user',
    summary: 'Settings (GST rate in percent).',
    tags: ['settings'],
    response: z.object({ status: z.literal('success'), data: settingsSchema }),
    handler: async () => ({ status: 'success' as const, data: { gst_rate: await getGstRate(db) } }),
  }),
  route({
    method: 'POST',
    url: '/settings',
    access: 'admin',
    summary: 'Update settings.',
    tags: ['settings'],
    body: settingsInputSchema,
    bodyType: 'form',
    response: success(settingsSchema),
    handler: async ({ body, user }) =>
      db.transaction(async (tx) => {
        const before = await getGstRate(tx);
        const value = percentToString(body.gst_rate);
        await tx
          .insert(settings)
          .values({ key: 'gst_rate', value })
          .onConflictDoUpdate({ target: settings.key, set: { value, updated_at: new Date() } });
        await writeAudit(tx, {
          userId: user.id,
          action: 'update',
          entityType: 'settings',
          entityId: 'gst_rate',
          before: { gst_rate: before },
          after: { gst_rate: value },
        });
        return { status: 'success' as const, message: 'Settings saved successfully', data: { gst_rate: value } };
      }),
  }),
];
