import { NavLink, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { useUser } from '../../features/auth';
import { findActiveItem, getNavigation } from '../navigation';

/** The role's menu, in sections; the page's own item is marked current. A choice closes the menu on a phone. */
export function AppNavbarLinks({ onNavigate }: { onNavigate: () => void }) {
  const user = useUser();
  const { pathname } = useLocation();
  const sections = useMemo(() => getNavigation(user), [user]);
  const active = findActiveItem(sections, pathname);

  return sections.map((section) => (
    <Stack key={section.label} gap={0} mb={4}>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase" px="sm" pt={4} pb={2}>
        {section.label}
      </Text>
      {section.items.map((item) => (
        <NavLink
          key={item.id}
          component={Link}
          to={item.to}
          label={item.label}
          leftSection={<item.icon size={18} stroke={1.6} />}
          py={2}
          active={active?.id === item.id}
          aria-current={active?.id === item.id ? 'page' : undefined}
          onClick={onNavigate}
          data-testid={`nav-${item.id}`}
        />
      ))}
    </Stack>
  ));
}
