import {
  CALENDAR_MAX_EVENTS_PER_DAY,
  type CampaignSettingEvent,
  DATE_FORMAT,
  FILTER_DATE_FORMAT,
} from '@admin/contract';
import { ActionIcon, Box, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Dayjs } from 'dayjs';
import { isMoney, showValue } from './calendar-values';

interface DayProps {
  d: Dayjs;
  /** The month shown: days of the months around it are dimmed. */
  month: Dayjs;
  today: string;
  events: CampaignSettingEvent[];
  onAdd: () => void;
  onOpen: (e: CampaignSettingEvent) => void;
}

/** One day cell of the calendar: its date, '+' on future days with fewer than 4 events, its events. */
export function CalendarDay({ d, month, today, events, onAdd, onOpen }: DayProps) {
  const key = d.format(FILTER_DATE_FORMAT);
  const inMonth = d.month() === month.month();
  const canAdd = key > today && events.length < CALENDAR_MAX_EVENTS_PER_DAY;
  return (
    <Paper
      withBorder
      p={4}
      radius="sm"
      mih={{ base: 70, sm: 104 }}
      bg={key === today ? 'var(--mantine-color-blue-light)' : inMonth ? undefined : 'var(--app-muted-bg)'}
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
            // 24 px: the smallest target WCAG 2.2 allows (2.5.8)
            size={24}
            variant="light"
            aria-label={`Add setting on ${d.format(DATE_FORMAT)}`}
            onClick={onAdd}
          >
            <IconPlus size={12} />
          </ActionIcon>
        ) : null}
      </Group>
      <Stack gap={2} mt={2}>
        {events.map((e) => (
          <UnstyledButton
            key={e.id}
            onClick={() => onOpen(e)}
            aria-label={`${e.name} ${showValue(e)}`}
            style={{ borderRadius: 4 }}
          >
            <Box
              px={4}
              bg={isMoney(e.type) ? 'var(--mantine-color-teal-light)' : 'var(--mantine-color-indigo-light)'}
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
}
