import {
  commissionDeletedResponse,
  commissionExplanationResponse,
  commissionInputSchema,
  commissionListQuerySchema,
  commissionListResponse,
  commissionOptionsQuerySchema,
  commissionOptionsResponse,
  commissionPreviewResponse,
  commissionRateQuerySchema,
  commissionRateResponseSchema,
  commissionResponse,
  commissionSavedResponse,
} from '../schemas/commissions';
import { endpoint, idParams } from './endpoint';

/** Commission rules, their previews, and a booking's commission explanation. */
export const commissionEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/commissions',
    query: commissionListQuerySchema,
    response: commissionListResponse,
  }),
  options: endpoint({
    method: 'GET',
    path: '/commissions/options',
    query: commissionOptionsQuerySchema,
    response: commissionOptionsResponse,
  }),
  rate: endpoint({
    method: 'GET',
    path: '/commissions/rates',
    query: commissionRateQuerySchema,
    response: commissionRateResponseSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/commissions',
    body: commissionInputSchema,
    response: commissionSavedResponse,
  }),
  previewCreate: endpoint({
    method: 'POST',
    path: '/commissions/preview',
    body: commissionInputSchema,
    response: commissionPreviewResponse,
  }),
  previewUpdate: endpoint({
    method: 'POST',
    path: '/commissions/:id/preview',
    params: idParams,
    body: commissionInputSchema,
    response: commissionPreviewResponse,
  }),
  previewDelete: endpoint({
    method: 'GET',
    path: '/commissions/:id/delete-preview',
    params: idParams,
    response: commissionPreviewResponse,
  }),
  get: endpoint({ method: 'GET', path: '/commissions/:id', params: idParams, response: commissionResponse }),
  update: endpoint({
    method: 'PUT',
    path: '/commissions/:id',
    params: idParams,
    body: commissionInputSchema,
    response: commissionSavedResponse,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/commissions/:id',
    params: idParams,
    response: commissionDeletedResponse,
  }),
  explanation: endpoint({
    method: 'GET',
    path: '/bookings/:id/commission-explanation',
    params: idParams,
    response: commissionExplanationResponse,
  }),
};
