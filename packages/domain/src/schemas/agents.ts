/**
 * Agents (agents spec §2.1, §3, §5; bookings spec §2 "Sub-agent form", §5): the request schemas the
 * server validates with and the browser forms use.
 */
import { z } from 'zod';
import { optionalMoneySchema, optionalPercentSchema, percentSchema } from '../money/schemas';
import { PASSWORD_MIN } from './auth';
import { flag, id, isValidIsoDate, optionalId, optionalText, required, requiredText } from './fields';

export const COMMISSION_TYPES = ['percentage', 'fixed'] as const;
export const AGENT_STATUSES = ['active', 'inactive'] as const;
export const GST_NUMBER_PATTERN = /^[A-Z0-9]*$/;
export const GST_NUMBER_MESSAGE = 'The gst number may only contain capital letters and digits.';

const email = (label: string) =>
  requiredText(label).pipe(z.email(`The ${label} must be a valid email address.`).max(255));

const optionalEmail = (label: string) =>
  optionalText(label, 255).refine((v) => v === '' || z.email().safeParse(v).success, {
    message: `The ${label} must be a valid email address.`,
  });

/** An optional 'YYYY-MM-DD' date; blank gives ''. */
export const optionalIsoDate = (label: string) =>
  optionalText(label, 10).refine((v) => v === '' || isValidIsoDate(v), {
    message: `The ${label} is not a valid date (YYYY-MM-DD).`,
  });

const choice = <T extends readonly [string, ...string[]]>(label: string, values: T, fallback: T[number]) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? fallback : v),
    z.enum(values, { error: `The selected ${label} is invalid.` }),
  );

const agentFields = {
  full_name: requiredText('full name'),
  nickname: optionalText('nickname', 100),
  home_address: requiredText('home address', 1000),
  phone_number: requiredText('phone number', 50),
  fareconnect_email: email('fareconnect email'),
  personal_email: optionalEmail('personal email'),
  date_of_birth: requiredText('date of birth', 10).refine(isValidIsoDate, {
    message: 'The date of birth is not a valid date (YYYY-MM-DD).',
  }),
  sin_number: requiredText('sin number', 20),
  /** Blank: the server generates the next FareConnect number (FC100001, …). */
  fareconnect_number: optionalText('fareconnect number', 32),
  country_id: optionalId('country'),
  state_id: optionalId('state'),
  inactive: flag(),
  commission_tier_id: id('commission tier'),
  tier_change_reason: optionalText('tier change reason', 1000),
  tier_start_date: optionalIsoDate('tier start date'),
  commission_percentage: optionalPercentSchema('commission percentage')
    .optional()
    .transform((v) => v ?? null),
  commission_fixed: optionalMoneySchema('commission fixed')
    .optional()
    .transform((v) => v ?? null),
  commission_type: choice('commission type', COMMISSION_TYPES, 'percentage'),
  status: choice('status', AGENT_STATUSES, 'active'),
  has_gst: flag(),
  gst_number: optionalText('gst number', 32).refine((v) => GST_NUMBER_PATTERN.test(v), {
    message: GST_NUMBER_MESSAGE,
  }),
};

/**
 * The agent form (spec §5). Password and confirmation are required on create; on edit a blank
 * password keeps the current one.
 */
export const agentInputSchema = (mode: 'create' | 'edit') => {
  const password = z
    .string({ error: required('password') })
    .max(1024)
    .refine((v) => v === '' || v.length >= PASSWORD_MIN, {
      message: `The password must be at least ${PASSWORD_MIN} characters.`,
    });
  const fields = {
    ...agentFields,
    ...(mode === 'create'
      ? {
          password: password.refine((v) => v !== '', { message: required('password') }),
          password_confirmation: z
            .string({ error: required('password confirmation') })
            .max(1024)
            .min(1, required('password confirmation')),
        }
      : {
          password: password.nullish().transform((v) => v ?? ''),
          password_confirmation: z
            .string()
            .max(1024)
            .nullish()
            .transform((v) => v ?? ''),
        }),
  };
  type Raw = { password?: unknown; password_confirmation?: unknown; state_id?: unknown; country_id?: unknown };
  const always = { when: () => true };
  return z
    .object(fields)
    .refine(
      (v: Raw) =>
        typeof v.password !== 'string' ||
        typeof v.password_confirmation !== 'string' ||
        v.password_confirmation === '' ||
        v.password === v.password_confirmation,
      { path: ['password_confirmation'], message: 'The password field confirmation does not match.', ...always },
    )
    .refine(
      (v: Raw) =>
        mode === 'create' ||
        typeof v.password !== 'string' ||
        v.password === '' ||
        v.password === v.password_confirmation,
      { path: ['password_confirmation'], message: 'The password field confirmation does not match.', ...always },
    )
    .refine((v: Raw) => !v.state_id || !!v.country_id, {
      path: ['country_id'],
      message: 'The country field is required when state is present.',
      ...always,
    });
};
export type AgentInput = z.output<ReturnType<typeof agentInputSchema>>;

