import { AppShell, Badge, Burger, Button, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useLogout, useUser } from '../../features/auth';
import { PRODUCT_NAME } from '../../lib/app-config';
import { primaryRoleLabel } from '../../lib/authorization';
import { paths } from '../../lib/paths';
import { findActiveItem, getNavigation } from '../navigation';

/** The frame of every signed-in page: header (product, user, role, Sign out), role-aware navbar, content. */
export function AppLayout() {
  const user = useUser();
  const logout = useLogout();
  const { pathname } = useLocation();
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);

  const sections = useMemo(() => getNavigation(user), [user]);
  const active = findActiveItem(sections, pathname);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger opened={navOpened} onClick={toggleNav} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Text
              component={Link}
              to={paths.home}
              fw={700}
              size="lg"
              c="inherit"
              td="none"
              truncate="end"
              data-testid="product-name"
            >
              {PRODUCT_NAME}
            </Text>
          </Group>
          {/* The user's name, role and Sign out never shrink: at 390 px the product name gives way. */}
          <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
            <Stack gap={0} align="flex-end" visibleFrom="xs">
              <Text size="sm" fw={500} data-testid="current-user">
                {user.name}
              </Text>
              <Text
                component={Link}
                to={paths.changePassword(pathname)}
                size="xs"
                c="dimmed"
                data-testid="change-password"
              >
                Change password
              </Text>
            </Stack>
            <Badge variant="light" data-testid="current-role">
              {primaryRoleLabel(user)}
            </Badge>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconLogout size={16} />}
              onClick={() => logout.mutate()}
              loading={logout.isPending}
              aria-label="Sign out"
              data-testid="sign-out"
            >
              <Text span size="xs" fw={600} visibleFrom="xs">
                Sign out
              </Text>
            </Button>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="xs" data-testid="nav" aria-label="Main navigation">
        {/* Compact rows so the whole admin menu (20 items) fits at 1360×900; where it cannot (a phone), the scrollbar shows. */}
        <AppShell.Section grow component={ScrollArea} type="auto" offsetScrollbars>
          {sections.map((section) => (
            <Stack key={section.label} gap={0} mb={6}>
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
                  py={3}
                  active={active?.id === item.id}
                  aria-current={active?.id === item.id ? 'page' : undefined}
                  onClick={closeNav}
                  data-testid={`nav-${item.id}`}
                />
              ))}
            </Stack>
          ))}
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
