import type { DashboardWidget, WidgetType } from '@admin/contract';
import {
  closestCorners,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconDeviceFloppy, IconGripVertical } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { calls } from '../../api/calls';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { parseWidgets, sessionStore } from '../../auth/session';
import { paths } from '../../paths';
import { ErrorAlert } from '../../ui/error-alert';
import { PageHeader } from '../../ui/page-header';
import { useUnsavedChanges } from '../../ui/unsaved-changes';

type ListId = 'available' | 'selected';
type Lists = Record<ListId, DashboardWidget[]>;
const LIST_TITLE: Record<ListId, string> = { available: 'Available widgets', selected: 'Selected widgets' };

/** /dashboard-widgets/{POST|ADS}: drag widgets between Available and Selected, reorder, Save. */
export default function DashboardWidgetsPage() {
  const { tab } = useParams();
  const navigate = useNavigate();
  if (tab !== 'POST' && tab !== 'ADS') {
    return <Navigate to={paths.dashboardWidgets('POST')} replace />;
  }
  return (
    <Stack gap="md">
      <PageHeader
        title="Manage Widgets"
        subtitle="Drag widgets into Selected and order them; the dashboard shows them in this order"
        actions={
          <Button
            component={Link}
            to={paths.dashboard}
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
          >
            Dashboard
          </Button>
        }
      />
      <Tabs value={tab} onChange={(v) => v && navigate(paths.dashboardWidgets(v as WidgetType))}>
        <Tabs.List mb="md">
          <Tabs.Tab value="POST">Users and Searches</Tabs.Tab>
          <Tabs.Tab value="ADS">Campaign</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Arranger key={tab} type={tab} />
    </Stack>
  );
}

function Arranger({ type }: { type: WidgetType }) {
  const q = useApiQuery(calls.dashboardWidget, { type });
  const [lists, setLists] = useState<Lists | null>(null);
  const [active, setActive] = useState<DashboardWidget | null>(null);
  // The selected widgets' order as last loaded or saved: differing from it means unsaved changes.
  const [savedOrder, setSavedOrder] = useState<string | null>(null);
  const order = lists ? lists.selected.map((w) => w.id).join(',') : null;
  const save = useApiMutation(calls.saveDashboardWidget, {
    invalidates: [calls.dashboardWidget],
    onSuccess: (res, input) => {
      sessionStore.update({ widgets: parseWidgets(res.widget) });
      setSavedOrder((JSON.parse(String(input.widget_json)) as DashboardWidget[]).map((w) => w.id).join(','));
    },
  });
  useUnsavedChanges(order !== null && savedOrder !== null && order !== savedOrder && !save.isPending);
  useEffect(() => {
    if (q.data && !lists) {
      const { widget_json, available } = q.data.data;
      const allowed = new Set(available.map((w) => w.id));
      const selected = widget_json.filter((w) => allowed.has(w.id));
      const chosen = new Set(selected.map((w) => w.id));
      setLists({ selected, available: available.filter((w) => !chosen.has(w.id)) });
      setSavedOrder(selected.map((w) => w.id).join(','));
    }
  }, [q.data, lists]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 120, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  if (q.isError && !q.data) {
    return <ErrorAlert error={q.error} onRetry={() => q.refetch()} />;
  }
  if (!lists) {
    return <Skeleton h={260} radius="md" />;
  }
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
    setActive(null);
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
  const name = (id: unknown) => String(byId(id)?.content ?? id);

  return (
    <Stack gap="md">
      {q.data?.data.available.length === 0 ? (
        <Text c="dimmed">You do not have permission for any widget of this tab.</Text>
      ) : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCorners}
        onDragStart={({ active: a }: DragStartEvent) => setActive(byId(a.id))}
        onDragOver={onDragOver}
        onDragEnd={onDragEnd}
        onDragCancel={() => setActive(null)}
        accessibility={{
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
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {(['available', 'selected'] as const).map((id) => (
            <WidgetList key={id} id={id} items={lists[id]} onMove={move} />
          ))}
        </SimpleGrid>
        <DragOverlay dropAnimation={null}>
          {active ? <ItemBody widget={active} dragging /> : null}
        </DragOverlay>
      </DndContext>
      <Group>
        <Button
          leftSection={<IconDeviceFloppy size={16} />}
          loading={save.isPending}
          onClick={() => save.mutate({ type, widget_json: JSON.stringify(lists.selected) })}
        >
          Save
        </Button>
      </Group>
    </Stack>
  );
}

function WidgetList({
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
      <Title order={5} mb="sm" id={`${id}-title`}>
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

function ItemBody({
  widget,
  handle,
  action,
  dragging,
}: {
  widget: DashboardWidget;
  handle?: React.ReactNode;
  action?: React.ReactNode;
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
