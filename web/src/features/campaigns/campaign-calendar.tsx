import {
  CALENDAR_CELLS,
  CALENDAR_MAX_EVENTS_PER_DAY,
  CAMPAIGN_SETTING_GLOBAL_ONLY,
  CAMPAIGN_SETTING_MONEY_TYPES,
  CAMPAIGN_SETTING_TYPES,
  type CampaignSettingEvent,
  type CampaignSettingType,
  CURRENCY,
  DATE_FORMAT,
  FILTER_DATE_FORMAT,
} from '@admin/contract';
import {
  ActionIcon,
  Box,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { calls } from '../../api/calls';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { money } from '../../lib/format';
import { ErrorAlert } from '../../ui/error-alert';
import { GuardedModal } from '../../ui/unsaved-changes';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The Monday on or before the first of the month: the grid's first cell. */
export function gridStart(month: Dayjs): Dayjs {
  const first = month.startOf('month');
  return first.subtract((first.day() + 6) % 7, 'day');
}

const isMoney = (t: string) => (CAMPAIGN_SETTING_MONEY_TYPES as readonly string[]).includes(t);
const showValue = (e: Pick<CampaignSettingEvent, 'type' | 'value'>) =>
  isMoney(e.type) ? money(e.value) : String(e.value);

type FormState = { day: string; event?: CampaignSettingEvent };

/**
 * Campaign settings calendar (spec 02): a month of 42 day cells from a Monday, previous/next month,
 * the day's events, '+' on future days with fewer than 4, the event popup and the Add / Edit form.
 * With a userId it manages that customer's own settings (without the platform-only types).
 */
export function CampaignCalendar({ userId }: { userId?: number }) {
  const [month, setMonth] = useState(() => dayjs().startOf('month'));
  const [opened, setOpened] = useState<CampaignSettingEvent | null>(null);
  const [form, setForm] = useState<FormState | null>(null);
  const start = gridStart(month);
  const days = useMemo(() => Array.from({ length: CALENDAR_CELLS }, (_, i) => start.add(i, 'day')), [start]);
  const q = useApiQuery(calls.campaignSettingsList, {
    start_date: start.format(FILTER_DATE_FORMAT),
    end_date: start.add(CALENDAR_CELLS - 1, 'day').format(FILTER_DATE_FORMAT),
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
          onClick={() => setMonth((m) => m.subtract(1, 'month'))}
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
        <Group gap="xs">
          <Title order={4} aria-live="polite">
            {month.format('MMMM YYYY')}
          </Title>
          {q.isFetching ? <Loader size="xs" /> : null}
        </Group>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Next month"
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
          const events = byDay.get(key) ?? [];
          const inMonth = d.month() === month.month();
          const canAdd = isFuture(key) && events.length < CALENDAR_MAX_EVENTS_PER_DAY;
          return (
            <Paper
              key={key}
              withBorder
              p={4}
              radius="sm"
              mih={{ base: 70, sm: 104 }}
              bg={
                key === today
                  ? 'var(--mantine-color-blue-light)'
                  : inMonth
                    ? undefined
                    : 'var(--app-muted-bg)'
              }
              role="group"
              data-testid="calendar-day"
              aria-label={d.format(DATE_FORMAT)}
              data-day={key}
            >
              <Group justify="space-between" gap={2} wrap="nowrap">
                <Text size="xs" fw={key === today ? 700 : 500} c={inMonth ? undefined : 'dimmed'}>
                  {d.date()}
                </Text>
                {canAdd ? (
                  <ActionIcon
                    size="xs"
                    variant="light"
                    aria-label={`Add setting on ${d.format(DATE_FORMAT)}`}
                    onClick={() => setForm({ day: key })}
                  >
                    <IconPlus size={12} />
                  </ActionIcon>
                ) : null}
              </Group>
              <Stack gap={2} mt={2}>
                {events.map((e) => (
                  <UnstyledButton
                    key={e.id}
                    onClick={() => setOpened(e)}
                    aria-label={`${e.name} ${showValue(e)}`}
                    style={{ borderRadius: 4 }}
                  >
                    <Box
                      px={4}
                      bg={
                        isMoney(e.type)
                          ? 'var(--mantine-color-teal-light)'
                          : 'var(--mantine-color-indigo-light)'
                      }
                      style={{
                        borderRadius: 4,
                        overflow: 'hidden',
                        whiteSpace: 'nowrap',
                        textOverflow: 'ellipsis',
                      }}
                    >
                      <Text span size="10px" fw={600} visibleFrom="sm">
                        {e.name}:{' '}
                      </Text>
                      <Text span size="10px">
                        {showValue(e)}
                      </Text>
                    </Box>
                  </UnstyledButton>
                ))}
              </Stack>
            </Paper>
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

function EventModal({
  event,
  onClose,
  canChange,
  onChange,
}: {
  event: CampaignSettingEvent | null;
  onClose: () => void;
  canChange: boolean;
  onChange: (e: CampaignSettingEvent) => void;
}) {
  const remove = useApiMutation(calls.campaignSettingsDelete, {
    invalidates: [calls.campaignSettingsList],
    onSuccess: onClose,
  });
  return (
    <Modal opened={!!event} onClose={onClose} title="Campaign setting" centered>
      {event ? (
        <Stack gap="xs">
          <Group justify="space-between">
            <Text c="dimmed">Date</Text>
            <Text>{dayjs(event.dateFrom.slice(0, 10)).format(DATE_FORMAT)}</Text>
          </Group>
          <Group justify="space-between">
            <Text c="dimmed">Name</Text>
            <Text>{event.name}</Text>
          </Group>
          <Group justify="space-between">
            <Text c="dimmed">Value</Text>
            <Text>{showValue(event)}</Text>
          </Group>
          {canChange ? (
            <Group justify="flex-end" mt="md">
              <Button
                variant="default"
                color="red"
                onClick={() => remove.mutate({ id: event.id })}
                loading={remove.isPending}
              >
                Delete
              </Button>
              <Button onClick={() => onChange(event)}>Change</Button>
            </Group>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}

function SettingForm({
  state,
  userId,
  used,
  onClose,
}: {
  state: FormState;
  userId?: number;
  used: string[];
  onClose: () => void;
}) {
  const editing = state.event;
  const [type, setType] = useState<string | null>(editing?.type ?? null);
  const [value, setValue] = useState<number | string>(editing?.value ?? '');
  const [errors, setErrors] = useState<{ type?: string; value?: string }>({});
  const save = useApiMutation(calls.campaignSettingsSave, {
    invalidates: [calls.campaignSettingsList],
    onSuccess: onClose,
  });
  const options = (Object.keys(CAMPAIGN_SETTING_TYPES) as CampaignSettingType[])
    .filter((t) => !(userId && (CAMPAIGN_SETTING_GLOBAL_ONLY as readonly string[]).includes(t)))
    .filter((t) => t === editing?.type || !used.includes(t))
    .map((t) => ({ value: t, label: CAMPAIGN_SETTING_TYPES[t] }));
  const moneyType = type ? isMoney(type) : false;

  const submit = () => {
    const next: typeof errors = {};
    if (!type) {
      next.type = 'Type is required';
    }
    if (value === '' || value === null || Number.isNaN(Number(value))) {
      next.value = moneyType ? 'Amount is required' : 'Value is required';
    }
    setErrors(next);
    if (next.type || next.value || !type) {
      return;
    }
    save.mutate({
      ...(editing ? { id: editing.id } : {}),
      date_from: `${state.day} 00:00:00`,
      date_to: `${state.day} 23:59:59`,
      setting_key: type as CampaignSettingType,
      setting_value: Number(value),
      setting_label: CAMPAIGN_SETTING_TYPES[type as CampaignSettingType],
      ...(userId ? { user_id: userId } : {}),
    });
  };

  return (
    <GuardedModal
      opened
      onClose={onClose}
      title={editing ? 'Edit' : 'Add New Setting'}
      centered
      dirty={
        !save.isSuccess &&
        (type !== (editing?.type ?? null) || String(value) !== String(editing?.value ?? ''))
      }
    >
      <Stack>
        <TextInput label="Date" value={dayjs(state.day).format(DATE_FORMAT)} readOnly />
        <Select
          label="Type"
          placeholder="Select type"
          data={options}
          value={type}
          onChange={setType}
          error={errors.type}
          comboboxProps={{ withinPortal: true }}
        />
        <NumberInput
          label={moneyType ? 'Amount' : 'Value'}
          prefix={moneyType ? CURRENCY : undefined}
          decimalScale={moneyType ? 2 : 0}
          min={0}
          value={value}
          onChange={setValue}
          error={errors.value}
        />
        <Group justify="flex-end">
          <Button onClick={submit} loading={save.isPending}>
            Add
          </Button>
        </Group>
      </Stack>
    </GuardedModal>
  );
}
