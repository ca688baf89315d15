import { agentUpdatedMessage, type AgentDetail, type Recalculation } from '@app/domain';
import { isApiError, toFormData } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';

/** The agent form's values as the inputs hold them (ids as strings, flags as booleans). */
export interface AgentFormValues {
  full_name: string;
  nickname: string;
  home_address: string;
  phone_number: string;
  fareconnect_email: string;
  personal_email: string;
  date_of_birth: string;
  sin_number: string;
  fareconnect_number: string;
  country_id: string;
  state_id: string;
  inactive: boolean;
  commission_tier_id: string;
  tier_change_reason: string;
  tier_start_date: string;
  password: string;
  password_confirmation: string;
  commission_percentage: string;
  commission_fixed: string;
  commission_type: string;
  status: string;
  has_gst: boolean;
  gst_number: string;
}

/** Order of the fields on the page: the first one with an error gets the focus. */
export const AGENT_FORM_FIELDS = [
  'full_name',
  'nickname',
  'home_address',
  'phone_number',
  'fareconnect_email',
  'personal_email',
  'date_of_birth',
  'sin_number',
  'fareconnect_number',
  'country_id',
  'state_id',
  'inactive',
  'commission_tier_id',
  'tier_change_reason',
  'tier_start_date',
  'password',
  'password_confirmation',
  'commission_percentage',
  'commission_fixed',
  'commission_type',
  'status',
  'has_gst',
  'gst_number',
] as const;

export function initialAgentValues(agent?: AgentDetail): AgentFormValues {
  const s = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  return {
    full_name: s(agent?.full_name),
    nickname: s(agent?.nickname),
    home_address: s(agent?.home_address),
    phone_number: s(agent?.phone_number),
    fareconnect_email: s(agent?.fareconnect_email),
    personal_email: s(agent?.personal_email),
    date_of_birth: s(agent?.date_of_birth),
    sin_number: s(agent?.sin_number),
    fareconnect_number: s(agent?.fareconnect_number),
    country_id: s(agent?.country_id),
    state_id: s(agent?.state_id),
    inactive: agent?.inactive ?? false,
    commission_tier_id: s(agent?.commission_tier_id),
    tier_change_reason: '',
    tier_start_date: '',
    password: '',
    password_confirmation: '',
    commission_percentage: s(agent?.commission_percentage),
    commission_fixed: s(agent?.commission_fixed),
    commission_type: agent?.commission_type || 'percentage',
    status: agent?.status || 'active',
    has_gst: agent?.has_gst ?? false,
    gst_number: s(agent?.gst_number),
  };
}

/** True when an existing agent's tier is being changed (spec §2.1: reason and start date appear). */
export const isTierChange = (values: Pick<AgentFormValues, 'commission_tier_id'>, agent?: AgentDetail) =>
  agent !== undefined && values.commission_tier_id !== String(agent.commission_tier_id ?? '');

/** The multipart body (spec §7): all agent fields, booleans as 1/0; the GST number only with GST. */
export function toAgentFormData(values: AgentFormValues, agent?: AgentDetail): FormData {
  const tierChange = isTierChange(values, agent);
  return toFormData({
    ...values,
    gst_number: values.has_gst ? values.gst_number : '',
    tier_change_reason: tierChange ? values.tier_change_reason : '',
    tier_start_date: tierChange ? values.tier_start_date : '',
  });
}

/**
 * The notification after a save: the server's message, or after a tier change that recalculated bookings
 * the same sentence with each currency's change in its symbol ('… 2 bookings recalculated: agent
 * commission +CA$300.00.').
 */
export function agentSavedNotice(body: { message: string; recalculation?: Recalculation | null }): string {
  return body.recalculation ? agentUpdatedMessage(body.recalculation, formatMoney) : body.message;
}

export const AGENT_FORM_MESSAGES = {
  validation: 'Please fix the validation errors below.',
  submit: 'An error occurred while submitting the form.',
  noResponse: 'No response received from the server. Please try again.',
  network: 'A network error occurred. Please try again.',
} as const;

/** The alert text for a failed submit (agents spec §8 "Agent form"). */
export function agentFormErrorMessage(error: unknown): string {
  if (!isApiError(error)) return AGENT_FORM_MESSAGES.network;
  if (error.kind === 'network') return AGENT_FORM_MESSAGES.noResponse;
  if (error.isValidation) return error.hasServerMessage ? error.message : AGENT_FORM_MESSAGES.validation;
  if (error.kind === 'http' && error.hasServerMessage) return error.message;
  return AGENT_FORM_MESSAGES.submit;
}

/** Field errors (first message each) of a 422. */
export function agentFieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error) || !error.isValidation) return {};
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.errors)) if (messages[0]) out[field] = messages[0];
  return out;
}

/** The id of a field's input (for focusing it). */
export const fieldId = (field: string) => `agent-${field.replace(/[^a-z0-9_-]/gi, '-')}`;

/** Scrolls to the first field (in page order) that shows an error and focuses it (spec §2.1). */
export function focusFirstError(root: HTMLElement | null, errors: Record<string, unknown>) {
  if (!root) return;
  const first = AGENT_FORM_FIELDS.find((f) => errors[f]) ?? Object.keys(errors)[0];
  if (!first) return;
  const el =
    root.querySelector<HTMLElement>(`#${fieldId(first)}`) ?? root.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!el) return;
  el.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  el.focus({ preventScroll: true });
}
