import { hasPermission, type Permission } from '@admin/contract';
import { Menu, Tooltip, UnstyledButton } from '@mantine/core';
import { Link, matchPath, useLocation } from 'react-router';
import { useSession } from '../auth/session';
import { NAV, type NavLeaf } from './nav';
import classes from './sidebar.module.css';

const isActive = (to: string, pathname: string) =>
  to === '/' ? pathname === '/' : !!matchPath({ path: to, end: false }, pathname);

/**
 * The sidebar folded to an icon rail (large screens, the person's choice): a page is an icon link
 * named by its title (tooltip on hover and focus); a group opens a menu of its pages.
 */
export function SidebarRail() {
  const session = useSession();
  const { pathname } = useLocation();
  const can = (leaf: { permission?: readonly Permission[] }) =>
    !leaf.permission || hasPermission(session?.user, ...leaf.permission);

  return (
    <nav className={classes.rail}>
      {NAV.map((entry) => {
        const Icon = entry.icon;
        const icon = <Icon size={20} stroke={1.6} />;
        if (entry.children) {
          const visible: NavLeaf[] = entry.children.filter(can);
          if (visible.length === 0) {
            return null;
          }
          const active = visible.some((c) => isActive(c.to, pathname));
          return (
            <Menu key={entry.label} position="right-start" offset={8} withinPortal trigger="click-hover">
              <Menu.Target>
                <UnstyledButton
                  className={classes.railItem}
                  aria-label={entry.label}
                  data-active={active || undefined}
                >
                  {icon}
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{entry.label}</Menu.Label>
                {visible.map((leaf) => (
                  <Menu.Item
                    key={leaf.to}
                    component={Link}
                    to={leaf.to}
                    aria-current={isActive(leaf.to, pathname) ? 'page' : undefined}
                  >
                    {leaf.label}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          );
        }
        if (!entry.to || !can(entry)) {
          return null;
        }
        const active = isActive(entry.to, pathname);
        return (
          <Tooltip
            key={entry.label}
            label={entry.label}
            position="right"
            events={{ hover: true, focus: true, touch: false }}
          >
            <UnstyledButton
              component={Link}
              to={entry.to}
              className={classes.railItem}
              aria-label={entry.label}
              aria-current={active ? 'page' : undefined}
              data-active={active || undefined}
            >
              {icon}
            </UnstyledButton>
          </Tooltip>
        );
      })}
    </nav>
  );
}
