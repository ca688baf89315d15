import { referenceEndpoints, type Settings } from '@app/domain';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../lib/call-endpoint';

/**
 * `GET /api/settings` → `{status, data:{gst_rate:'5.00', agency_name?, quickbooks_…?, auto_accept_score?}}` (the
 * rest for admins).
 */
export const settingsQueryKey = ['settings'] as const;

async function getSettings(): Promise<Settings> {
  const { data } = await callEndpoint(referenceEndpoints.settings);
  return data;
}

/** The settings: the settings screen edits them, the payout previews read the GST rate from them. */
export const settingsQueryOptions = () => queryOptions({ queryKey: settingsQueryKey, queryFn: getSettings });
