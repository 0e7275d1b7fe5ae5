import {
  ActionIcon,
  AppShell,
  Badge,
  Burger,
  CloseButton,
  Group,
  ScrollArea,
  Text,
  ThemeIcon,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useHotkeys, useMediaQuery } from '@mantine/hooks';
import {
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconShieldLock,
} from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { calls } from '../api/calls';
import { useApiQuery } from '../api/hooks';
import { parseWidgets, sessionStore } from '../auth/session';
import { TopBarParts } from '../pages';
import { useRail } from '../ui/list-prefs';
import { PageLoader } from '../ui/page-loader';
import { UnsavedChangesGuard } from '../ui/unsaved-changes';
import classes from './app-layout.module.css';
import { PaletteButton } from './palette-button';
import { useRouteTitle } from './route-title';
import { ScrollToTop } from './scroll-to-top';
import { Sidebar } from './sidebar';
import { SidebarRail } from './sidebar-rail';
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
  useRouteTitle(location);
  // lg and up keep the sidebar open; below, a closed drawer is also hidden from keyboard and readers.
  const desktop = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  // From lg the sidebar can fold to an icon rail (remembered), leaving the width to the lists.
  const [railChosen, setRail] = useRail();
  const rail = desktop && railChosen;

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
      navbar={{ width: rail ? 76 : 270, breakpoint: 'lg', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'md', lg: 'lg' }}
    >
      <a href="#main-content" className={classes.skip}>
        Skip to main content
      </a>
      <AppShell.Header className={classes.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <RailToggle rail={rail} onToggle={() => setRail(!rail)} />
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="lg"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Group gap={8} hiddenFrom="lg" wrap="nowrap" miw={0}>
              <ThemeIcon
                size={30}
                radius="md"
                variant="gradient"
                gradient={{ from: 'brand.6', to: 'cyan.5', deg: 135 }}
              >
                <IconShieldLock size={18} />
              </ThemeIcon>
              <Text fw={700} truncate="end">
                Admin Panel
              </Text>
            </Group>
          </Group>
          <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
            <Suspense fallback={null}>
              <TopBarParts />
            </Suspense>
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
        <NavBrand onClose={close} rail={rail} />
        <AppShell.Section grow component={ScrollArea} type="scroll" px="xs" pb="md">
          {rail ? <SidebarRail /> : <Sidebar />}
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main className={classes.main} id="main-content" tabIndex={-1}>
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
function NavBrand({ onClose, rail }: { onClose: () => void; rail: boolean }) {
  if (rail) {
    return (
      <AppShell.Section className={classes.brandRail}>
        <ThemeIcon
          size={36}
          radius="md"
          variant="gradient"
          gradient={{ from: 'brand.6', to: 'cyan.5', deg: 135 }}
        >
          <IconShieldLock size={22} />
        </ThemeIcon>
        <VisuallyHidden>Admin Panel v{__APP_VERSION__}</VisuallyHidden>
      </AppShell.Section>
    );
  }
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

/** From lg: folds the sidebar to an icon rail and back (the choice is remembered). */
function RailToggle({ rail, onToggle }: { rail: boolean; onToggle: () => void }) {
  const label = rail ? 'Expand sidebar' : 'Collapse sidebar';
  return (
    <Tooltip label={label} events={{ hover: true, focus: true, touch: false }}>
      <ActionIcon
        visibleFrom="lg"
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        onClick={onToggle}
      >
        {rail ? <IconLayoutSidebarLeftExpand size={20} /> : <IconLayoutSidebarLeftCollapse size={20} />}
      </ActionIcon>
    </Tooltip>
  );
}
