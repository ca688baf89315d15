import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { referenceEndpoints, type AccountingSettings, type Settings } from '@app/domain';
import { settingsQueryKey, settingsQueryOptions } from '../../../api/settings';
import { callEndpoint } from '../../../lib/call-endpoint';

export type { Settings };

export function useSettings() {
  return useQuery(settingsQueryOptions());
}

/**
 * What the form posts: the GST rate as a decimal string, and the accounting settings and the auto-accept
 * threshold (admins) when shown.
 */
export type SettingsUpdate = { gst_rate: string } & Partial<AccountingSettings> & { auto_accept_score?: number };

/**
 * `POST /settings` JSON `{gst_rate, agency_name?, quickbooks_…?, auto_accept_score?}` → `{status, message, data}`
 */
export async function updateSettings(input: SettingsUpdate): Promise<{ message: string; settings: Settings }> {
  const response = await callEndpoint(referenceEndpoints.saveSettings, { body: input });
  return { message: response.message, settings: response.data };
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: ({ settings }) => {
      queryClient.setQueryData(settingsQueryKey, settings);
      // The auto-accept threshold decides which match suggestions may be accepted in bulk: the unmatched credits
      // and their suggestions are read again (the claims feature's key: invalidating by prefix needs no import).
      return queryClient.invalidateQueries({ queryKey: ['claims'] });
    },
  });
}
