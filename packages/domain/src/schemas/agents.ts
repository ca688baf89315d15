/**
 * Agents (agents spec §2.1, §3, §5; bookings spec §2 "Sub-agent form", §5): the request schemas the
 * server validates with and the browser forms use.
 */
import { z } from 'zod';
import { AGENT_NAME_MAX, dateOfBirthProblem, phoneProblem, sinProblem } from '../agents/agent-fields';
import { AGENT_IMPORT_MESSAGES } from '../agents/agent-import';
import { optionalMoneySchema, optionalPercentSchema } from '../money/schemas';
import { PASSWORD_MIN } from './auth';
import { recalculationResultText, recalculationSchema, type MoneyWriter, type Recalculation } from './commissions';
import {
  flag,
  id,
  idFilter,
  isoDate,
  isoDateProblem,
  listQuery,
  optionalId,
  optionalIsoDate,
  optionalText,
  required,
  requiredText,
} from './fields';
import { dateOut, pageOf, success, successData, successMessage, timestampOut } from './responses';

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

const choice = <T extends readonly [string, ...string[]]>(label: string, values: T, fallback: T[number]) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? fallback : v),
    z.enum(values, { error: `The selected ${label} is invalid.` }),
  );

/**
 * '50.0000' → '50', '12.5000' → '12.5', '.00' → '0': zeros after the last significant decimal do not
 * make a number more precise, so the "at most 2 decimals" check must not count them.
 */
export function withoutTrailingZeros(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const m = /^(\s*-?)(\d*)\.(\d*?)0+(\s*)$/.exec(v);
  if (!m) return v;
  const [, sign = '', whole = '', decimals = '', tail = ''] = m;
  return `${sign}${whole || '0'}${decimals ? `.${decimals}` : ''}${tail}`;
}

/** A text field that, once present and within its length, must also pass `problem` (one message per field). */
const checkedText = (label: string, max: number, problem: (value: string) => string | null) =>
  requiredText(label, max).superRefine((v, ctx) => {
    if (v === '' || v.length > max) return;
    const message = problem(v);
    if (message) ctx.addIssue({ code: 'custom', message, input: v });
  });

/** The form's fields; `today` ('YYYY-MM-DD') dates the age check of the date of birth. */
const agentFields = (today: () => string) => ({
  full_name: requiredText('full name', AGENT_NAME_MAX),
  nickname: optionalText('nickname', 100),
  home_address: requiredText('home address', 1000, { multiline: true }),
  phone_number: checkedText('phone number', 50, (v) => phoneProblem(v)),
  fareconnect_email: email('fareconnect email'),
  personal_email: optionalEmail('personal email'),
  date_of_birth: isoDate('date of birth').superRefine((v, ctx) => {
    if (isoDateProblem('date of birth', v) !== null) return;
    const message = dateOfBirthProblem(v, today());
    if (message) ctx.addIssue({ code: 'custom', message, input: v });
  }),
  sin_number: checkedText('sin number', 20, (v) => sinProblem(v)),
  /** Required on the form (spec §5); only the import generates one. */
  fareconnect_number: requiredText('fareconnect number', 32),
  country_id: optionalId('country'),
  state_id: optionalId('state'),
  inactive: flag(),
  commission_tier_id: id('commission tier'),
  tier_change_reason: optionalText('tier change reason', 1000, { multiline: true }),
  tier_start_date: optionalIsoDate('tier start date'),
  commission_percentage: z
    .preprocess(withoutTrailingZeros, optionalPercentSchema('commission percentage').optional())
    .transform((v) => v ?? null),
  commission_fixed: z
    .preprocess(withoutTrailingZeros, optionalMoneySchema('commission fixed').optional())
    .transform((v) => v ?? null),
  commission_type: choice('commission type', COMMISSION_TYPES, 'percentage'),
  status: choice('status', AGENT_STATUSES, 'active'),
  has_gst: flag(),
  gst_number: optionalText('gst number', 32).refine((v) => GST_NUMBER_PATTERN.test(v), {
    message: GST_NUMBER_MESSAGE,
  }),
});

