import { hasPermission } from '@admin/contract';
import { NavLink } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link, matchPath, useLocation } from 'react-router';
import { useSession } from '../auth/session';
import { NAV, type NavLeaf } from './nav';
import classes from './sidebar.module.css';

const isActive = (to: string, pathname: string) =>
  to === '/' ? pathname === '/' : !!matchPath({ path: to, end: false }, pathname);

/** Sidebar entries the signed-in user may see; a group shows when any of its entries does. */
export function Sidebar() {
  const session = useSession();
  const { pathname } = useLocation();
  const can = (leaf: { permission?: readonly string[] }) =>
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
          return (
            <NavLink
              key={entry.label}
              label={entry.label}
              leftSection={icon}
              rightSection={<IconChevronRight size={14} />}
              defaultOpened={groupActive}
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
            active={isActive(entry.to, pathname)}
            className={classes.link}
          />
        );
      })}
    </nav>
  );
}
