import { TEXTS } from '@admin/contract';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import classes from './chat.module.css';
import { MessageBubble } from './dm-bubble';
import type { UiMessage } from './messages';
import type { Notice } from './use-dm-history';

interface StreamProps {
  messages: UiMessage[];
  notices: Notice[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onOlder: () => void;
  onRetry: (m: UiMessage) => void;
}

/** The thread's messages and notices in time order, under 'Older messages' while there are more. */
export function DmStream({ messages, notices, hasOlder, loadingOlder, onOlder, onRetry }: StreamProps) {
  const stream = useMemo(() => {
    const items: (
      | { type: 'message'; m: UiMessage; at: string }
      | { type: 'notice'; n: Notice; at: string }
    )[] = [
      ...messages.map((m) => ({ type: 'message' as const, m, at: m.created_at })),
      ...notices.map((n) => ({ type: 'notice' as const, n, at: n.at })),
    ];
    return items.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  }, [messages, notices]);

  return (
    <Stack gap={6} p="sm" role="log" aria-label="Messages" aria-live="polite">
      {loadingOlder ? (
        <Center>
          <Loader size="xs" />
        </Center>
      ) : hasOlder ? (
        <Center>
          <Button size="compact-xs" variant="subtle" onClick={onOlder}>
            Older messages
          </Button>
        </Center>
      ) : null}
      {stream.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {TEXTS.noDirectConversation}
        </Text>
      ) : (
        stream.map((item) =>
          item.type === 'notice' ? (
            <Text key={item.n.key} size="xs" c="dimmed" ta="center" className={classes.notice}>
              {item.n.text}
            </Text>
          ) : (
            <MessageBubble key={item.m.key} m={item.m} onRetry={() => onRetry(item.m)} />
          ),
        )
      )}
    </Stack>
  );
}
