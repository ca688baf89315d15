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
} from '../schemas/reference';
import { endpoint, idParams } from './endpoint';

/** Reference data: currencies, countries and states, commission tiers, suppliers, settings. */
export const referenceEndpoints = {
  currencies: endpoint({ method: 'GET', path: '/api/currencies', response: currencyListResponse }),
  countries: endpoint({ method: 'GET', path: '/api/countries', response: countryListResponse }),
  /** A country's states, nested as `data.data.data` (spec). */
  states: endpoint({
    method: 'GET',
    path: '/api/countries/:id/states',
    params: idParams,
    response: stateListResponse,
  }),
  tiers: endpoint({ method: 'GET', path: '/api/commission-tiers', response: tierListResponse }),
  createTier: endpoint({
    method: 'POST',
    path: '/commission-tiers',
    body: tierInputSchema,
    response: tierSavedResponse,
  }),
  updateTier: endpoint({
    method: 'PUT',
    path: '/commission-tiers/:id',
    params: idParams,
    body: tierInputSchema,
    response: tierSavedResponse,
  }),
  suppliers: endpoint({ method: 'GET', path: '/api/suppliers', response: supplierListResponse }),
  /** The same list at its second address. */
  suppliersList: endpoint({ method: 'GET', path: '/suppliers-list', response: supplierListResponse }),
  createSupplier: endpoint({
    method: 'POST',
    path: '/suppliers',
    body: supplierInputSchema,
    response: supplierSavedResponse,
  }),
  updateSupplier: endpoint({
    method: 'PUT',
    path: '/suppliers/:id',
    params: idParams,
    body: supplierInputSchema,
    response: supplierSavedResponse,
  }),
  settings: endpoint({ method: 'GET', path: '/api/settings', response: settingsResponse }),
  saveSettings: endpoint({
    method: 'POST',
    path: '/settings',
    body: settingsInputSchema,
    response: settingsSavedResponse,
  }),
};
