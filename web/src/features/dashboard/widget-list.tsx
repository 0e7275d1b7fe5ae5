import type { DashboardWidget } from '@admin/contract';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Card, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconGripVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LIST_TITLE, type ListId } from './widget-moves';

/** One of the two lists: a drop target whose widgets can be reordered. */
export function WidgetList({
  id,
  items,
  onMove,
}: {
  id: ListId;
  items: DashboardWidget[];
  onMove: (id: string, to: ListId) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id });
  return (
    <Card withBorder radius="md" bg={isOver ? 'var(--mantine-color-blue-light)' : undefined}>
      <Title order={2} size="h5" mb="sm" id={`${id}-title`}>
        {LIST_TITLE[id]}
      </Title>
      <SortableContext id={id} items={items.map((w) => w.id)} strategy={verticalListSortingStrategy}>
        <Stack
          ref={setNodeRef}
          component="ul"
          gap="xs"
          mih={120}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-labelledby={`${id}-title`}
        >
          {items.map((w) => (
            <SortableItem key={w.id} widget={w} list={id} onMove={onMove} />
          ))}
          {items.length === 0 ? (
            <Text component="li" size="sm" c="dimmed" ta="center" py="lg">
              {id === 'selected' ? 'Drop widgets here' : 'Every widget is selected'}
            </Text>
          ) : null}
        </Stack>
      </SortableContext>
    </Card>
  );
}

function SortableItem({
  widget,
  list,
  onMove,
}: {
  widget: DashboardWidget;
  list: ListId;
  onMove: (id: string, to: ListId) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: widget.id,
    });
  const to: ListId = list === 'available' ? 'selected' : 'available';
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.4 : 1 }}
    >
      <ItemBody
        widget={widget}
        handle={
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            aria-label={`Drag ${widget.content}`}
            style={{ cursor: 'grab', touchAction: 'none' }}
            {...attributes}
            {...listeners}
          >
            <IconGripVertical size={18} />
          </ActionIcon>
        }
        action={
          <Tooltip label={to === 'selected' ? 'Add to dashboard' : 'Remove from dashboard'}>
            <ActionIcon
              variant="light"
              aria-label={to === 'selected' ? `Add ${widget.content}` : `Remove ${widget.content}`}
              onClick={() => onMove(widget.id, to)}
            >
              {to === 'selected' ? <IconArrowRight size={16} /> : <IconArrowLeft size={16} />}
            </ActionIcon>
          </Tooltip>
        }
      />
    </li>
  );
}

/** A widget as listed (and as dragged): grip, name, and the move button. */
export function ItemBody({
  widget,
  handle,
  action,
  dragging,
}: {
  widget: DashboardWidget;
  handle?: ReactNode;
  action?: ReactNode;
  dragging?: boolean;
}) {
  return (
    <Paper withBorder radius="sm" p="xs" shadow={dragging ? 'md' : undefined}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          {handle ?? <IconGripVertical size={18} />}
          <Text fw={500}>{widget.content}</Text>
        </Group>
        {action}
      </Group>
    </Paper>
  );
}
