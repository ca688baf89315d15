import { Paper, Title, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

interface SectionCardProps {
  title: string;
  /** The space under the title. */
  titleGap?: MantineSpacing;
  'data-testid'?: string;
  children: ReactNode;
}

/** One titled card of a page or form. */
export function SectionCard({ title, titleGap = 'sm', children, ...rest }: SectionCardProps) {
  return (
    <Paper withBorder p="md" radius="md" {...rest}>
      <Title order={4} mb={titleGap}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}