/**
 * The agent form (spec §5). Password and confirmation are required on create; on edit a blank
 * password keeps the current one. `today` is read at each validation (the server's clock, the
 * browser's UTC day): the date of birth must be at least 18 years before it.
 */
export const agentInputSchema = (mode: 'create' | 'edit', today: () => string) => {
  const password = z
    .string({ error: required('password') })
    .max(1024)
    .refine((v) => v === '' || v.length >= PASSWORD_MIN, {
      message: `The password must be at least ${PASSWORD_MIN} characters.`,
    });
  const fields = {
    ...agentFields(today),
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
  tier: idFilter('tier'),
  status: z.enum(AGENT_STATUSES).optional().catch(undefined),
  inactive: z.enum(['0', '1']).optional().catch(undefined),
  has_gst: z.enum(['0', '1']).optional().catch(undefined),
});

/** The columns `GET /agents` sorts by. */
export const AGENT_SORTS = ['name', 'email', 'fareconnect_number', 'tier', 'status', 'created_at'] as const;

/** `GET /agents` (JSON): paging, sorting by name by default, search and the filters. */
export const agentListQuerySchema = listQuery(AGENT_SORTS, 'name').extend(agentListFilters.shape);
export type AgentListQuery = z.output<typeof agentListQuerySchema>;

export const namedRef = z.object({ id: z.number().int(), name: z.string() });

/** One agent as listed. */
export const agentListItemSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  fareconnect_number: z.string(),
  phone_number: z.string().nullable(),
  commission_tier: namedRef.nullable(),
  status: z.string(),
  inactive: z.boolean(),
  has_gst: z.boolean(),
  created_at: timestampOut,
});
export type AgentListItem = z.output<typeof agentListItemSchema>;

/** `GET /agents` (JSON). */
export const agentListResponse = pageOf(agentListItemSchema);

/**
 * A percentage or an amount as the agent form takes it back: exactly 2 decimals ('50.00', '12.50'), the
 * form's step (spec §5); the database's numeric(7,4) would say '50.0000'.
 */
const formDecimalOut = z.string().regex(/^-?\d+\.\d{2}$/);

/** One agent as the form reads it (`GET /agents/{id}`); blank text fields are ''. */
export const agentDetailSchema = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  full_name: z.string(),
  nickname: z.string(),
  home_address: z.string(),
  phone_number: z.string(),
  fareconnect_email: z.string(),
  personal_email: z.string(),
  date_of_birth: dateOut.or(z.literal('')),
  sin_number: z.string(),
  fareconnect_number: z.string(),
  country_id: z.number().int().nullable(),
  state_id: z.number().int().nullable(),
  inactive: z.boolean(),
  commission_tier_id: z.number().int().nullable(),
  commission_tier: namedRef.nullable(),
  /** '12.50' (2 decimals, as the form posts it). */
  commission_percentage: formDecimalOut.nullable(),
  /** '25.00'. */
  commission_fixed: formDecimalOut.nullable(),
  commission_type: z.string(),
  status: z.string(),
  has_gst: z.boolean(),
  gst_number: z.string(),
  joined_on: dateOut.nullable(),
  created_at: timestampOut,
});
export type AgentDetail = z.output<typeof agentDetailSchema>;

/** `GET /agents/{id}`. */
export const agentResponse = successData(agentDetailSchema);

/** `POST /agents`. */
export const agentCreatedResponse = successMessage({ redirect: z.string(), data: agentDetailSchema });

/**
 * The message of a saved edit: one sentence per fact. Without a recalculation (no tier change, or a
 * future start) nothing is said about bookings; after one, how many bookings it changed and by how much
 * per currency (`recalculationResultText`; `money` writes the amounts).
 */
