import { useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import { settingsResponse, settingsSavedResponse, type Settings } from '@app/domain';
import { getJson, postJson } from '../../../lib/api-client';

export type { Settings };

export const settingsQueryKey = ['settings'] as const;

/** `GET /api/settings` → `{status, data:{gst_rate:'5.00'}}` */
export async function getSettings(): Promise<Settings> {
  const { data } = await getJson('/api/settings', { schema: settingsResponse });
  return data;
}

export const settingsQueryOptions = () => queryOptions({ queryKey: settingsQueryKey, queryFn: getSettings });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}

/** `POST /settings` JSON `{gst_rate}` (a decimal string) → `{status, message, data}` */
export async function updateSettings(input: { gst_rate: string }): Promise<{ message: string; settings: Settings }> {
  const response = await postJson('/settings', input, { schema: settingsSavedResponse });
  return { message: response.message, settings: response.data };
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: ({ settings }) => queryClient.setQueryData(settingsQueryKey, settings),
  });
}
