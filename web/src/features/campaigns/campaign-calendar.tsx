import {
  CALENDAR_CELLS,
  type CampaignSettingEvent,
  DATE_MAX,
  DATE_MIN,
  FILTER_DATE_FORMAT,
} from '@admin/contract';
import { ActionIcon, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { calls } from '../../api/calls';
import { useApiQuery } from '../../api/hooks';
import { keptDialog } from '../../auth/drafts';
import { ErrorAlert } from '../../ui/error-alert';
import { CalendarDay } from './calendar-day';
import { EventModal, type FormState, SETTING_FORM_DRAFT, SettingForm } from './calendar-dialogs';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The Monday on or before the first of the month: the grid's first cell. */
export function gridStart(month: Dayjs): Dayjs {
  const first = month.startOf('month');
  return first.subtract((first.day() + 6) % 7, 'day');
}

/**
 * Campaign settings calendar (spec 02): a month of 42 day cells from a Monday, previous/next month,
 * the day's events, '+' on future days with fewer than 4, the event popup and the Add / Edit form.
 * With a userId it manages that customer's own settings (without the platform-only types).
 */
export function CampaignCalendar({ userId }: { userId?: number }) {
  // The form open when the session ended opens again, on its month, after signing in.
  const [form, setForm] = useState<FormState | null>(() => keptDialog<FormState>(SETTING_FORM_DRAFT) ?? null);
  const [month, setMonth] = useState(() => dayjs(form?.day).startOf('month'));
  const [opened, setOpened] = useState<CampaignSettingEvent | null>(null);
  const start = gridStart(month);
  const days = useMemo(() => Array.from({ length: CALENDAR_CELLS }, (_, i) => start.add(i, 'day')), [start]);
  // The server reads days from DATE_MIN to DATE_MAX only: the grids of January 2000 and December
  // 2100 reach past them, and the month arrows stop there.
  const first = start.format(FILTER_DATE_FORMAT);
  const last = start.add(CALENDAR_CELLS - 1, 'day').format(FILTER_DATE_FORMAT);
  const q = useApiQuery(calls.campaignSettingsList, {
    start_date: first < DATE_MIN ? DATE_MIN : first,
    end_date: last > DATE_MAX ? DATE_MAX : last,
    ...(userId ? { user_id: userId } : {}),
  });
  const byDay = useMemo(() => {
    const m = new Map<string, CampaignSettingEvent[]>();
    for (const e of q.data?.data ?? []) {
      const d = e.dateFrom.slice(0, 10);
      m.set(d, [...(m.get(d) ?? []), e]);
    }
    return m;
  }, [q.data]);
  const today = dayjs().format(FILTER_DATE_FORMAT);
  const isFuture = (d: string) => d > today;

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Previous month"
          disabled={month.format(FILTER_DATE_FORMAT) <= DATE_MIN}
          onClick={() => setMonth((m) => m.subtract(1, 'month'))}
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
        <Group gap="xs">
          <Title order={2} size="h4" aria-live="polite">
            {month.format('MMMM YYYY')}
          </Title>
          {q.isFetching ? <Loader size="xs" /> : null}
        </Group>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Next month"
          disabled={month.endOf('month').format(FILTER_DATE_FORMAT) >= DATE_MAX}
          onClick={() => setMonth((m) => m.add(1, 'month'))}
        >
          <IconChevronRight size={18} />
        </ActionIcon>
      </Group>
      {q.isError ? <ErrorAlert error={q.error} onRetry={() => q.refetch()} /> : null}
      <SimpleGrid cols={7} spacing={4} verticalSpacing={4} role="group" aria-label="Calendar">
        {WEEKDAYS.map((w) => (
          <Text key={w} ta="center" size="xs" fw={700} c="dimmed" aria-hidden>
            {w}
          </Text>
        ))}
        {days.map((d) => {
          const key = d.format(FILTER_DATE_FORMAT);
          return (
            <CalendarDay
              key={key}
              d={d}
              month={month}
              today={today}
              events={byDay.get(key) ?? []}
              onAdd={() => setForm({ day: key })}
              onOpen={setOpened}
            />
          );
        })}
      </SimpleGrid>
      <EventModal
        event={opened}
        onClose={() => setOpened(null)}
        canChange={opened ? isFuture(opened.dateFrom.slice(0, 10)) : false}
        onChange={(e) => {
          setOpened(null);
          setForm({ day: e.dateFrom.slice(0, 10), event: e });
        }}
      />
      {form ? (
        <SettingForm
          key={`${form.day}-${form.event?.id ?? 'new'}`}
          state={form}
          userId={userId}
          used={(byDay.get(form.day) ?? []).map((e) => e.type)}
          onClose={() => setForm(null)}
        />
      ) : null}
    </Stack>
  );
}
