import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { sessionStore } from '../auth/session';
import { AppNotifications } from '../shell/app-notifications';
import { theme } from '../theme';

/** Renders `routes` in the app's providers at `initialPath` (component tests). */
export function renderRoutes(routes: { path: string; element: ReactNode }[], initialPath: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const utils = render(
    <MantineProvider theme={theme}>
      <AppNotifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...utils, router };
}

/** A signed-in super admin in the session store, as component tests that call the API need. */
export function signInSuperAdmin() {
  sessionStore.set({
    token: 'test-token',
    user: {
      id: 1,
      username: 'admin',
      name: 'Super Admin',
      email: null,
      avatar: null,
      is_sup_admin: 1,
      group_permissions: [],
      user_permissions: [],
    },
    widgets: { POST: [], ADS: [] },
  });
}
