import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { sessionQueryKey, signedOutSession } from '../features/auth';
import { getCsrfToken, setUnauthenticatedHandler } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

interface AppProviderProps {
  children: ReactNode;
  /** Tests pass their own client. */
  queryClient?: QueryClient;
  /** 'test' turns off Mantine transitions and portals. */
  env?: 'default' | 'test';
}

export function AppProvider({ children, queryClient: given, env = 'default' }: AppProviderProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());

  useEffect(() => {
    // A 401 means the session ended: mark it signed out and <RequireAuth> sends the user to /login?redirect=…
    setUnauthenticatedHandler(() => queryClient.setQueryData(sessionQueryKey, signedOutSession(getCsrfToken())));
    return () => setUnauthenticatedHandler(null);
  }, [queryClient]);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      {/* Bottom right: never over the header's user name and Sign out. */}
      <Notifications position="bottom-right" />
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>{children}</ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
