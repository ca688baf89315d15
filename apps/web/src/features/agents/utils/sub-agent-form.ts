import type { SubAgentCandidate } from '@app/domain';
import { isApiError } from '../../../lib/api-client';

export const SUB_AGENT_MESSAGES = {
  fallback: 'An error occurred while processing your request. Please try again.',
  network: 'An unexpected error occurred. Please try again.',
  noSuppliers: 'No suppliers available for this agent',
} as const;

/** Option text of 'Select Sub Agent' (bookings spec §2): 'name (email or No Email)'. */
export const subAgentOptionLabel = (agent: Pick<SubAgentCandidate, 'name' | 'email'>) =>
  `${agent.name} (${agent.email || 'No Email'})`;

/** The multipart body: sub_agent_id on create, split_percentage, suppliers[] or one empty `suppliers` value. */
export function toSubAgentFormData(
  values: { sub_agent_id: string; split_percentage: string; suppliers: string[] },
  create: boolean,
) {
  const form = new FormData();
  if (create) form.append('sub_agent_id', values.sub_agent_id);
  form.append('split_percentage', values.split_percentage);
  if (values.suppliers.length === 0) form.append('suppliers', '');
  for (const s of values.suppliers) form.append('suppliers[]', s);
  return form;
}

/** The message to show for a failed save (bookings spec §8 "Sub-agent form"). */
export function subAgentErrorMessage(error: unknown): string {
  if (!isApiError(error) || error.kind === 'network') return SUB_AGENT_MESSAGES.network;
  return error.hasServerMessage ? error.message : SUB_AGENT_MESSAGES.fallback;
}

/** First server message per field (sub_agent_id, split_percentage, suppliers; `suppliers.0` counts as suppliers). */
export function subAgentFieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const out: Record<string, string> = {};
  for (const [key, messages] of Object.entries(error.errors)) {
    const field = key.split('.')[0]!;
    if (messages[0] && !out[field]) out[field] = messages[0];
  }
  return out;
}
