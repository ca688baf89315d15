import { Badge, Burger, Button, Group, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useLogout, useUser } from '../../features/auth';
import { PRODUCT_NAME } from '../../lib/app-config';
import { primaryRoleLabel } from '../../lib/authorization';
import { paths } from '../../lib/paths';

interface AppHeaderProps {
  navOpened: boolean;
  onToggleNav: () => void;
}

/** The header's row: the navbar's burger (phones) and the product name, then the signed-in user. */
export function AppHeader({ navOpened, onToggleNav }: AppHeaderProps) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Burger opened={navOpened} onClick={onToggleNav} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
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
      <CurrentUser />
    </Group>
  );
}

/** The user's name (with Change password), role and Sign out. */
function CurrentUser() {
  const user = useUser();
  const logout = useLogout();
  const { pathname } = useLocation();
  return (
    // The user's name, role and Sign out never shrink: at 390 px the product name gives way.
    <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
      <Stack gap={0} align="flex-end" visibleFrom="xs">
        <Text size="sm" fw={500} data-testid="current-user">
          {user.name}
        </Text>
        <Text component={Link} to={paths.changePassword(pathname)} size="xs" c="dimmed" data-testid="change-password">
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
  );
}
