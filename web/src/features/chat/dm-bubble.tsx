import { ActionIcon, Box, Group, Text, Tooltip } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconChecks, IconClock } from '@tabler/icons-react';
import { chatTime } from '../../lib/format';
import { UserAvatar } from '../../ui/user-avatar';
import classes from './chat.module.css';
import type { UiMessage } from './messages';

/** One message of the direct thread: staff's on the right, the user's on the left with the avatar. */
export function MessageBubble({ m, onRetry }: { m: UiMessage; onRetry: () => void }) {
  const mine = m.from === 'ADMIN';
  return (
    <Group
      justify={mine ? 'flex-end' : 'flex-start'}
      align="flex-end"
      gap={6}
      wrap="nowrap"
      data-testid="dm-message"
      data-status={m.pending === 1 ? 'pending' : m.pending === 2 ? 'failed' : m.status}
    >
      {!mine ? <UserAvatar src={m.avatar} name={m.sender_name} size={30} /> : null}
      <Box className={mine ? classes.bubbleMine : classes.bubbleTheirs}>
        {mine ? (
          <Text size="xs" fw={600} c="dimmed">
            {m.sender_name}
          </Text>
        ) : null}
        <Text size="sm" className={classes.text}>
          {m.message}
        </Text>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {chatTime(m.created_at)}
          </Text>
          <StatusIcon m={m} onRetry={onRetry} />
        </Group>
      </Box>
    </Group>
  );
}

function StatusIcon({ m, onRetry }: { m: UiMessage; onRetry: () => void }) {
  if (m.pending === 1) {
    return <IconClock size={14} aria-label="Sending" color="var(--mantine-color-gray-6)" />;
  }
  if (m.pending === 2) {
    return (
      <Tooltip label={`Not sent (${chatTime(m.timestamp ?? m.created_at)}). Click to retry`}>
        <ActionIcon
          size="xs"
          variant="transparent"
          color="red"
          onClick={onRetry}
          aria-label="Not sent. Retry"
        >
          <IconAlertCircle size={14} />
        </ActionIcon>
      </Tooltip>
    );
  }
  return m.status === 'read' ? (
    <IconChecks size={14} aria-label="Read" color="var(--mantine-color-blue-6)" />
  ) : (
    <IconCheck size={14} aria-label="Unread" color="var(--mantine-color-gray-6)" />
  );
}
