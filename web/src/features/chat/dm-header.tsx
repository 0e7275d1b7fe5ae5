import { Badge, Box, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { RelativeTime } from '../../ui/relative-time';
import { UserAvatar } from '../../ui/user-avatar';
import classes from './chat.module.css';
import type { Peer } from './use-dm-history';

interface HeaderProps {
  peer: Peer | null;
  online: boolean;
  connected: boolean;
  socketError: string | null;
}

/** The thread's header: the user, 'Last seen: ...', and the socket's state when it is not connected. */
export function DmHeader({ peer, online, connected, socketError }: HeaderProps) {
  const [, setTick] = useState(0);
  // 'Last seen: N minutes ago' keeps counting.
  useEffect(() => {
    const t = setInterval(() => setTick((n) => n + 1), 30_000);
    return () => clearInterval(t);
  }, []);

  return (
    <Group className={classes.header} justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <UserAvatar src={peer?.avatar} name={peer?.name} size={30} />
        <Box>
          <Text fw={600} lh={1.2}>
            {peer?.name}
          </Text>
          <Text size="xs" c="dimmed" data-testid="last-seen">
            Last seen: {online ? 'online now' : <RelativeTime value={peer?.last_seen} fallback="never" />}
          </Text>
        </Box>
      </Group>
      {socketError ? (
        <Badge color="red" variant="light">
          Offline
        </Badge>
      ) : !connected ? (
        <Badge color="gray" variant="light">
          Connecting…
        </Badge>
      ) : null}
    </Group>
  );
}
