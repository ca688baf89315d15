import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A figure under its small label (a summary's 'Created 12', 'Total Tier Changes 3'). */
export function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
    </div>
  );
}
