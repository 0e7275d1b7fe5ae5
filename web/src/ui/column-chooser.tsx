import { ActionIcon, Button, Checkbox, Group, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconColumns } from '@tabler/icons-react';
import type { ListColumn } from './list-columns';
import { titleOf } from './list-columns';
import { type ColumnPrefs, moveColumn } from './list-prefs';

const nameOf = <T,>(c: ListColumn<T>) => {
  const t = titleOf(c);
  return typeof t === 'string' ? t : c.accessor;
};

/**
 * 'Columns': show, hide and order a list's columns (the actions column stays last), and Reset to
 * the list's defaults. `columns` are the list's columns with the person's choices applied.
 */
export function ColumnChooser<T>({
  listName,
  columns,
  prefs,
  onChange,
}: {
  listName: string;
  columns: ListColumn<T>[];
  prefs: ColumnPrefs;
  onChange: (prefs: ColumnPrefs) => void;
}) {
  const body = columns.filter((c) => !c.actions);
  const accessors = body.map((c) => c.accessor);
  const shownCount = body.filter((c) => !c.hidden).length;
  const changed = prefs.order.length > 0 || Object.keys(prefs.visible).length > 0;
  return (
    <Popover position="top-start" withinPortal shadow="md" trapFocus returnFocus>
      <Popover.Target>
        <Button
          size="compact-sm"
          variant="subtle"
          color="gray"
          leftSection={<IconColumns size={14} />}
          aria-label={`Columns of ${listName}`}
        >
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown p="xs" aria-label={`Columns of ${listName}`} role="dialog">
        <Stack gap={6} miw={240}>
          <Text size="xs" fw={600} c="dimmed">
            Show and order columns
          </Text>
          <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
            <Stack gap={2}>
              {body.map((c, i) => {
                const name = nameOf(c);
                return (
                  <Group key={c.accessor} gap={4} wrap="nowrap" justify="space-between">
                    <Checkbox
                      size="xs"
                      label={name}
                      checked={!c.hidden}
                      // The last shown column cannot be hidden: a table needs one.
                      disabled={!c.hidden && shownCount === 1}
                      onChange={(e) =>
                        onChange({
                          ...prefs,
                          visible: { ...prefs.visible, [c.accessor]: e.currentTarget.checked },
                        })
                      }
                    />
                    <Group gap={0} wrap="nowrap">
                      <ActionIcon
                        size="md"
                        variant="subtle"
                        color="gray"
                        aria-label={`Move ${name} up`}
                        // aria-disabled, not disabled: focus stays on the button at the top.
                        aria-disabled={i === 0 || undefined}
                        style={{ opacity: i === 0 ? 0.4 : undefined }}
                        onClick={() => onChange({ ...prefs, order: moveColumn(accessors, i, -1) })}
                      >
                        <IconArrowUp size={14} />
                      </ActionIcon>
                      <ActionIcon
                        size="md"
                        variant="subtle"
                        color="gray"
                        aria-label={`Move ${name} down`}
                        aria-disabled={i === body.length - 1 || undefined}
                        style={{ opacity: i === body.length - 1 ? 0.4 : undefined }}
                        onClick={() => onChange({ ...prefs, order: moveColumn(accessors, i, 1) })}
                      >
                        <IconArrowDown size={14} />
                      </ActionIcon>
                    </Group>
                  </Group>
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
          <Button
            size="xs"
            variant="default"
            disabled={!changed}
            onClick={() => onChange({ order: [], visible: {} })}
          >
            Reset
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
