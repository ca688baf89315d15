import { commissionEndpoints as api } from '@app/domain';
import type { Db } from '../../db/client';
import type { RouteModule } from '../../http/app';
import { route, type RouteDef } from '../../http/route';
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
    route({
      endpoint: api.list,
      access: 'admin',
      page: true,
      summary: 'Commission rules (page, or JSON list with search by owner or supplier name and a type filter).',
      tags: ['commissions'],
      handler: ({ query }) => findCommissionRules(db, query),
    }),
    route({
      endpoint: api.options,
      access: 'admin',
      summary: 'Options of the commission form for a type: the tiers, or the active agents, by name.',
      tags: ['commissions'],
      handler: async ({ query }) => ({ status: 'success' as const, data: await findCommissionOptions(db, query.type) }),
    }),
    route({
      endpoint: api.rate,
      access: 'user',
      summary:
        'The commission rate of an agent for a supplier on a date (default today, UTC). Admins: any agent; agents: themselves.',
      tags: ['commissions'],
      handler: ({ query, user }) => getCommissionRate(db, query, user),
    }),
  ];
}

/** Creating a commission rule. */
function commissionCreateRoute(db: Db): RouteDef[] {
  return [
    route({
      endpoint: api.create,
      access: 'admin',
      summary: 'Create a commission rule; recalculates the unpaid bookings it affects.',
      tags: ['commissions'],
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
    route({
      endpoint: api.previewCreate,
      access: 'admin',
      summary:
        'What creating this rule would recalculate (the create JSON): bookings changed, per status, and the expected commission before and after per currency. Writes nothing.',
      tags: ['commissions'],
      handler: ({ body }) => previewCommissionSave(db, null, body),
    }),
    route({
      endpoint: api.previewUpdate,
      access: 'admin',
      summary:
        'What saving this edit of the rule would recalculate (the update JSON): bookings changed, per status, and the expected commission before and after per currency. Writes nothing.',
      tags: ['commissions'],
      handler: ({ body, params }) => previewCommissionSave(db, params.id, body),
    }),
    route({
      endpoint: api.previewDelete,
      access: 'admin',
      summary:
        'What deleting the rule would recalculate: bookings changed, per status, and the expected commission before and after per currency.',
      tags: ['commissions'],
      handler: ({ params }) => previewCommissionDelete(db, params.id),
    }),
  ];
}

/** One commission rule: read, update, delete. */
function commissionRuleRoutes(db: Db): RouteDef[] {
  return [
    route({
      endpoint: api.get,
      access: 'admin',
      page: true,
      summary: 'One commission rule, as the edit form reads it (suppliers as ids).',
      tags: ['commissions'],
      handler: async ({ params }) => ({ status: 'success' as const, data: await getCommissionRuleById(db, params.id) }),
    }),
    route({
      endpoint: api.update,
      access: 'admin',
      summary: 'Update a commission rule (POST with _method=PUT); recalculates the unpaid bookings it affects.',
      tags: ['commissions'],
      handler: async ({ body, params, user, redirectTo }) => {
        redirectTo('/commissions');
        return updateCommissionRule(db, params.id, body, user);
      },
    }),
    route({
      endpoint: api.remove,
      access: 'admin',
      summary: 'Delete a commission rule (POST with _method=DELETE); recalculates the unpaid bookings it affected.',
      tags: ['commissions'],
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
    route({
      endpoint: api.explanation,
      access: 'user',
      summary:
        "Why a booking's expected commission is what it is: rate and source, split, rounding; with its stored commission lines.",
      tags: ['commissions', 'bookings'],
      handler: ({ params, user }) => explainBookingCommission(db, params.id, user),
    }),
  ];
}
