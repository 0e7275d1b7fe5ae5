import { useLocalStorage } from '@mantine/hooks';
import { useLocation } from 'react-router';
import { useSession } from '../auth/session';
import type { ListColumn } from './list-columns';

/** A person's choices for one list: column order and shown/hidden columns (by accessor). */
export interface ColumnPrefs {
  order: string[];
  visible: Record<string, boolean>;
}

const NO_PREFS: ColumnPrefs = { order: [], visible: {} };

export type Density = 'compact' | 'comfortable';

/** The signed-in person's id, so two staff sharing a browser keep their own choices. */
function usePerson(): string {
  return String(useSession()?.user?.id ?? 'anon');
}

/** Table density, remembered per person (compact by default: more columns fit a laptop). */
export function useDensity() {
  const person = usePerson();
  return useLocalStorage<Density>({
    key: `admin.density.${person}`,
    defaultValue: 'compact',
    getInitialValueInEffect: false,
  });
}

/** Sidebar as a narrow icon rail on large screens, remembered per person. */
export function useRail() {
  const person = usePerson();
  return useLocalStorage<boolean>({
    key: `admin.rail.${person}`,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
}

/** Which list this is: the route (ids left out) and the table's name. */
export function useListKey(name: string | undefined): string {
  const { pathname } = useLocation();
  return `${pathname.replace(/\/\d+(?=\/|$)/g, '/:id')}|${name ?? 'list'}`;
}

/** Column choices of one list, remembered per person and list. */
export function useColumnPrefs(listKey: string) {
  const person = usePerson();
  return useLocalStorage<ColumnPrefs>({
    key: `admin.columns.${person}.${listKey}`,
    defaultValue: NO_PREFS,
    getInitialValueInEffect: false,
  });
}

/**
 * The columns in the person's order with their choice of shown/hidden applied; the actions column
 * stays last and shown. Columns the choice does not name keep their place and default.
 */
export function applyColumnPrefs<T>(columns: ListColumn<T>[], prefs: ColumnPrefs): ListColumn<T>[] {
  const rank = (c: ListColumn<T>, i: number) => {
    const at = prefs.order.indexOf(c.accessor);
    return at >= 0 ? at : i;
  };
  const body = columns
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => !c.actions)
    .sort((a, b) => rank(a.c, a.i) - rank(b.c, b.i) || a.i - b.i)
    .map(({ c }) => {
      const choice = prefs.visible[c.accessor];
      return choice === undefined ? c : { ...c, hidden: !choice };
    });
  return [...body, ...columns.filter((c) => c.actions)];
}

/** `accessors` with the one at `from` moved by `step` (-1 up, +1 down). */
export function moveColumn(accessors: string[], from: number, step: -1 | 1): string[] {
  const to = from + step;
  if (to < 0 || to >= accessors.length) {
    return accessors;
  }
  const next = [...accessors];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as string);
  return next;
}
