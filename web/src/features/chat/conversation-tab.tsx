import { type ChatMessage, type ChatRoom, type ChatTextEvent, roomChannel, TEXTS } from '@admin/contract';
import {
  Anchor,
  Box,
  Button,
  Center,
  Grid,
  Group,
  Image,
  Pagination,
  Paper,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { calls } from '../../api/calls';
import { apiCall } from '../../api/client';
import { callKey, useApiQuery } from '../../api/hooks';
import { useCan } from '../../auth/can';
import { chatTime } from '../../lib/format';
import { paths } from '../../paths';
import { ErrorAlert } from '../../ui/error-alert';
import { PageLoader } from '../../ui/page-loader';
import { UserAvatar } from '../../ui/user-avatar';
import classes from './chat.module.css';
import { roomPreview, roomTitle } from './messages';
import { PostCarousel } from './post-carousel';
import { RequestAccessPanel } from './request-access-panel';
import { joinRequest, useChatSocket } from './socket';

const ROOMS_PAGE = 10;
const MESSAGES_PAGE = 20;

/** Profile tab 'Conversation': the user's chat rooms and their messages (spec 01 section 2). */
export default function ConversationTab({ userId }: { userId: number }) {
  const allowed = useCan('conversation');
  if (!allowed) {
    return <RequestAccessPanel />;
  }
  return <Conversations key={userId} userId={userId} />;
}

function Conversations({ userId }: { userId: number }) {
  const mobile = useMediaQuery('(max-width: 991px)');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ChatRoom | null>(null);
  const rooms = useApiQuery(calls.chatRooms, { user_id: userId, page: page - 1, page_limit: ROOMS_PAGE });

  if (rooms.isPending) {
    return <PageLoader />;
  }
  if (rooms.isError && !rooms.data) {
    return <ErrorAlert error={rooms.error} onRetry={() => void rooms.refetch()} />;
  }
  const list = rooms.data?.data ?? [];
  const total = rooms.data?.total ?? 0;
  if (total === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Text c="dimmed" ta="center">
          {TEXTS.noConversationRoom}
        </Text>
      </Paper>
    );
  }

  const roomList = (
    <Paper withBorder radius="md">
      <ScrollArea className={classes.rooms}>
        <Stack gap={2} p={4} role="list" aria-label="Chat rooms">
          {list.map((room) => (
            <UnstyledButton
              key={room.id}
              role="listitem"
              className={clsx(classes.room, selected?.id === room.id && classes.roomActive)}
              onClick={() => setSelected(room)}
              aria-current={selected?.id === room.id ? 'true' : undefined}
            >
              <Text fw={600} size="sm" truncate>
                {roomTitle(room, userId)}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {roomPreview(room)}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      </ScrollArea>
      {total > ROOMS_PAGE ? (
        <Center p="xs">
          <Pagination size="sm" total={Math.ceil(total / ROOMS_PAGE)} value={page} onChange={setPage} />
        </Center>
      ) : null}
    </Paper>
  );

  const chat = selected ? (
    <RoomMessages
      key={selected.id}
      userId={userId}
      room={selected}
      onBack={mobile ? () => setSelected(null) : undefined}
    />
  ) : (
    <Paper withBorder radius="md" p="xl">
      <Text c="dimmed" ta="center">
        Pick a room on the left to read its messages.
      </Text>
    </Paper>
  );

  if (mobile) {
    // xs, sm and md: the rooms and the chat take turns, with a Back bar on the chat.
    return selected ? chat : roomList;
  }
  return (
    <Grid gap="md">
      <Grid.Col span={4}>{roomList}</Grid.Col>
      <Grid.Col span={8}>{chat}</Grid.Col>
    </Grid>
  );
}

function RoomMessages({ userId, room, onBack }: { userId: number; room: ChatRoom; onBack?: () => void }) {
  const canProfile = useCan('user_profile');
  const { socket } = useChatSocket();
  const [live, setLive] = useState<ChatMessage[]>([]);
  const input = { user_id: userId, room_id: room.id, page: 0, page_limit: MESSAGES_PAGE };
  const query = useInfiniteQuery({
    queryKey: [...callKey(calls.chatMessages, input), 'infinite'],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      apiCall(calls.chatMessages, { ...input, page: pageParam }, { signal }),
    getNextPageParam: (last, all) => (all.length * MESSAGES_PAGE < last.total ? all.length : undefined),
  });

  // New messages of the room while it is open.
  useEffect(() => {
    if (!socket) {
      return;
    }
    const channel = roomChannel(room.id);
    const join = () => socket.emit('join', joinRequest(socket, channel));
    const onText = (e: ChatTextEvent) => {
      if (e.channel === channel && e.kind === 'room') {
        const message = e.data;
        setLive((list) => (list.some((m) => m.id === message.id) ? list : [...list, message]));
      }
    };
    socket.on('connect', join);
    socket.on('TEXT', onText);
    if (socket.connected) {
      join();
    }
    return () => {
      socket.off('connect', join);
      socket.off('TEXT', onText);
      if (socket.connected) {
        socket.emit('leave', { channel });
      }
    };
  }, [socket, room.id]);

  const messages = useMemo(() => {
    const pages = query.data?.pages ?? [];
    const stored = [...pages].reverse().flatMap((p) => p.data);
    const ids = new Set(stored.map((m) => m.id));
    return [...stored, ...live.filter((m) => !ids.has(m.id))];
  }, [query.data, live]);

  // Open at the newest message, and follow new ones; loading older pages keeps the reader's place.
  const viewport = useRef<HTMLDivElement>(null);
  const newestId = messages.length ? messages[messages.length - 1].id : 0;
  useEffect(() => {
    const el = viewport.current;
    if (el && newestId) {
      el.scrollTop = el.scrollHeight;
    }
  }, [newestId]);

  return (
    <Paper withBorder radius="md">
      {onBack ? (
        <Group className={classes.backBar} gap="xs" wrap="nowrap">
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconArrowLeft size={16} />}
            onClick={onBack}
          >
            Back
          </Button>
          <Text fw={600} size="sm" truncate>
            {roomTitle(room, userId)}
          </Text>
        </Group>
      ) : (
        <Box className={classes.backBar}>
          <Text fw={600} size="sm" truncate>
            {roomTitle(room, userId)}
          </Text>
        </Box>
      )}
      <ScrollArea className={classes.roomMessages} viewportRef={viewport}>
        {query.isPending ? (
          <PageLoader />
        ) : query.isError ? (
          <Box p="sm">
            <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
          </Box>
        ) : messages.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {TEXTS.noMessage}
          </Text>
        ) : (
          <Stack gap="sm" p="sm" role="log" aria-label="Conversation messages">
            {query.hasNextPage ? (
              <Center>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  loading={query.isFetchingNextPage}
                  onClick={() => void query.fetchNextPage()}
                >
                  Older messages
                </Button>
              </Center>
            ) : null}
            {messages.map((m) => (
              <RoomMessage key={m.id} m={m} canProfile={canProfile} />
            ))}
          </Stack>
        )}
      </ScrollArea>
    </Paper>
  );
}

function RoomMessage({ m, canProfile }: { m: ChatMessage; canProfile: boolean }) {
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap" data-testid="room-message" data-type={m.type}>
      <UserAvatar src={m.sender.avatar} name={m.sender.username} size={30} style={{ flexShrink: 0 }} />
      <Box miw={0} style={{ flex: 1 }}>
        <Group gap="xs">
          {canProfile ? (
            <Anchor component={Link} to={paths.userProfile(m.sender.id)} size="sm" fw={600}>
              {m.sender.username}
            </Anchor>
          ) : (
            <Text size="sm" fw={600}>
              {m.sender.username}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {chatTime(m.updated_at)}
          </Text>
        </Group>
        <MessageBody m={m} />
      </Box>
    </Group>
  );
}

function MessageBody({ m }: { m: ChatMessage }) {
  switch (m.type) {
    case 'AUDIO':
      return m.media ? (
        // biome-ignore lint/a11y/useMediaCaption: user voice messages have no captions
        <audio controls src={m.media} aria-label="Audio message" preload="none" />
      ) : null;
    case 'IMAGE':
      return m.media ? <Image src={m.media} alt="Image message" className={classes.media} /> : null;
    case 'VIDEO':
      return m.media ? (
        // biome-ignore lint/a11y/useMediaCaption: user videos have no captions
        <video
          controls
          src={m.media}
          className={classes.media}
          aria-label="Video message"
          preload="metadata"
        />
      ) : null;
    case 'POST':
      return (
        <Stack gap={4}>
          {m.message ? (
            <Text size="sm" className={classes.text}>
              {m.message}
            </Text>
          ) : null}
          {m.post?.post_meta.length ? <PostCarousel media={m.post.post_meta} title={m.post.title} /> : null}
        </Stack>
      );
    default:
      return (
        <Text size="sm" className={classes.text}>
          {m.message}
        </Text>
      );
  }
}
