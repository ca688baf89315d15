import { Paper, Text } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { PageHeader } from './page-header';

interface NotBuiltScreenProps {
  /** The screen's name as the navigation shows it, e.g. "Bulk payouts". */
  screen: string;
}

/** Stands in for a screen whose feature is not built yet. Deliberately shows no data. */
export function NotBuiltScreen({ screen }: NotBuiltScreenProps) {
  return (
    <>
      <PageHeader title={screen} />
      <Paper withBorder p="xl" radius="md" data-testid="not-built">
        <Text fw={500} mb={4}>
          <IconTools size={18} style={{ verticalAlign: 'text-bottom', marginRight: 8 }} aria-hidden />
          The {screen} screen is not built yet.
        </Text>
        <Text c="dimmed" size="sm">
          This page address is reserved for it; nothing here reads or changes data.
        </Text>
      </Paper>
    </>
  );
}
