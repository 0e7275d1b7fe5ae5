import {
  ActionIcon,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import {
  Fragment,
  type ReactNode,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { ClampedText, cellOf, type ListColumn, splitColumns, titleOf } from './list-columns';
import classes from './list-table.module.css';
import type { ListControls, ListView } from './list-view';

/** Width of the box and the table, watched; a change re-measures. */
function useWatchedWidth(box: RefObject<HTMLElement | null>, table: RefObject<HTMLElement | null>) {
  const [width, setWidth] = useState(0);
  const [, setTick] = useState(0);
  useEffect(() => {
    const observer = new ResizeObserver((entries) => {
      for (const e of entries) {
        if (e.target === box.current) {
          setWidth(Math.round(e.contentRect.width));
        } else {
          setTick((t) => t + 1);
        }
      }
    });
    if (box.current) {
      observer.observe(box.current);
    }
    if (table.current) {
      observer.observe(table.current);
    }
    return () => observer.disconnect();
  }, [box, table]);
  return width;
}

/**
 * How many columns to move into the details so the table fits: from 0 whenever the width, the
 * columns or the rows change, then one more after each render while the table is wider than its box
 * (layout effects run before paint, so the steps are never seen).
 */
function useFit(resetKey: string, max: number) {
  const box = useRef<HTMLDivElement>(null);
  const table = useRef<HTMLTableElement>(null);
  const width = useWatchedWidth(box, table);
  const key = `${width}|${resetKey}`;
  const [fit, setFit] = useState({ key, drop: 0 });
  const [scrolls, setScrolls] = useState(false);
  let drop = fit.drop;
  if (fit.key !== key) {
    setFit({ key, drop: 0 });
    drop = 0;
  }
  useLayoutEffect(() => {
    const b = box.current;
    const t = table.current;
    if (!b || !t) {
      return;
    }
    const over = t.scrollWidth > b.clientWidth + 1;
    if (over && drop < max) {
      setFit((f) => ({ ...f, drop: f.drop + 1 }));
      return;
    }
    setScrolls(over);
    t.style.setProperty('--frame-width', `${b.clientWidth}px`);
    // Columns kept in view while the table scrolls sideways sit where they start.
    for (const th of t.querySelectorAll<HTMLElement>(':scope > thead > tr > th[data-sticky-at]')) {
      t.style.setProperty(`--sticky-left-${th.dataset.stickyAt}`, `${th.offsetLeft}px`);
    }
  });
  return { box, table, drop, scrolls };
}

/**
 * From 1366 px every column stays in the header (a table too wide scrolls inside its frame with
 * the name column, those before it and the actions kept in view); narrower screens move columns
 * into the row's details instead.
 */
function stickyUpTo<T>(shown: ListColumn<T>[], keepAll: boolean): number {
  if (!keepAll) {
    return -1;
  }
  const name = shown.findIndex((c) => c.priority === 1);
  return name >= 0 ? name : 0;
}

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

const ariaSort = (active: boolean, dir: 'asc' | 'desc') =>
  active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none';

/** A table wider than its frame scrolls sideways: the keyboard can reach and scroll it too. */
const frameProps = (scrolls: boolean, name = 'Table') =>
  scrolls
    ? { 'data-scrolls': true, tabIndex: 0, role: 'region', 'aria-label': `${name} (scrolls sideways)` }
    : {};

function stickyProps(at: number, lastSticky: number) {
  if (at > lastSticky) {
    return {};
  }
  return {
    'data-sticky-at': at,
    'data-sticky-edge': at === lastSticky || undefined,
    style: { left: `var(--sticky-left-${at}, 0px)` },
  };
}

function Cell<T>({ column, record, index }: { column: ListColumn<T>; record: T; index: number }) {
  const value = cellOf(column, record, index);
  return column.clamp ? <ClampedText>{value}</ClampedText> : value;
}

/** The fields a row shows under it: the columns that did not fit. */
export function DetailFields<T>({
  columns,
  record,
  index,
}: {
  columns: ListColumn<T>[];
  record: T;
  index: number;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" verticalSpacing={6}>
      {columns.map((c) => (
        <div key={c.accessor} className={classes.field}>
          <Text size="xs" c="dimmed" fw={600}>
            {titleOf(c)}
          </Text>
          <div className={classes.value}>{cellOf(c, record, index)}</div>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** A column's header; a sortable one is a button saying its order (aria-sort). */
function HeaderCell<T, O extends string>({
  column: c,
  list,
  at,
  lastSticky,
}: {
  column: ListColumn<T>;
  list?: ListControls<O>;
  at: number;
  lastSticky: number;
}) {
  const sortBy = (accessor: string) => {
    if (list) {
      const same = list.orderBy === accessor;
      // A new column keeps the direction; the same column again flips it.
      list.setSort(accessor as O, same ? (list.direction === 'asc' ? 'desc' : 'asc') : list.direction);
    }
  };

  const active = list?.orderBy === c.accessor;
  const sortable = c.sortable && list;
  const Icon = !active ? IconSelector : list?.direction === 'asc' ? IconChevronUp : IconChevronDown;
  const sticky = stickyProps(at, lastSticky);
  return (
    <Table.Th
      aria-sort={sortable ? ariaSort(active, list.direction) : undefined}
      className={cx(c.clamp && classes.clampCell, at <= lastSticky && classes.sticky)}
      {...sticky}
      style={{ width: c.width, minWidth: c.width, textAlign: c.textAlign, ...sticky.style }}
    >
      {sortable ? (
        <UnstyledButton className={classes.sort} onClick={() => sortBy(c.accessor)}>
          <span>{titleOf(c)}</span>
          <Icon size={14} aria-hidden className={active ? undefined : classes.idle} />
        </UnstyledButton>
      ) : (
        titleOf(c)
      )}
    </Table.Th>
  );
}

/** The table of a list at 768 px and wider. */
export function ListGrid<T, O extends string>(view: ListView<T, O>) {
  const { columns, rows, list, rowExpansion, open, toggle, idOf, density } = view;
  const keepAll = useMediaQuery('(min-width: 1366px)', true, { getInitialValueInEffect: false });
  const visible = columns.filter((c) => !c.hidden);
  const columnsKey = visible.map((c) => c.accessor).join(',');
  const max = keepAll ? 0 : splitColumns(columns, 0).droppable;
  const { box, table, drop, scrolls } = useFit(
    `${columnsKey}|${rows.length}|${rows[0] ? String(idOf(rows[0], 0)) : ''}|${density}`,
    max,
  );
  const { shown, details, actions } = splitColumns(columns, drop);
  const lastSticky = stickyUpTo(shown, keepAll);
  const compact = density === 'compact';
  const expandable = details.length > 0 || !!rowExpansion;
  const lastColumn = !!actions || expandable;
  const span = shown.length + (lastColumn ? 1 : 0);

  const onRowClick = (record: T, index: number, event: React.MouseEvent) => {
    // A control inside the row handles its own click; the scrolling frame around the table (a
    // focusable region), clamped text and relative times (focusable for their tooltips) do not count.
    const control = (event.target as HTMLElement).closest(
      'a,button,input,label,[role="button"],[tabindex]:not([data-clamp]):not([data-tip])',
    );
    if (control && event.currentTarget.contains(control)) {
      return;
    }
    if (view.onRowClick) {
      view.onRowClick({ record, index, event });
    } else if (rowExpansion) {
      toggle(idOf(record, index));
    }
  };

  return (
    <div ref={box} className={classes.box} {...frameProps(scrolls, view['aria-label'])}>
      <Table
        ref={table}
        aria-label={view['aria-label']}
        striped
        highlightOnHover
        verticalSpacing={compact ? 4 : 'xs'}
        horizontalSpacing={compact ? 'xs' : 'md'}
        className={classes.table}
        data-density={density}
      >
        <Table.Thead>
          <Table.Tr>
            {shown.map((c, at) => (
              <HeaderCell key={c.accessor} column={c} list={list} at={at} lastSticky={lastSticky} />
            ))}
            {lastColumn ? (
              <Table.Th
                className={cx(classes.actions, keepAll && classes.stickyEnd)}
                style={{ textAlign: actions?.textAlign ?? 'right' }}
              >
                {actions ? titleOf(actions) : <VisuallyHidden>Details</VisuallyHidden>}
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((record, index) => {
            const id = idOf(record, index);
            const isOpen = expandable && open.includes(id);
            const clickable = !!view.onRowClick || !!rowExpansion;
            return (
              <Fragment key={String(id)}>
                <Table.Tr
                  className={view.rowClassName?.(record, index)}
                  style={{ ...view.rowStyle?.(record, index), cursor: clickable ? 'pointer' : undefined }}
                  onClick={clickable ? (e) => onRowClick(record, index, e) : undefined}
                >
                  {shown.map((c, at) => {
                    const sticky = stickyProps(at, lastSticky);
                    return (
                      <Table.Td
                        key={c.accessor}
                        className={cx(c.clamp && classes.clampCell, at <= lastSticky && classes.sticky)}
                        {...sticky}
                        style={{
                          textAlign: c.textAlign,
                          whiteSpace: c.noWrap ? 'nowrap' : undefined,
                          ...sticky.style,
                        }}
                      >
                        <Cell column={c} record={record} index={index} />
                      </Table.Td>
                    );
                  })}
                  {lastColumn ? (
                    <Table.Td className={cx(classes.actions, keepAll && classes.stickyEnd)}>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        {actions ? <Cell column={actions} record={record} index={index} /> : null}
                        {expandable ? <DetailsToggle open={isOpen} onClick={() => toggle(id)} /> : null}
                      </Group>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
                {isOpen ? (
                  <Table.Tr className={classes.expansion}>
                    <Table.Td colSpan={span}>
                      <Stack gap="sm" py={4} className={classes.expansionInner}>
                        {details.length > 0 ? (
                          <DetailFields columns={details} record={record} index={index} />
                        ) : null}
                        {rowExpansion?.content({ record, index })}
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}

function DetailsToggle({ open, onClick, label }: { open: boolean; onClick: () => void; label?: ReactNode }) {
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={open ? 'Hide details' : 'Show details'}
      aria-expanded={open}
      onClick={onClick}
    >
      {open ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
      {label}
    </ActionIcon>
  );
}
