import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { referenceEndpoints, type AccountingSettings, type Settings } from '@app/domain';
import { settingsQueryKey, settingsQueryOptions } from '../../../api/settings';
import { callEndpoint } from '../../../lib/call-endpoint';

export type { Settings };

export function useSettings() {
  return useQuery(settingsQueryOptions());
}

/** What the form posts: the GST rate as a decimal string, and the accounting settings (admins) when shown. */
export type SettingsUpdate = { gst_rate: string } & Partial<AccountingSettings>;

/** `POST /settings` JSON `{gst_rate, agency_name?, quickbooks_…?}` → `{status, message, data}` */
export async function updateSettings(input: SettingsUpdate): Promise<{ message: string; settings: Settings }> {
  const response = await callEndpoint(referenceEndpoints.saveSettings, { body: input });
  return { message: response.message, settings: response.data };
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: ({ settings }) => queryClient.setQueryData(settingsQueryKey, settings),
  });
}
