import type { Permission } from '@admin/contract';
import type { ComponentType } from 'react';
import { isGroup, linkOf, type NamedPage, type NavIcon, PALETTE_PAGES, SIDEBAR } from '../pages';

export interface NavLeaf {
  label: string;
  to: string;
  /** Shown with any one of these (a super admin sees all). */
  permission?: readonly Permission[];
  /** A count beside the entry (pages.tsx `badge`). */
  badge?: ComponentType;
}
export interface NavEntry {
  label: string;
  icon: NavIcon;
  to?: string;
  permission?: readonly Permission[];
  badge?: ComponentType;
  children?: NavLeaf[];
}

const leaf = (page: NamedPage): NavLeaf => ({
  label: page.title,
  to: linkOf(page),
  permission: page.permission,
  badge: page.badge,
});

/** The sidebar of spec 01 section 2 Shell, in its order, each entry with its page's permission (from pages.tsx). */
export const NAV: NavEntry[] = SIDEBAR.map((entry) =>
  isGroup(entry)
    ? { label: entry.title, icon: entry.icon, children: entry.pages.map(leaf) }
    : { ...leaf(entry), icon: entry.icon },
);

/** The command palette's pages: the sidebar's, in its order, then the others it names (from pages.tsx). */
export const PALETTE: (NavLeaf & { group: string })[] = PALETTE_PAGES.map(({ page, group }) => ({
  ...leaf(page),
  group,
}));
