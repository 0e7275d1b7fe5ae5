import type { DashboardWidget } from '@admin/contract';
import type { Announcements, DragEndEvent, DragOverEvent, ScreenReaderInstructions } from '@dnd-kit/core';
import { arrayMove } from '@dnd-kit/sortable';

export type ListId = 'available' | 'selected';
export type Lists = Record<ListId, DashboardWidget[]>;
export const LIST_TITLE: Record<ListId, string> = {
  available: 'Available widgets',
  selected: 'Selected widgets',
};

/**
 * Moving widgets between the two lists and within one: by the move buttons (`move`) and by
 * dragging (`onDragOver` crosses lists, `onDragEnd` reorders within one).
 */
export function widgetMoves(lists: Lists, setLists: (lists: Lists) => void) {
  const byId = (id: unknown) => [...lists.available, ...lists.selected].find((w) => w.id === id) ?? null;
  const listOf = (id: unknown): ListId | null => {
    if (id === 'available' || id === 'selected') {
      return id;
    }
    if (lists.available.some((w) => w.id === id)) {
      return 'available';
    }
    return lists.selected.some((w) => w.id === id) ? 'selected' : null;
  };

  /** Moves a widget to the other list (at `index`, default the end). */
  const move = (id: string, to: ListId, index?: number) => {
    const from = to === 'available' ? 'selected' : 'available';
    const item = lists[from].find((w) => w.id === id);
    if (!item) {
      return;
    }
    const target = [...lists[to]];
    target.splice(index ?? target.length, 0, item);
    setLists({ ...lists, [from]: lists[from].filter((w) => w.id !== id), [to]: target } as Lists);
  };

  const onDragOver = ({ active: a, over }: DragOverEvent) => {
    const from = listOf(a.id);
    const to = listOf(over?.id);
    if (!from || !to || from === to) {
      return;
    }
    const overIndex = lists[to].findIndex((w) => w.id === over?.id);
    move(String(a.id), to, overIndex < 0 ? undefined : overIndex);
  };
  const onDragEnd = ({ active: a, over }: DragEndEvent) => {
    const from = listOf(a.id);
    const to = listOf(over?.id);
    if (!from || !to || from !== to) {
      return;
    }
    const oldIndex = lists[from].findIndex((w) => w.id === a.id);
    const newIndex = lists[to].findIndex((w) => w.id === over?.id);
    if (newIndex >= 0 && oldIndex !== newIndex) {
      setLists({ ...lists, [from]: arrayMove(lists[from], oldIndex, newIndex) } as Lists);
    }
  };
  return { byId, listOf, move, onDragOver, onDragEnd };
}

/** What the screen reader hears while a widget is dragged with the keyboard or the pointer. */
export function dragAccessibility(
  name: (id: unknown) => string,
  listOf: (id: unknown) => ListId | null,
): { announcements: Announcements; screenReaderInstructions: ScreenReaderInstructions } {
  return {
    announcements: {
      onDragStart: ({ active: a }) => `Picked up ${name(a.id)}.`,
      onDragOver: ({ active: a, over }) =>
        over
          ? `${name(a.id)} is in ${LIST_TITLE[listOf(over.id) ?? 'available']}.`
          : `${name(a.id)} is outside the lists.`,
      onDragEnd: ({ active: a, over }) =>
        over
          ? `${name(a.id)} dropped in ${LIST_TITLE[listOf(over.id) ?? 'available']}.`
          : `${name(a.id)} dropped.`,
      onDragCancel: ({ active: a }) => `Moving ${name(a.id)} was cancelled.`,
    },
    screenReaderInstructions: {
      draggable:
        'To pick up a widget, press space or enter. Use the arrow keys to move it, within a list or to the other list. Press space or enter again to drop it, or escape to cancel.',
    },
  };
}
