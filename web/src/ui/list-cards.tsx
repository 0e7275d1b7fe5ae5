import { ActionIcon, Button, Card, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { Fragment } from 'react';
import { ClampedText, cellOf, titleOf } from './list-columns';
import { DetailFields } from './list-grid';
import classes from './list-table.module.css';
import type { ListView } from './list-view';

/** Sort by and direction, for cards (no headers to click). */
function CardSort<T, O extends string>({ columns, list }: Pick<ListView<T, O>, 'columns' | 'list'>) {
  const sortable = columns.filter((c) => c.sortable && !c.hidden);
  if (!list || sortable.length === 0) {
    return null;
  }
  const asc = list.direction === 'asc';
  return (
    <Group gap="xs" wrap="nowrap">
      <NativeSelect
        aria-label="Sort by"
        size="xs"
        style={{ flex: 1 }}
        data={[
          // The list's own default order when it is not one of the columns (e.g. id).
          ...(sortable.some((c) => c.accessor === list.orderBy)
            ? []
            : [{ value: list.orderBy, label: 'Default order' }]),
          ...sortable.map((c) => ({
            value: c.accessor,
            label: typeof titleOf(c) === 'string' ? (titleOf(c) as string) : c.accessor,
          })),
        ]}
        value={list.orderBy}
        onChange={(e) => list.setSort(e.currentTarget.value as O, list.direction)}
      />
      <ActionIcon
        variant="default"
        aria-label={asc ? 'Sorted ascending, sort descending' : 'Sorted descending, sort ascending'}
        onClick={() => list.setSort(list.orderBy, asc ? 'desc' : 'asc')}
      >
        {asc ? <IconSortAscending size={16} /> : <IconSortDescending size={16} />}
      </ActionIcon>
    </Group>
  );
}

/**
 * A list below 768 px: one card a row with its main fields (priority 1 and 2) as label and value,
 * the rest behind 'More', then the row's actions. Nothing is wider than the screen.
 */
export function ListCards<T, O extends string>(view: ListView<T, O>) {
  const { columns, rows, list, rowExpansion, open, toggle, idOf } = view;
  const visible = columns.filter((c) => !c.hidden && !c.actions);
  const main = visible.filter((c) => (c.priority ?? 2) < 3);
  const more = visible.filter((c) => (c.priority ?? 2) === 3);
  const actions = columns.find((c) => c.actions && !c.hidden);
  const expandable = more.length > 0 || !!rowExpansion;
  return (
    <Stack gap="sm" p={2}>
      <CardSort columns={columns} list={list} />
      <Stack gap="sm" role="list" aria-label={view['aria-label']}>
        {rows.map((record, index) => {
          const id = idOf(record, index);
          const isOpen = expandable && open.includes(id);
          return (
            <Card
              key={String(id)}
              withBorder
              padding="sm"
              role="listitem"
              className={view.rowClassName?.(record, index)}
              style={view.rowStyle?.(record, index)}
            >
              <div className={classes.card}>
                {main.map((c) => (
                  <Fragment key={c.accessor}>
                    <Text size="xs" c="dimmed" fw={600}>
                      {titleOf(c)}
                    </Text>
                    <div className={classes.value} data-field={c.accessor}>
                      {c.clamp ? (
                        <ClampedText>{cellOf(c, record, index)}</ClampedText>
                      ) : (
                        cellOf(c, record, index)
                      )}
                    </div>
                  </Fragment>
                ))}
              </div>
              {isOpen ? (
                <Stack gap="sm" mt="sm">
                  {more.length > 0 ? <DetailFields columns={more} record={record} index={index} /> : null}
                  {rowExpansion?.content({ record, index })}
                </Stack>
              ) : null}
              {actions || expandable ? (
                <Group gap="xs" mt="sm" justify="space-between" wrap="wrap">
                  <Group gap="xs" wrap="wrap">
                    {actions ? cellOf(actions, record, index) : null}
                  </Group>
                  {expandable ? (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      aria-expanded={isOpen}
                      onClick={() => toggle(id)}
                    >
                      {isOpen ? 'Less' : 'More'}
                    </Button>
                  ) : null}
                </Group>
              ) : null}
            </Card>
          );
        })}
      </Stack>
    </Stack>
  );
}
