import { Center, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../../../lib/app-config';

/** The centred card of the pages a user sees outside the app's frame: sign in, change password. */
export function AuthCard({ title, width, children }: { title: string; width: number; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={width}>
        <Text c="dimmed" size="sm" fw={500} mb={4}>
          {PRODUCT_NAME}
        </Text>
        <Title order={2} mb="md">
          {title}
        </Title>
        {children}
      </Paper>
    </Center>
  );
}
