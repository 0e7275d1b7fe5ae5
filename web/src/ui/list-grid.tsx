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
  let drop = fit.drop;
  if (fit.key !== key) {
    setFit({ key, drop: 0 });
    drop = 0;
  }
  useLayoutEffect(() => {
    const b = box.current;
    const t = table.current;
    if (b && t && t.scrollWidth > b.clientWidth + 1 && drop < max) {
      setFit((f) => ({ ...f, drop: f.drop + 1 }));
    }
  });
  return { box, table, drop };
}

const ariaSort = (active: boolean, dir: 'asc' | 'desc') =>
  active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none';

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
}: {
  column: ListColumn<T>;
  list?: ListControls<O>;
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
  return (
    <Table.Th
      aria-sort={sortable ? ariaSort(active, list.direction) : undefined}
      className={c.clamp ? classes.clampCell : undefined}
      style={{ width: c.width, minWidth: c.width, textAlign: c.textAlign }}
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
  const { columns, rows, list, rowExpansion, open, toggle, idOf } = view;
  const visible = columns.filter((c) => !c.hidden);
  const columnsKey = visible.map((c) => c.accessor).join(',');
  const max = splitColumns(columns, 0).droppable;
  const { box, table, drop } = useFit(
    `${columnsKey}|${rows.length}|${rows[0] ? String(idOf(rows[0], 0)) : ''}`,
    max,
  );
  const { shown, details, actions } = splitColumns(columns, drop);
  const expandable = details.length > 0 || !!rowExpansion;
  const lastColumn = !!actions || expandable;
  const span = shown.length + (lastColumn ? 1 : 0);

  const onRowClick = (record: T, index: number, event: React.MouseEvent) => {
    if ((event.target as HTMLElement).closest('a,button,input,label,[role="button"],[tabindex]')) {
      return;
    }
    if (view.onRowClick) {
      view.onRowClick({ record, index, event });
    } else if (rowExpansion) {
      toggle(idOf(record, index));
    }
  };

  return (
    <div ref={box} className={classes.box}>
      <Table
        ref={table}
        aria-label={view['aria-label']}
        striped
        highlightOnHover
        verticalSpacing="xs"
        horizontalSpacing="md"
        className={classes.table}
      >
        <Table.Thead>
          <Table.Tr>
            {shown.map((c) => (
              <HeaderCell key={c.accessor} column={c} list={list} />
            ))}
            {lastColumn ? (
              <Table.Th className={classes.actions} style={{ textAlign: actions?.textAlign ?? 'right' }}>
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
                  {shown.map((c) => (
                    <Table.Td
                      key={c.accessor}
                      className={c.clamp ? classes.clampCell : undefined}
                      style={{ textAlign: c.textAlign, whiteSpace: c.noWrap ? 'nowrap' : undefined }}
                    >
                      <Cell column={c} record={record} index={index} />
                    </Table.Td>
                  ))}
                  {lastColumn ? (
                    <Table.Td className={classes.actions}>
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
