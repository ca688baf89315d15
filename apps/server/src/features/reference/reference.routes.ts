import { referenceEndpoints as api } from '@app/domain';
import type { Db } from '../../db/client';
import type { RouteModule } from '../../http/app';
import { route, type RouteDef } from '../../http/route';
import {
  createSupplier,
  createTier,
  findSuppliers,
  getSettings,
  listCountries,
  listCurrencies,
  listStates,
  listTiers,
  saveSettings,
  updateSupplier,
  updateTier,
} from './reference.service';

export const referenceRoutes: RouteModule = ({ db }) => [
  ...currencyAndCountryRoutes(db),
  ...tierRoutes(db),
  ...supplierRoutes(db),
  ...settingRoutes(db),
];

/** Currencies, countries and a country's states. */
function currencyAndCountryRoutes(db: Db): RouteDef[] {
  return [
    route({
      endpoint: api.currencies,
      access: 'user',
      summary: 'Currencies.',
      tags: ['reference'],
      handler: async () => ({
        status: 'success' as const,
        data: await listCurrencies(db),
      }),
    }),
    route({
      endpoint: api.countries,
      access: 'user',
      summary: 'Countries.',
      tags: ['reference'],
      handler: async () => ({
        status: 'success' as const,
        data: await listCountries(db),
      }),
    }),
    route({
      endpoint: api.states,
      access: 'user',
      summary: 'States or provinces of a country, nested as data.data.data (spec).',
      tags: ['reference'],
      handler: async ({ params }) => ({
        status: 'success' as const,
        data: { data: { data: await listStates(db, params.id) } },
      }),
    }),
  ];
}

/** Commission tiers: the list, creating one and updating one. */
function tierRoutes(db: Db): RouteDef[] {
  return [
    route({
      endpoint: api.tiers,
      access: 'user',
      summary: 'Commission tiers.',
      tags: ['commission tiers'],
      handler: async () => ({
        status: 'success' as const,
        data: await listTiers(db),
      }),
    }),
    route({
      endpoint: api.createTier,
      access: 'admin',
      summary: 'Create a commission tier.',
      tags: ['commission tiers'],
      bodyType: 'form',
      handler: async ({ body, user }) => ({
        status: 'success' as const,
        message: 'Commission tier created successfully',
        data: await createTier(db, user, body),
      }),
    }),
    route({
      endpoint: api.updateTier,
      access: 'admin',
      summary: 'Update a commission tier.',
      tags: ['commission tiers'],
      bodyType: 'form',
      handler: async ({ body, params, user }) => ({
        status: 'success' as const,
        message: 'Commission tier updated successfully',
        data: await updateTier(db, user, params.id, body),
      }),
    }),
  ];
}

/** Suppliers: the list (two addresses), creating one and updating one. */
function supplierRoutes(db: Db): RouteDef[] {
  return [
    ...[api.suppliers, api.suppliersList].map((endpoint) =>
      route({
        endpoint,
        access: 'user',
        summary:
          "Suppliers with their currency, booking number format, commission due days and match tolerance (match_tolerance_percent: how far a credit's amount may be from a booking's gross and still count as its amount in match suggestions).",
        tags: ['suppliers'],
        handler: async () => ({ status: 'success' as const, data: await findSuppliers(db) }),
      }),
    ),
    route({
      endpoint: api.createSupplier,
      access: 'admin',
      summary:
        'Create a supplier: commission_due_days (1-3,650) and match_tolerance_percent (0-20 with at most 2 decimals) are optional (60 and 2).',
      tags: ['suppliers'],
      bodyType: 'form',
      handler: async ({ body, user }) => ({
        status: 'success' as const,
        message: 'Supplier created successfully',
        data: await createSupplier(db, user, body),
      }),
    }),
    route({
      endpoint: api.updateSupplier,
      access: 'admin',
      summary: 'Update a supplier: without commission_due_days or match_tolerance_percent the supplier keeps its own.',
      tags: ['suppliers'],
      bodyType: 'form',
      handler: async ({ body, params, user }) => ({
        status: 'success' as const,
        message: 'Supplier updated successfully',
        data: await updateSupplier(db, user, params.id, body),
      }),
    }),
  ];
}

/** The settings (the GST rate, the accounting files, the auto-accept threshold): reading and saving them. */
function settingRoutes(db: Db): RouteDef[] {
  return [
    route({
      endpoint: api.settings,
      access: 'user',
      summary:
        "Settings: the GST rate in percent (everyone); the agency name, the QuickBooks account names and date format, and the match suggestions' auto-accept threshold auto_accept_score (admins only).",
      tags: ['settings'],
      handler: async ({ user }) => ({ status: 'success' as const, data: await getSettings(db, user) }),
    }),
    route({
      endpoint: api.saveSettings,
      access: 'admin',
      summary:
        'Update settings: the GST rate, and optionally the agency name, the QuickBooks account names and date format and auto_accept_score (a whole number from 50 to 100; one left out keeps its value).',
      tags: ['settings'],
      bodyType: 'form',
      handler: async ({ body, user }) => ({
        status: 'success' as const,
        message: 'Settings saved successfully',
        data: await saveSettings(db, user, body),
      }),
    }),
  ];
}
