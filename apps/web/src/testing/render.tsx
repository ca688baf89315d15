import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProvider } from '../app/provider';
import { routes } from '../app/router';
import { sessionQueryKey, type Session } from '../features/auth';
import { setCsrfToken } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';

export function createTestQueryClient(): QueryClient {
  const client = createQueryClient();
  client.setDefaultOptions({
    queries: { retry: false, staleTime: Infinity, gcTime: Infinity },
    mutations: { retry: false },
  });
  return client;
}

/**
 * The app's routes with every lazily loaded screen already loaded: in the browser a screen's code
 * arrives when its route is first visited (router.tsx); here each test renders its screen at once, as
 * it did before the routes were split, and a lazy route can never be the reason a query finds nothing.
 */
async function loaded(list: RouteObject[]): Promise<RouteObject[]> {
  return Promise.all(
    list.map(async (route) => {
      const { lazy, children, ...rest } = route;
      const extra = typeof lazy === 'function' ? await lazy() : {};
      return { ...rest, ...extra, ...(children ? { children: await loaded(children) } : {}) } as RouteObject;
    }),
  );
}
const loadedRoutes = await loaded(routes);

interface RenderAppOptions {
  /** Seeds the session cache so no GET /api/session is needed; omit to let the app fetch it. */
  session?: Session;
}

/** Renders the whole app (providers + routes) at `path`. */
export function renderApp(path: string, { session }: RenderAppOptions = {}) {
  const queryClient = createTestQueryClient();
  if (session) {
    queryClient.setQueryData(sessionQueryKey, session);
    setCsrfToken(session.csrf_token);
  }
  const router = createMemoryRouter(loadedRoutes, { initialEntries: [path] });
  const user = userEvent.setup();
  const result = render(
    <AppProvider queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient, user };
}

/** Renders one component inside the app's providers (no router). */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = createTestQueryClient();
  const user = userEvent.setup();
  return {
    ...render(
      <AppProvider queryClient={queryClient} env="test">
        {ui}
      </AppProvider>,
    ),
    queryClient,
    user,
  };
}
