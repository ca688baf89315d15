import { useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { getJson, postJson } from '../../../lib/api-client';
import { itemResponse, savedResponse } from '../../../lib/api-schemas';

/*
 * No shared schema exists in @app/domain for settings yet; this describes the answer of GET /api/settings.
 * The GST rate is a decimal string ('5.00'); a number is accepted too and kept as its string.
 */
const settingsSchema = z.object({
  gst_rate: z.union([z.string(), z.number()]).transform((value) => String(value)),
});
export type Settings = z.infer<typeof settingsSchema>;

export const settingsQueryKey = ['settings'] as const;

/** `GET /api/settings` → `{status, data:{gst_rate:'5.00'}}` */
export async function getSettings(): Promise<Settings> {
  const { data } = await getJson('/api/settings', { schema: itemResponse(settingsSchema) });
  return data;
}

export const settingsQueryOptions = () => queryOptions({ queryKey: settingsQueryKey, queryFn: getSettings });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}

/** `POST /settings` JSON `{gst_rate}` (a decimal string) → `{status, message, data}` */
export async function updateSettings(input: { gst_rate: string }): Promise<{ message: string; settings: Settings }> {
  const response = await postJson('/settings', input, { schema: savedResponse(settingsSchema) });
  return { message: response.message ?? 'Settings saved.', settings: response.data };
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: ({ settings }) => queryClient.setQueryData(settingsQueryKey, settings),
  });
}