/** The list filters of `GET /agents` (besides paging and search). */
export const agentListFilters = z.object({
  tier: z.coerce.number().int().positive().optional().catch(undefined),
  status: z.enum(AGENT_STATUSES).optional().catch(undefined),
  inactive: z.enum(['0', '1']).optional().catch(undefined),
  has_gst: z.enum(['0', '1']).optional().catch(undefined),
});

/** One agent as listed. */
export interface AgentListItem {
  id: number;
  user_id: number;
  name: string;
  email: string;
  fareconnect_number: string;
  phone_number: string | null;
  commission_tier: { id: number; name: string } | null;
  status: string;
  inactive: boolean;
  has_gst: boolean;
  created_at: string;
}

/** One agent as the form reads it (`GET /agents/{id}`). */
export interface AgentDetail {
  id: number;
  user: { id: number; name: string; email: string };
  full_name: string;
  nickname: string;
  home_address: string;
  phone_number: string;
  fareconnect_email: string;
  personal_email: string;
  date_of_birth: string;
  sin_number: string;
  fareconnect_number: string;
  country_id: number | null;
  state_id: number | null;
  inactive: boolean;
  commission_tier_id: number | null;
  commission_tier: { id: number; name: string } | null;
  commission_percentage: string | null;
  commission_fixed: string | null;
  commission_type: string;
  status: string;
  has_gst: boolean;
  gst_number: string;
  joined_on: string | null;
  created_at: string;
}

/** `GET /agents/{id}/tier-history` (CONTRACT.md §3, spec §2.3). */
export interface AgentTierHistoryResponse {
  status: 'success';
  agent: {
    id: number;
    user: { name: string; email: string };
    created_at: string;
    commission_tier: { id: number; name: string } | null;
  };
  history: {
    id: number;
    start_date: string;
    end_date: string | null;
    commission_tier: { name: string };
    reason: string | null;
    changed_by_user: { name: string } | null;
  }[];
  statistics: { total_tier_changes: number; average_time_in_tier: string; most_recent_change: string | null };
}

/** Suppliers posted as `suppliers[]`, as one empty `suppliers` value (none), or a JSON array. */
const supplierIds = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return [];
    const list = Array.isArray(v) ? v : [v];
    return list.filter((x) => x !== '' && x !== null && x !== undefined);
  },
  z.array(z.unknown()).transform((list, ctx) => {
    const ids: number[] = [];
    for (const x of list) {
      const n = typeof x === 'number' ? x : typeof x === 'string' && /^\s*\d{1,10}\s*$/.test(x) ? Number(x) : NaN;
      if (!Number.isInteger(n) || n <= 0 || n > 2_147_483_647) {
        ctx.addIssue({ code: 'custom', message: 'The selected suppliers are invalid.', input: x });
        return z.NEVER;
      }
      ids.push(n);
    }
    return [...new Set(ids)];
  }),
);

/** Sub-agent form (bookings spec §5): sub agent required on create, split 0–100 step 0.01. */
export const subAgentLinkInputSchema = (mode: 'create' | 'edit') =>
  z.object({
    sub_agent_id: mode === 'create' ? id('sub agent') : optionalId('sub agent'),
    split_percentage: percentSchema('split percentage'),
    suppliers: supplierIds,
  });
export type SubAgentLinkInput = z.output<ReturnType<typeof subAgentLinkInputSchema>>;

export interface SubAgentLink {
  id: number;
  parent_agent_id: number;
  sub_agent_id: number;
  sub_agent: { id: number; name: string; email: string | null };
  split_percentage: string;
  suppliers: { id: number; name: string }[];
}

/** Agent options for selects (`GET /agents-list`, bookings spec §7). */
export interface AgentOption {
  id: number;
  name: string;
  email: string | null;
  user: { name: string };
  fareconnect_number: string;
}

/** `POST /agents-bulk-import` answer (agents spec §3 "Agent import result"). */
export interface AgentImportResult {
  status: 'success';
  message: string;
  summary: { total_rows: number; created: number; skipped: number; failed: number };
  created: { row: number; name: string; email: string; fareconnect_number: string; default_password: string }[];
  skipped: { row: number; email: string; reason: string }[];
  failed: { row: number; email: string; data: Record<string, string>; error: string }[];
}