export function agentUpdatedMessage(recalculation: Recalculation | null, money?: MoneyWriter): string {
  const saved = 'Agent updated successfully';
  if (recalculation === null) return saved;
  return `${saved}. ${recalculationResultText(recalculation, money)}`;
}

/** `POST /agents/{id}` + `_method=PUT`: the agent, and the tier change with its recalculation when the tier changed. */
export const agentUpdatedResponse = successMessage({
  redirect: z.string(),
  data: agentDetailSchema,
  tier_change: z
    .object({
      from: z.number().int().nullable(),
      to: z.number().int(),
      start_date: dateOut,
      takes_effect: z.enum(['now', 'on_start_date']),
    })
    .nullable(),
  recalculation: recalculationSchema.nullable(),
});

/** `GET /agents/{id}/tier-history` (CONTRACT.md §3, spec §2.3). */
export const agentTierHistoryResponse = success({
  agent: z.object({
    id: z.number().int(),
    user: z.object({ name: z.string(), email: z.string() }),
    created_at: timestampOut,
    /** 'Agent Since': the earlier of the first tier's start and the record's creation date (`agentSince`). */
    agent_since: dateOut,
    commission_tier: namedRef.nullable(),
  }),
  history: z.array(
    z.object({
      id: z.number().int(),
      start_date: dateOut,
      end_date: dateOut.nullable(),
      commission_tier: z.object({ name: z.string() }),
      reason: z.string().nullable(),
      changed_by_user: z.object({ name: z.string() }).nullable(),
    }),
  ),
  statistics: z.object({
    total_tier_changes: z.number().int(),
    average_time_in_tier: z.string(),
    most_recent_change: dateOut.nullable(),
  }),
});
export type AgentTierHistoryResponse = z.output<typeof agentTierHistoryResponse>;

/** Agent options for selects (`GET /agents-list`, bookings spec §7) and the sub-agent form's candidates. */
export const agentOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  user: z.object({ name: z.string() }),
  fareconnect_number: z.string(),
});
export type AgentOption = z.output<typeof agentOptionSchema>;

/** `GET /agents-list`. */
export const agentOptionsResponse = successData(z.array(agentOptionSchema));

/** `POST /agents-bulk-import` answer (agents spec §3 "Agent import result"). */
export const agentImportResponse = successMessage({
  summary: z.object({
    total_rows: z.number().int(),
    created: z.number().int(),
    skipped: z.number().int(),
    failed: z.number().int(),
  }),
  created: z.array(
    z.object({
      row: z.number().int(),
      name: z.string(),
      email: z.string(),
      fareconnect_number: z.string(),
      default_password: z.string(),
    }),
  ),
  skipped: z.array(z.object({ row: z.number().int(), email: z.string(), reason: z.string() })),
  failed: z.array(
    z.object({
      row: z.number().int(),
      email: z.string(),
      data: z.record(z.string(), z.string()),
      error: z.string(),
    }),
  ),
});
export type AgentImportResult = z.output<typeof agentImportResponse>;

/** A file of a multipart body as the server's body parser hands it over (an empty file input is absent). */
export interface AgentImportUpload {
  filename: string;
  mimetype: string;
  size: number;
  data: Uint8Array;
}

const isAgentImportUpload = (v: unknown): v is AgentImportUpload =>
  typeof v === 'object' &&
  v !== null &&
  (v as AgentImportUpload).data instanceof Uint8Array &&
  typeof (v as AgentImportUpload).filename === 'string' &&
  typeof (v as AgentImportUpload).mimetype === 'string' &&
  typeof (v as AgentImportUpload).size === 'number';

/**
 * `POST /agents-bulk-import`, multipart `file`: a file, or nothing (the server answers the spec's 'Please
 * select a file first'); a text value where the file should be is not a valid file.
 */
export const agentImportRequestSchema = z.object({
  file: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.custom<AgentImportUpload>(isAgentImportUpload, AGENT_IMPORT_MESSAGES.invalidType).optional(),
  ),
});
