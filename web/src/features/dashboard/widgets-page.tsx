import type { DashboardWidget, WidgetType } from '@admin/contract';
import {
  closestCorners,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { Button, Group, SimpleGrid, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { calls } from '../../api/calls';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { parseWidgets, sessionStore } from '../../auth/session';
import { paths } from '../../paths';
import { ErrorAlert } from '../../ui/error-alert';
import { PageHeader } from '../../ui/page-header';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { ItemBody, WidgetList } from './widget-list';
import { dragAccessibility, type Lists, widgetMoves } from './widget-moves';

/** The saved list, which arrives as a JSON string (spec 02); anything unreadable is no widgets. */
function parseList(raw: string): DashboardWidget[] {
  try {
    const list: unknown = JSON.parse(raw);
    return Array.isArray(list) ? (list as DashboardWidget[]) : [];
  } catch {
    return [];
  }
}

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
      setSavedOrder(
        parseList(String(input.widget_json))
          .map((w) => w.id)
          .join(','),
      );
    },
  });
  useUnsavedChanges(order !== null && savedOrder !== null && order !== savedOrder && !save.isPending);
  useEffect(() => {
    if (q.data && !lists) {
      const { widget_json, available } = q.data.data;
      const allowed = new Set(available.map((w) => w.id));
      const selected = parseList(widget_json).filter((w) => allowed.has(w.id));
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
  const { byId, listOf, move, onDragOver, onDragEnd } = widgetMoves(lists, setLists);
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
        onDragEnd={(e: DragEndEvent) => {
          setActive(null);
          onDragEnd(e);
        }}
        onDragCancel={() => setActive(null)}
        accessibility={dragAccessibility(name, listOf)}
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
