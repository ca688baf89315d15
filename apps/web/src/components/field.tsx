import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { EMPTY_VALUE } from '../lib/format';

/** A value under its small upper-case label (a record's 'Supplier', 'Booking date'); '—' when there is none. */
export function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children ?? EMPTY_VALUE}
      </Text>
    </div>
  );
}
