import { AppShell, Badge, Burger, CloseButton, Group, ScrollArea, Text, ThemeIcon } from '@mantine/core';
import { useDisclosure, useHotkeys, useMediaQuery } from '@mantine/hooks';
import { IconShieldLock } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { calls } from '../api/calls';
import { useApiQuery } from '../api/hooks';
import { parseWidgets, sessionStore } from '../auth/session';
import { PageLoader } from '../ui/page-loader';
import { UnsavedChangesGuard } from '../ui/unsaved-changes';
import classes from './app-layout.module.css';
import { PaletteButton } from './palette-button';
import { ScrollToTop } from './scroll-to-top';
import { Sidebar } from './sidebar';
import { UserMenu } from './user-menu';

// The command palette loads on first use (Ctrl+K / Cmd+K or the top bar's search button).
const CommandPalette = lazy(() => import('./command-palette'));

/** The signed-in frame: sidebar (open from lg, a drawer below), top bar, page outlet. */
export default function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const [paletteLoaded, setPaletteLoaded] = useState(false);
  const openPalette = useCallback(() => {
    if (paletteLoaded) {
      void import('./command-palette').then((m) => m.palette.open());
    } else {
      setPaletteLoaded(true);
    }
  }, [paletteLoaded]);
  useHotkeys([['mod+K', openPalette]], []);
  const location = useLocation();
  // lg and up keep the sidebar open; below, a closed drawer is also hidden from keyboard and readers.
  const desktop = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });

  // Close the phone drawer after navigating.
  useEffect(() => {
    if (location.pathname) {
      close();
    }
  }, [location.pathname, close]);

  // Refresh permissions and widgets from the server (also detects an expired session).
  const loginData = useApiQuery(
    calls.getLoginData,
    {},
    { alertOnError: false, staleTime: 60_000, refetchOnWindowFocus: true },
  );
  useEffect(() => {
    if (loginData.data?.user) {
      sessionStore.update({ user: loginData.data.user, widgets: parseWidgets(loginData.data.widget) });
    }
  }, [loginData.data]);

  return (
    <AppShell
      layout="alt"
      header={{ height: 60 }}
      navbar={{ width: 270, breakpoint: 'lg', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'md', lg: 'xl' }}
    >
      <AppShell.Header className={classes.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="lg"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Group gap={8} hiddenFrom="lg" wrap="nowrap">
              <ThemeIcon
                size={30}
                radius="md"
                variant="gradient"
                gradient={{ from: 'brand.6', to: 'cyan.5', deg: 135 }}
              >
                <IconShieldLock size={18} />
              </ThemeIcon>
              <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                Admin Panel
              </Text>
            </Group>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <PaletteButton onClick={openPalette} />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar
        className={classes.navbar}
        aria-label="Main navigation"
        data-hidden={!desktop && !opened ? true : undefined}
      >
        <NavBrand onClose={close} />
        <AppShell.Section grow component={ScrollArea} type="scroll" px="xs" pb="md">
          <Sidebar />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main className={classes.main}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
        <ScrollToTop />
        <UnsavedChangesGuard />
        {paletteLoaded ? (
          <Suspense fallback={null}>
            <CommandPalette openOnMount />
          </Suspense>
        ) : null}
      </AppShell.Main>
    </AppShell>
  );
}

/** The sidebar's top: logo, 'Admin Panel', the app version, and the drawer's close button below lg. */
function NavBrand({ onClose }: { onClose: () => void }) {
  return (
    <AppShell.Section className={classes.brand}>
      <Group gap="sm" wrap="nowrap" justify="space-between">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon
            size={36}
            radius="md"
            variant="gradient"
            gradient={{ from: 'brand.6', to: 'cyan.5', deg: 135 }}
          >
            <IconShieldLock size={22} />
          </ThemeIcon>
          <div>
            <Text fw={700} fz="lg" lh={1.1} c="white">
              Admin Panel
            </Text>
            <Badge size="xs" variant="light" color="gray" mt={4} tt="none" className={classes.version}>
              v{__APP_VERSION__}
            </Badge>
          </div>
        </Group>
        <CloseButton
          hiddenFrom="lg"
          onClick={onClose}
          aria-label="Close navigation"
          variant="transparent"
          c="gray.3"
          size="lg"
        />
      </Group>
    </AppShell.Section>
  );
}
