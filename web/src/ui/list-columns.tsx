import { Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

/** One column of a ListTable. */
export interface ListColumn<T> {
  /** The record key shown (default render) and sent as order_by when sortable. */
  accessor: string;
  /** Header text; default: the accessor in words. */
  title?: ReactNode;
  render?: (record: T, index: number) => ReactNode;
  sortable?: boolean;
  /** Fixed width (px or CSS length), e.g. for an image column. */
  width?: number | string;
  hidden?: boolean;
  textAlign?: 'left' | 'center' | 'right';
  noWrap?: boolean;
  /**
   * 1: always shown; 2 (default): shown while it fits; 3: the first to go. Columns that do not fit
   * move into the row's details (earlier columns of the same priority stay longest).
   */
  priority?: 1 | 2 | 3;
  /** Long text: at most two lines (min 180 px wide), the full text on hover and keyboard focus. */
  clamp?: boolean;
  /** The row's actions: the last column, never hidden or scrolled away; the foot of a card. */
  actions?: boolean;
}

export const titleOf = <T,>(c: ListColumn<T>): ReactNode =>
  c.title ?? c.accessor.replace(/_/g, ' ').replace(/^\w/, (s) => s.toUpperCase());

/** A column's value for a record: its render, else the record's field. */
export function cellOf<T>(c: ListColumn<T>, record: T, index: number): ReactNode {
  if (c.render) {
    return c.render(record, index);
  }
  const value = (record as Record<string, unknown>)[c.accessor];
  return value === null || value === undefined ? '' : (value as ReactNode);
}

/** Text cut to two lines; the whole of it in a tooltip on hover and on focus (Tab). */
export function ClampedText({ children }: { children: ReactNode }) {
  if (typeof children !== 'string' && typeof children !== 'number') {
    return <>{children}</>;
  }
  const text = String(children);
  if (text.length <= 60) {
    return <>{text}</>;
  }
  return (
    <Tooltip
      label={text}
      multiline
      w={360}
      withinPortal
      openDelay={200}
      events={{ hover: true, focus: true, touch: true }}
    >
      <Text size="sm" lineClamp={2} tabIndex={0} data-clamp style={{ cursor: 'help' }}>
        {text}
      </Text>
    </Tooltip>
  );
}

/**
 * Which columns the table shows at its width: actions and priority 1 always; of the others, the
 * `dropCount` least important (priority 3 first, then later columns first) move to the details.
 */
export function splitColumns<T>(columns: ListColumn<T>[], dropCount: number) {
  const visible = columns.filter((c) => !c.hidden);
  const droppable = visible
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => !c.actions && (c.priority ?? 2) !== 1)
    .sort((a, b) => (b.c.priority ?? 2) - (a.c.priority ?? 2) || b.i - a.i)
    .map(({ c }) => c);
  const dropped = new Set(droppable.slice(0, dropCount));
  return {
    shown: visible.filter((c) => !dropped.has(c) && !c.actions),
    details: visible.filter((c) => dropped.has(c)),
    actions: visible.find((c) => c.actions),
    droppable: droppable.length,
  };
}
