import { Group, Loader, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useServerUnreachable } from '../api/connection';
import classes from './connection-banner.module.css';

/**
 * A banner across the top while the server cannot be reached; when it answers again the banner
 * goes and the screens' failed calls are asked again.
 */
export function ConnectionBanner() {
  const down = useServerUnreachable();
  const queryClient = useQueryClient();
  const wasDown = useRef(false);
  useEffect(() => {
    if (wasDown.current && !down) {
      void queryClient.refetchQueries({ type: 'active', predicate: (q) => q.state.status === 'error' });
    }
    wasDown.current = down;
  }, [down, queryClient]);
  if (!down) {
    return null;
  }
  return (
    <div className={classes.banner} role="alert" data-testid="connection-banner">
      <Group gap="xs" justify="center" wrap="nowrap">
        <Loader size={14} color="white" />
        <Text size="sm" fw={600} c="white">
          The server cannot be reached. Checking again every few seconds…
        </Text>
      </Group>
    </div>
  );
}
