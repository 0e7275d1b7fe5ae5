import {
  type ChatPresenceEvent,
  type ChatTextEvent,
  DIRECT_MESSAGE_PAGE,
  type DirectMessage,
  TEXTS,
  TYPING_CLEAR_MS,
  userChannel,
} from '@admin/contract';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconAlertCircle, IconCheck, IconChecks, IconClock, IconSend } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { calls } from '../../api/calls';
import { apiCall } from '../../api/client';
import { useSession } from '../../auth/session';
import { chatTime, relativeTime } from '../../lib/format';
import { ErrorAlert } from '../../ui/error-alert';
import { PageLoader } from '../../ui/page-loader';
import { UserAvatar } from '../../ui/user-avatar';
import classes from './chat.module.css';
import { merge, type UiMessage } from './messages';
import { joinRequest, useChatSocket } from './socket';

interface Notice {
  key: string;
  text: string;
  at: string;
}

type Peer = { id: number; name: string; username: string; avatar: string | null; last_seen: string | null };

const SEND_TIMEOUT_MS = 8000;

/** Profile tab 'Direct Message': the live staff <-> user thread (spec 01 section 2). */
export default function DirectMessageTab({ userId }: { userId: number }) {
  const session = useSession();
  const me = session?.user;
  const channel = userChannel(userId);
  const { socket, connected, error: socketError } = useChatSocket();

  const [messages, setMessages] = useState<UiMessage[]>([]);
  const [notices, setNotices] = useState<Notice[]>([]);
  const [peer, setPeer] = useState<Peer | null>(null);
  const [online, setOnline] = useState(false);
  const [hasOlder, setHasOlder] = useState(false);
  const [loading, setLoading] = useState(true);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [typing, setTyping] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [, setTick] = useState(0);

  const viewport = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastTypingSent = useRef(0);
  const messagesRef = useRef(messages);
  messagesRef.current = messages;

  const lastId = useCallback(
    () => messagesRef.current.reduce((max, m) => (m.pending === 0 && m.id > max ? m.id : max), 0),
    [],
  );

  const load = useCallback(async () => {
    setLoading(true);
    setLoadError(null);
    try {
      const res = await apiCall(calls.directMessages, {
        user_id: userId,
        page: 0,
        limit: DIRECT_MESSAGE_PAGE,
      });
      setPeer(res.user);
      setMessages((list) => merge(list, res.data));
      setHasOlder(res.total > res.data.length);
      stickToBottom.current = true;
    } catch (err) {
      setLoadError(err);
    } finally {
      setLoading(false);
    }
  }, [userId]);

  useEffect(() => {
    setMessages([]);
    setNotices([]);
    void load();
  }, [load]);

  // 'Last seen: N minutes ago' keeps counting.
  useEffect(() => {
    const t = setInterval(() => setTick((n) => n + 1), 30_000);
    return () => clearInterval(t);
  }, []);

  const loadOlder = useCallback(async () => {
    const oldest = messagesRef.current.find((m) => m.pending === 0);
    if (!oldest || loadingOlder) {
      return;
    }
    setLoadingOlder(true);
    const el = viewport.current;
    const before = el ? el.scrollHeight - el.scrollTop : 0;
    try {
      const res = await apiCall(calls.directMessages, {
        user_id: userId,
        page: 0,
        limit: DIRECT_MESSAGE_PAGE,
        before_id: oldest.id,
      });
      setMessages((list) => merge(list, res.data));
      setHasOlder(res.data.length === DIRECT_MESSAGE_PAGE);
      // Keep the message under the reader's eyes where it was.
      requestAnimationFrame(() => {
        if (el) {
          el.scrollTop = el.scrollHeight - before;
        }
      });
    } catch (err) {
      setLoadError(err);
    } finally {
      setLoadingOlder(false);
    }
  }, [userId, loadingOlder]);

  /** Joins the thread's channel; the ack brings whatever arrived after the newest message held. */
  const join = useCallback(() => {
    if (!socket) {
      return;
    }
    const since = lastId();
    socket.emit('join', joinRequest(socket, channel, since || undefined), (ack) => {
      if (ack.ok) {
        setOnline(ack.online);
        setMessages((list) =>
          merge(
            list,
            ack.missed.flatMap((e) => (e.kind === 'direct' ? [e.data] : [])),
          ),
        );
      }
    });
  }, [socket, channel, lastId]);

  // Once the first page is in, join again with its newest id: nothing sent in between is lost.
  useEffect(() => {
    if (!loading && socket?.connected) {
      join();
    }
  }, [loading, socket, join]);

  // Live events of this thread.
  useEffect(() => {
    if (!socket) {
      return;
    }
    const addNotice = (text: string) =>
      setNotices((list) => [
        ...list.slice(-20),
        { key: `n${Date.now()}${Math.random()}`, text, at: new Date().toISOString() },
      ]);
    const onText = (e: ChatTextEvent) => {
      if (e.channel !== channel || e.kind !== 'direct') {
        return;
      }
      setMessages((list) => merge(list, [e.data]));
      if (e.data.from === 'USER') {
        setTyping(null);
      }
    };
    const onJoin = (e: ChatPresenceEvent) => {
      if (e.channel !== channel || e.user.id === me?.id) {
        return;
      }
      if (e.usertype === 'USER') {
        setOnline(true);
      }
      addNotice(`${e.user.name} joined`);
    };
    const onLeft = (e: ChatPresenceEvent) => {
      if (e.channel !== channel || e.user.id === me?.id) {
        return;
      }
      if (e.usertype === 'USER') {
        setOnline(false);
        setPeer((p) => (p ? { ...p, last_seen: new Date().toISOString() } : p));
        setTyping(null);
      }
      addNotice(`${e.user.name} left`);
    };
    const onTyping = (e: ChatPresenceEvent & { typing: boolean }) => {
      if (e.channel !== channel || e.user.id === me?.id) {
        return;
      }
      clearTimeout(typingTimer.current);
      if (!e.typing) {
        setTyping(null);
        return;
      }
      setTyping(e.user.name);
      typingTimer.current = setTimeout(() => setTyping(null), TYPING_CLEAR_MS);
    };
    const onRead = (e: { channel: string; ids: number[]; read_at: string }) => {
      if (e.channel !== channel) {
        return;
      }
      const ids = new Set(e.ids);
      setMessages((list) =>
        list.map((m) => (ids.has(m.id) ? { ...m, status: 'read' as const, read_at: e.read_at } : m)),
      );
    };
    const onDelivered = (e: { channel: string; ids: number[]; delivered_at: string }) => {
      if (e.channel !== channel) {
        return;
      }
      const ids = new Set(e.ids);
      setMessages((list) => list.map((m) => (ids.has(m.id) ? { ...m, delivered_at: e.delivered_at } : m)));
    };
    socket.on('connect', join);
    socket.on('TEXT', onText);
    socket.on('join', onJoin);
    socket.on('user_left', onLeft);
    socket.on('typing', onTyping);
    socket.on('read', onRead);
    socket.on('delivered', onDelivered);
    if (socket.connected) {
      join();
    }
    return () => {
      socket.off('connect', join);
      socket.off('TEXT', onText);
      socket.off('join', onJoin);
      socket.off('user_left', onLeft);
      socket.off('typing', onTyping);
      socket.off('read', onRead);
      socket.off('delivered', onDelivered);
      clearTimeout(typingTimer.current);
      if (socket.connected) {
        socket.emit('leave', { channel });
      }
    };
  }, [socket, channel, me?.id, join]);

  // The user's messages on screen are read: tell the server (it tells the user's devices).
  const newestUnreadFromUser = useMemo(
    () =>
      messages.reduce((max, m) => (m.from === 'USER' && m.status === 'unread' && m.id > max ? m.id : max), 0),
    [messages],
  );
  useEffect(() => {
    if (socket && connected && newestUnreadFromUser > 0 && document.visibilityState !== 'hidden') {
      socket.emit('read', { channel, up_to_id: newestUnreadFromUser });
    }
  }, [socket, connected, channel, newestUnreadFromUser]);

  // Follow new messages while the reader is at the bottom.
  useEffect(() => {
    const el = viewport.current;
    if (el && stickToBottom.current && messages.length + notices.length >= 0) {
      el.scrollTop = el.scrollHeight;
    }
  }, [messages.length, notices.length]);

  const send = useCallback(
    async (text: string, timestamp: string) => {
      if (!me) {
        return;
      }
      const key = `p${timestamp}`;
      const draftMessage: UiMessage = {
        key,
        pending: 1,
        id: 0,
        user_id: userId,
        sender_id: me.id,
        sender_name: me.name,
        from: 'ADMIN',
        avatar: me.avatar,
        message: text,
        timestamp,
        created_at: timestamp,
        delivered_at: null,
        read_at: null,
        status: 'unread',
      };
      setMessages((list) => [...list.filter((m) => m.key !== key), draftMessage]);
      stickToBottom.current = true;
      try {
        let saved: DirectMessage;
        if (socket?.connected) {
          const ack = await socket.timeout(SEND_TIMEOUT_MS).emitWithAck('send_message', {
            to: userId,
            user: me.username,
            socket_id: socket.id,
            message: text,
            timestamp,
          });
          if (!ack.ok) {
            throw new Error(ack.error);
          }
          if (ack.data.kind !== 'direct') {
            throw new Error('Unexpected answer');
          }
          saved = ack.data.data;
        } else {
          saved = (await apiCall(calls.sendDirectMessage, { user_id: userId, message: text, timestamp }))
            .data;
        }
        setMessages((list) =>
          merge(
            list.filter((m) => m.key !== key),
            [saved],
          ),
        );
      } catch {
        setMessages((list) => list.map((m) => (m.key === key ? { ...m, pending: 2 } : m)));
      }
    },
    [socket, me, userId],
  );

  const submit = () => {
    const text = draft.trim();
    if (!text) {
      return;
    }
    setDraft('');
    socket?.emit('typing', { channel, typing: false });
    void send(text, new Date().toISOString());
  };

  const onDraftChange = (value: string) => {
    setDraft(value);
    const now = Date.now();
    if (socket?.connected && value && now - lastTypingSent.current > 400) {
      lastTypingSent.current = now;
      socket.emit('typing', { channel, typing: true });
    }
  };

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

  if (loading && messages.length === 0) {
    return <PageLoader />;
  }
  if (loadError && !peer) {
    return <ErrorAlert error={loadError} onRetry={() => void load()} />;
  }

  return (
    <Paper withBorder radius="md" className={classes.dm}>
      <Group className={classes.header} justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <UserAvatar src={peer?.avatar} name={peer?.name} size={30} />
          <Box>
            <Text fw={600} lh={1.2}>
              {peer?.name}
            </Text>
            <Text size="xs" c="dimmed" data-testid="last-seen">
              Last seen: {online ? 'online now' : peer?.last_seen ? relativeTime(peer.last_seen) : 'never'}
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
      <ScrollArea
        className={classes.history}
        viewportRef={viewport}
        onScrollPositionChange={({ y }) => {
          const el = viewport.current;
          if (el) {
            stickToBottom.current = el.scrollHeight - el.clientHeight - y < 60;
          }
          if (y < 40 && hasOlder && !loadingOlder) {
            void loadOlder();
          }
        }}
      >
        <Stack gap={6} p="sm" role="log" aria-label="Messages" aria-live="polite">
          {loadingOlder ? (
            <Center>
              <Loader size="xs" />
            </Center>
          ) : hasOlder ? (
            <Center>
              <Button size="compact-xs" variant="subtle" onClick={() => void loadOlder()}>
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
                <MessageBubble
                  key={item.m.key}
                  m={item.m}
                  onRetry={() => void send(item.m.message, item.m.timestamp ?? item.m.created_at)}
                />
              ),
            )
          )}
        </Stack>
      </ScrollArea>
      <Box className={classes.typing} aria-live="polite">
        {typing ? `${typing} is typing...` : null}
      </Box>
      <Group className={classes.composer} gap="xs" wrap="nowrap">
        <TextInput
          className={classes.input}
          placeholder="Enter your message here..."
          aria-label="Message"
          value={draft}
          maxLength={5000}
          onChange={(e) => onDraftChange(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
        />
        <Button onClick={submit} disabled={!draft.trim()} leftSection={<IconSend size={16} />}>
          Send
        </Button>
      </Group>
    </Paper>
  );
}

function MessageBubble({ m, onRetry }: { m: UiMessage; onRetry: () => void }) {
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
