import { Paper, Skeleton, Stack } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { QueryContent } from '../../../components/query-content';
import { useSettings } from '../api/settings';
import { SettingsForm } from '../components/settings-form';

/** /settings: the GST rate, the agency name and the QuickBooks file settings (admin only). */
export function SettingsRoute() {
  const settings = useSettings();
  return (
    <>
      <PageHeader title="Settings" description="Values that apply across the whole product." />
      <Paper withBorder radius="md" p="lg">
        <QueryContent
          query={settings}
          noun="settings"
          loading={
            <Stack gap="xs" maw={360} role="status" aria-label="Loading settings">
              <Skeleton h={14} w={120} />
              <Skeleton h={36} />
            </Stack>
          }
        >
          {(data) => <SettingsForm settings={data} />}
        </QueryContent>
      </Paper>
    </>
  );
}
