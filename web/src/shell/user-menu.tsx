import { UPDATE_RELOAD_DELAY_MS } from '@admin/contract';
import {
  Avatar,
  Group,
  type MantineColorScheme,
  Menu,
  Text,
  UnstyledButton,
  useMantineColorScheme,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCheck,
  IconChevronDown,
  IconDeviceDesktop,
  IconKey,
  IconLogout,
  IconMoon,
  IconRefresh,
  IconShieldLock,
  IconSun,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSession } from '../auth/session';
import { paths } from '../paths';

/** Check for Updates: drop background workers and caches, then reload after 1 s (spec 01 Shell). */
async function checkForUpdates(): Promise<void> {
  notifications.show({
    color: 'brand',
    message: 'Checking for updates… the page will reload.',
    loading: true,
  });
  try {
    if ('serviceWorker' in navigator) {
      const regs = await navigator.serviceWorker.getRegistrations();
      await Promise.all(regs.map((r) => r.unregister()));
    }
    if ('caches' in window) {
      const keys = await caches.keys();
      await Promise.all(keys.map((k) => caches.delete(k)));
    }
  } finally {
    window.setTimeout(() => window.location.reload(), UPDATE_RELOAD_DELAY_MS);
  }
}

const SCHEMES: { value: MantineColorScheme; label: string; Icon: typeof IconSun }[] = [
  { value: 'light', label: 'Light', Icon: IconSun },
  { value: 'dark', label: 'Dark', Icon: IconMoon },
  { value: 'auto', label: 'System', Icon: IconDeviceDesktop },
];

const asRadio = (el: HTMLElement | null) => el?.setAttribute('role', 'menuitemradio');

/** The top bar's user name and its menu. */
export function UserMenu() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const session = useSession();
  const user = session?.user;
  const name = user?.name || user?.username || '';
  return (
    // No focus placeholder: a menu owns only its items (axe aria-required-children).
    <Menu position="bottom-end" width={220} shadow="md" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton aria-label={`${name}, user menu`} data-testid="user-menu">
          <Group gap={8} wrap="nowrap">
            <Avatar src={user?.avatar || null} alt="" aria-hidden radius="xl" size={32} color="brand">
              {name.slice(0, 1).toUpperCase()}
            </Avatar>
            {/* Phones: the avatar and the chevron only (the name is the button's and the menu's). */}
            <Text fw={600} fz="sm" maw={220} truncate="end" visibleFrom="sm">
              {name}
            </Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {name} · {user?.username}
        </Menu.Label>
        <Menu.Item component={Link} to={paths.changePassword} leftSection={<IconKey size={16} />}>
          Change Password
        </Menu.Item>
        <Menu.Item component={Link} to={paths.account} leftSection={<IconShieldLock size={16} />}>
          Security
        </Menu.Item>
        <Menu.Item leftSection={<IconRefresh size={16} />} onClick={() => void checkForUpdates()}>
          Check for Updates
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label aria-hidden>Theme</Menu.Label>
        {/* The three schemes are one radio group named Theme. */}
        {/* biome-ignore lint/a11y/useSemanticElements: inside role=menu a group of items is role=group (ARIA), not a fieldset */}
        <div role="group" aria-label="Theme">
          {SCHEMES.map(({ value, label, Icon }) => (
            <Menu.Item
              key={value}
              // Mantine renders every item as a plain menuitem; these three are a radio group.
              ref={asRadio}
              aria-checked={colorScheme === value}
              closeMenuOnClick={false}
              leftSection={<Icon size={16} />}
              rightSection={colorScheme === value ? <IconCheck size={14} /> : null}
              onClick={() => setColorScheme(value)}
            >
              {label}
            </Menu.Item>
          ))}
        </div>
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to={paths.logout}
          // The theme's error colour: 4.5:1 in both schemes (Mantine's red 6 is not).
          c="var(--mantine-color-error)"
          leftSection={<IconLogout size={16} />}
        >
          Signout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
