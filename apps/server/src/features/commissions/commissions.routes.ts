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
} from '@app/domain';
import type { Db } from '../../db/client';
import type { RouteModule } from '../../http/app';
import { idParams, legacyRoute, type RouteDef } from '../../http/route';
import { explainBookingCommission, getCommissionRate } from './commission-rates';
import { findCommissionOptions, findCommissionRules, getCommissionRuleById } from './commission-rules.repo';
import {
  createCommissionRule,
  deleteCommissionRule,
  previewCommissionDelete,
  previewCommissionSave,
  updateCommissionRule,
} from './commissions.service';

export const commissionRoutes: RouteModule = ({ db }) => [
  ...commissionLookupRoutes(db),
  ...commissionCreateRoute(db),
  ...commissionPreviewRoutes(db),
  ...commissionRuleRoutes(db),
  ...commissionExplanationRoute(db),
];

/** The commission rules list, the rule form's options, and an agent's rate for a supplier. */
function commissionLookupRoutes(db: Db): RouteDef[] {
  return [
    legacyRoute({
      method: 'GET',
      url: '/commissions',
      access: 'admin',
      page: true,
      summary: 'Commission rules (page, or JSON list with search by owner or supplier name and a type filter).',
      tags: ['commissions'],
      query: commissionListQuerySchema,
      response: commissionListResponse,
      handler: ({ query }) => findCommissionRules(db, query),
    }),
    legacyRoute({
      method: 'GET',
      url: '/commissions/options',
      access: 'admin',
      summary: 'Options of the commission form for a type: the tiers, or the active agents, by name.',
      tags: ['commissions'],
      query: commissionOptionsQuerySchema,
      response: commissionOptionsResponse,
      handler: async ({ query }) => ({ status: 'success' as const, data: await findCommissionOptions(db, query.type) }),
    }),
    legacyRoute({
      method: 'GET',
      url: '/commissions/rates',
      access: 'user',
      summary:
        'The commission rate of an agent for a supplier on a date (default today, UTC). Admins: any agent; agents: themselves.',
      tags: ['commissions'],
      query: commissionRateQuerySchema,
      response: commissionRateResponseSchema,
      handler: ({ query, user }) => getCommissionRate(db, query, user),
    }),
  ];
}

/** Creating a commission rule. */
function commissionCreateRoute(db: Db): RouteDef[] {
  return [
    legacyRoute({
      method: 'POST',
      url: '/commissions',
      access: 'admin',
      summary: 'Create a commission rule; recalculates the unpaid bookings it affects.',
      tags: ['commissions'],
      body: commissionInputSchema,
      response: commissionSavedResponse,
      handler: async ({ body, user, redirectTo }) => {
        redirectTo('/commissions');
        return createCommissionRule(db, body, user);
      },
    }),
  ];
}

/** What creating, editing or deleting a rule would recalculate, before it is done. */
function commissionPreviewRoutes(db: Db): RouteDef[] {
  return [
    legacyRoute({
      method: 'POST',
      url: '/commissions/preview',
      access: 'admin',
      summary:
        'What creating this rule would recalculate (the create JSON): bookings changed, per status, and the expected commission before and after per currency. Writes nothing.',
      tags: ['commissions'],
      body: commissionInputSchema,
      response: commissionPreviewResponse,
      handler: ({ body }) => previewCommissionSave(db, null, body),
    }),
    legacyRoute({
      method: 'POST',
      url: '/commissions/:id/preview',
      access: 'admin',
      params: idParams,
      summary:
        'What saving this edit of the rule would recalculate (the update JSON): bookings changed, per status, and the expected commission before and after per currency. Writes nothing.',
      tags: ['commissions'],
      body: commissionInputSchema,
      response: commissionPreviewResponse,
      handler: ({ body, params }) => previewCommissionSave(db, params.id, body),
    }),
    legacyRoute({
      method: 'GET',
      url: '/commissions/:id/delete-preview',
      access: 'admin',
      params: idParams,
      summary:
        'What deleting the rule would recalculate: bookings changed, per status, and the expected commission before and after per currency.',
      tags: ['commissions'],
      response: commissionPreviewResponse,
      handler: ({ params }) => previewCommissionDelete(db, params.id),
    }),
  ];
}

/** One commission rule: read, update, delete. */
function commissionRuleRoutes(db: Db): RouteDef[] {
  return [
    legacyRoute({
      method: 'GET',
      url: '/commissions/:id',
      access: 'admin',
      page: true,
      params: idParams,
      summary: 'One commission rule, as the edit form reads it (suppliers as ids).',
      tags: ['commissions'],
      response: commissionResponse,
      handler: async ({ params }) => ({ status: 'success' as const, data: await getCommissionRuleById(db, params.id) }),
    }),
    legacyRoute({
      method: 'PUT',
      url: '/commissions/:id',
      access: 'admin',
      params: idParams,
      summary: 'Update a commission rule (POST with _method=PUT); recalculates the unpaid bookings it affects.',
      tags: ['commissions'],
      body: commissionInputSchema,
      response: commissionSavedResponse,
      handler: async ({ body, params, user, redirectTo }) => {
        redirectTo('/commissions');
        return updateCommissionRule(db, params.id, body, user);
      },
    }),
    legacyRoute({
      method: 'DELETE',
      url: '/commissions/:id',
      access: 'admin',
      params: idParams,
      summary: 'Delete a commission rule (POST with _method=DELETE); recalculates the unpaid bookings it affected.',
      tags: ['commissions'],
      response: commissionDeletedResponse,
      handler: async ({ params, user, redirectTo }) => {
        redirectTo('/commissions');
        return deleteCommissionRule(db, params.id, user);
      },
    }),
  ];
}

/** Why a booking's expected commission is what it is. */
function commissionExplanationRoute(db: Db): RouteDef[] {
  return [
    legacyRoute({
      method: 'GET',
      url: '/bookings/:id/commission-explanation',
      access: 'user',
      params: idParams,
      summary:
        "Why a booking's expected commission is what it is: rate and source, split, rounding; with its stored commission lines.",
      tags: ['commissions', 'bookings'],
      response: commissionExplanationResponse,
      handler: ({ params, user }) => explainBookingCommission(db, params.id, user),
    }),
  ];
}
