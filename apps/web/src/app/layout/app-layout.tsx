import { AppShell, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { AppHeader } from './app-header';
import { AppNavbarLinks } from './app-navbar';

/** The frame of every signed-in page: header (product, user, role, Sign out), role-aware navbar, content. */
export function AppLayout() {
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="lg"
    >
      <AppShell.Header>
        <AppHeader navOpened={navOpened} onToggleNav={toggleNav} />
      </AppShell.Header>

      <AppShell.Navbar p="xs" data-testid="nav" aria-label="Main navigation">
        {/* Compact rows so the whole admin menu (20 items) fits at 1360×900; where it cannot (a phone), the scrollbar shows. */}
        <AppShell.Section grow component={ScrollArea} type="auto" offsetScrollbars>
          <AppNavbarLinks onNavigate={closeNav} />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
