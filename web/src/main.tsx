import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './routes';
import { AppNotifications } from './shell/app-notifications';
import { ConnectionBanner } from './shell/connection-banner';
import { cssVariablesResolver, theme } from './theme';

const queryClient = new QueryClient({
  defaultOptions: {
    // networkMode 'always': offline, a call fails and says so ('cannot be reached') instead of
    // waiting paused without a word.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000, networkMode: 'always' },
    mutations: { retry: false, networkMode: 'always' },
  },
});

const router = createAppRouter();

// Light, dark or the system's ('auto', the default), remembered in this browser.
const colorSchemeManager = localStorageColorSchemeManager({ key: 'mantine-color-scheme-value' });

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      <AppNotifications />
      <QueryClientProvider client={queryClient}>
        <ConnectionBanner />
        <ModalsProvider labels={{ confirm: 'Yes', cancel: 'No' }}>
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
