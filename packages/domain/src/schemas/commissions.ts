import { z } from 'zod';
import { percentSchema } from '../money/schemas';
import { id, isoDate, listQuery, required } from './fields';

/**
 * Commission rules (spec §2–§5 "Commission form", §7 `/commissions…` calls). One schema per contract:
 * the server validates with these and the commission form uses them.
 */

export const COMMISSION_RULE_TYPES = ['tier', 'agent'] as const;
export type CommissionRuleType = (typeof COMMISSION_RULE_TYPES)[number];

export const COMMISSION_RULE_TYPE_LABELS: Record<CommissionRuleType, string> = { tier: 'Tier', agent: 'Agent' };

export const COMMISSION_CREATED = 'Commission created successfully';
export const COMMISSION_UPDATED = 'Commission updated successfully';
export const COMMISSION_DELETED = 'Commission deleted successfully';
export const INVALID_OPTION = 'The selected option is invalid.';

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

const commissionType = (label: string) =>
  z.preprocess(
    (v) => (isBlank(v) ? undefined : typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.enum(COMMISSION_RULE_TYPES, {
      error: (iss) => (iss.input === undefined ? required(label) : `The selected ${label} is invalid.`),
    }),
  );

/**
 * `suppliers[]`: optional; a JSON array, a form's repeated `suppliers[]`, one value, or an empty value
 * (the spec's "create without any suppliers"). Duplicates in the request collapse to one.
 */
const supplierIds = z.preprocess(
  (v) => {
    if (isBlank(v)) return [];
    const list = Array.isArray(v) ? v : [v];
    return list.filter((item) => !isBlank(item));
  },
  z
    .array(id('supplier'), { error: 'The suppliers field must be a list of supplier ids.' })
    .max(10_000)
    .transform((ids) => [...new Set(ids)]),
);

/** `POST /commissions`, `POST /commissions/{id}` + `_method=PUT`: commission_type, general_id, percentage, suppliers[]. */
export const commissionInputSchema = z.object({
  commission_type: commissionType('commission type'),
  general_id: id('option'),
  percentage: percentSchema('percentage'),
  suppliers: supplierIds,
});
export type CommissionInput = z.infer<typeof commissionInputSchema>;

/** `GET /commissions/options?type=tier|agent`. */
export const commissionOptionsQuerySchema = z.object({ type: commissionType('type') });

export const commissionOptionSchema = z.object({ id: z.number(), name: z.string() });
export type CommissionOption = z.infer<typeof commissionOptionSchema>;

/** `GET /commissions/rates?agent_id=&supplier_id=&date=` (date optional: today, UTC). */
export const commissionRateQuerySchema = z.object({
  agent_id: id('agent id'),
  supplier_id: id('supplier id'),
  date: z.preprocess((v) => (isBlank(v) ? undefined : v), isoDate('date').optional()),
});
export type CommissionRateQuery = z.infer<typeof commissionRateQuerySchema>;

/** The spec's commission rate response (§3). */
export const commissionRateResponseSchema = z.object({
  is_sub_agent: z.boolean(),
  commission_percentage: z.number(),
  parent_commission_percentage: z.number().nullable(),
  sub_agent_commission_percentage: z.number().nullable(),
  split_percentage: z.number().nullable(),
  parent_agent_id: z.number().nullable(),
});

export const COMMISSION_SORTS = ['owner', 'commission_type', 'percentage', 'id'] as const;

/** `GET /commissions` (JSON): paging per CONTRACT §2, `search` by owner or supplier name, `type` filter. */
export const commissionListQuerySchema = listQuery(COMMISSION_SORTS, 'owner', 25).extend({
  type: z.enum(COMMISSION_RULE_TYPES).optional().catch(undefined),
});
export type CommissionListQuery = z.infer<typeof commissionListQuerySchema>;

/** A rule as the edit form reads it (`GET /commissions/{id}`): suppliers are ids, as the form posts them. */
export const commissionRuleSchema = z.object({
  id: z.number(),
  commission_type: z.enum(COMMISSION_RULE_TYPES),
  general_id: z.number(),
  owner_name: z.string(),
  /** Decimal string, e.g. '12.50'. */
  percentage: z.string(),
  suppliers: z.array(z.number()),
});
export type CommissionRule = z.infer<typeof commissionRuleSchema>;

/** A row of the list: suppliers with their names, for display. */
export const commissionListItemSchema = commissionRuleSchema.extend({
  suppliers: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type CommissionListItem = z.infer<typeof commissionListItemSchema>;

export const recalculationSchema = z.object({
  changed: z.number(),
  difference: z.array(z.object({ currency_code: z.string(), amount: z.string() })),
});
export type Recalculation = z.infer<typeof recalculationSchema>;
