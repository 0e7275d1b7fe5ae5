import { hasPermission, type Permission } from '@admin/contract';
import { NavLink } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { type ComponentType, Suspense, useState } from 'react';
import { Link, matchPath, useLocation } from 'react-router';
import { useSession } from '../auth/session';
import { NAV, type NavLeaf } from './nav';
import classes from './sidebar.module.css';

const isActive = (to: string, pathname: string) =>
  to === '/' ? pathname === '/' : !!matchPath({ path: to, end: false }, pathname);

/** An entry's count (loaded with its area's code), or nothing. */
function badgeOf(Badge: ComponentType | undefined) {
  return Badge ? (
    <Suspense fallback={null}>
      <Badge />
    </Suspense>
  ) : undefined;
}

/** Sidebar entries the signed-in user may see; a group shows when any of its entries does. */
export function Sidebar() {
  const session = useSession();
  const { pathname } = useLocation();
  // Groups the user opened or closed; the others are open while one of their pages is shown.
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const can = (leaf: { permission?: readonly Permission[] }) =>
    !leaf.permission || hasPermission(session?.user, ...leaf.permission);

  return (
    <nav>
      {NAV.map((entry) => {
        const Icon = entry.icon;
        const icon = <Icon size={18} stroke={1.6} />;
        if (entry.children) {
          const visible: NavLeaf[] = entry.children.filter(can);
          if (visible.length === 0) {
            return null;
          }
          const groupActive = visible.some((c) => isActive(c.to, pathname));
          const opened = toggled[entry.label] ?? groupActive;
          return (
            <NavLink
              key={entry.label}
              // A button (reachable with Tab, Enter/Space toggle) that says whether it is open.
              component="button"
              type="button"
              aria-expanded={opened}
              label={entry.label}
              leftSection={icon}
              rightSection={<IconChevronRight size={14} />}
              opened={opened}
              onChange={(open) => setToggled((t) => ({ ...t, [entry.label]: open }))}
              className={classes.link}
              data-group-active={groupActive || undefined}
              childrenOffset={28}
            >
              {visible.map((leaf) => (
                <NavLink
                  key={leaf.to}
                  component={Link}
                  to={leaf.to}
                  label={leaf.label}
                  rightSection={badgeOf(leaf.badge)}
                  active={isActive(leaf.to, pathname)}
                  className={classes.link}
                />
              ))}
            </NavLink>
          );
        }
        if (!entry.to || !can(entry)) {
          return null;
        }
        return (
          <NavLink
            key={entry.label}
            component={Link}
            to={entry.to}
            label={entry.label}
            leftSection={icon}
            rightSection={badgeOf(entry.badge)}
            active={isActive(entry.to, pathname)}
            className={classes.link}
          />
        );
      })}
    </nav>
  );
}
