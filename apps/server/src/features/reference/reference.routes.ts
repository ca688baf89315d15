import {
  countryListResponse,
  currencyListResponse,
  settingsInputSchema,
  settingsResponse,
  settingsSavedResponse,
  stateListResponse,
  supplierInputSchema,
  supplierListResponse,
  supplierSavedResponse,
  tierInputSchema,
  tierListResponse,
  tierSavedResponse,
} from '@app/domain';
import type { Db } from '../../db/client';
import type { RouteModule } from '../../http/app';
import { idParams, legacyRoute, type RouteDef } from '../../http/route';
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
    legacyRoute({
      method: 'GET',
      url: '/api/currencies',
      access: 'user',
      summary: 'Currencies.',
      tags: ['reference'],
      response: currencyListResponse,
      handler: async () => ({
        status: 'success' as const,
        data: await listCurrencies(db),
      }),
    }),
    legacyRoute({
      method: 'GET',
      url: '/api/countries',
      access: 'user',
      summary: 'Countries.',
      tags: ['reference'],
      response: countryListResponse,
      handler: async () => ({
        status: 'success' as const,
        data: await listCountries(db),
      }),
    }),
    legacyRoute({
      method: 'GET',
      url: '/api/countries/:id/states',
      access: 'user',
      summary: 'States or provinces of a country, nested as data.data.data (spec).',
      tags: ['reference'],
      params: idParams,
      response: stateListResponse,
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
    legacyRoute({
      method: 'GET',
      url: '/api/commission-tiers',
      access: 'user',
      summary: 'Commission tiers.',
      tags: ['commission tiers'],
      response: tierListResponse,
      handler: async () => ({
        status: 'success' as const,
        data: await listTiers(db),
      }),
    }),
    legacyRoute({
      method: 'POST',
      url: '/commission-tiers',
      access: 'admin',
      summary: 'Create a commission tier.',
      tags: ['commission tiers'],
      body: tierInputSchema,
      bodyType: 'form',
      response: tierSavedResponse,
      handler: async ({ body, user }) => ({
        status: 'success' as const,
        message: 'Commission tier created successfully',
        data: await createTier(db, user, body),
      }),
    }),
    legacyRoute({
      method: 'PUT',
      url: '/commission-tiers/:id',
      access: 'admin',
      summary: 'Update a commission tier.',
      tags: ['commission tiers'],
      params: idParams,
      body: tierInputSchema,
      bodyType: 'form',
      response: tierSavedResponse,
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
    ...(['/api/suppliers', '/suppliers-list'] as const).map((url) =>
      legacyRoute({
        method: 'GET',
        url,
        access: 'user',
        summary: 'Suppliers with their currency and booking number format.',
        tags: ['suppliers'],
        response: supplierListResponse,
        handler: async () => ({ status: 'success' as const, data: await findSuppliers(db) }),
      }),
    ),
    legacyRoute({
      method: 'POST',
      url: '/suppliers',
      access: 'admin',
      summary: 'Create a supplier.',
      tags: ['suppliers'],
      body: supplierInputSchema,
      bodyType: 'form',
      response: supplierSavedResponse,
      handler: async ({ body, user }) => ({
        status: 'success' as const,
        message: 'Supplier created successfully',
        data: await createSupplier(db, user, body),
      }),
    }),
    legacyRoute({
      method: 'PUT',
      url: '/suppliers/:id',
      access: 'admin',
      summary: 'Update a supplier.',
      tags: ['suppliers'],
      params: idParams,
      body: supplierInputSchema,
      bodyType: 'form',
      response: supplierSavedResponse,
      handler: async ({ body, params, user }) => ({
        status: 'success' as const,
        message: 'Supplier updated successfully',
        data: await updateSupplier(db, user, params.id, body),
      }),
    }),
  ];
}

/** The settings (the GST rate): reading and saving them. */
function settingRoutes(db: Db): RouteDef[] {
  return [
    legacyRoute({
      method: 'GET',
      url: '/api/settings',
      access: 'user',
      summary:
        'Settings: the GST rate in percent (everyone); the agency name and the QuickBooks account names and date format (admins only).',
      tags: ['settings'],
      response: settingsResponse,
      handler: async ({ user }) => ({ status: 'success' as const, data: await getSettings(db, user) }),
    }),
    legacyRoute({
      method: 'POST',
      url: '/settings',
      access: 'admin',
      summary:
        'Update settings: the GST rate, and optionally the agency name and the QuickBooks account names and date format (one left out keeps its value).',
      tags: ['settings'],
      body: settingsInputSchema,
      bodyType: 'form',
      response: settingsSavedResponse,
      handler: async ({ body, user }) => ({
        status: 'success' as const,
        message: 'Settings saved successfully',
        data: await saveSettings(db, user, body),
      }),
    }),
  ];
}
