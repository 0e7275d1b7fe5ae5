import { userChannel } from '@admin/contract';
import { Box, Paper, ScrollArea } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useSession } from '../../auth/session';
import { ErrorAlert } from '../../ui/error-alert';
import { PageLoader } from '../../ui/page-loader';
import classes from './chat.module.css';
import { DmComposer } from './dm-composer';
import { DmHeader } from './dm-header';
import { DmStream } from './dm-stream';
import { useChatSocket } from './socket';
import { useDmHistory } from './use-dm-history';
import { useDmLive } from './use-dm-live';
import { useDmSend } from './use-dm-send';

/** Profile tab 'Direct Message': the live staff <-> user thread (spec 01 section 2). */
export default function DirectMessageTab({ userId }: { userId: number }) {
  const session = useSession();
  const me = session?.user;
  const channel = userChannel(userId);
  const { socket, connected, error: socketError } = useChatSocket();
  const history = useDmHistory(userId);
  const { messages, notices, peer, viewport, stickToBottom, setMessages, loadOlder } = history;
  const { online, typing } = useDmLive({
    socket,
    channel,
    meId: me?.id,
    loading: history.loading,
    lastId: history.lastId,
    setMessages,
    setNotices: history.setNotices,
    setPeer: history.setPeer,
  });

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
  }, [messages.length, notices.length, viewport, stickToBottom]);

  const send = useDmSend({ socket, me, userId, setMessages, stickToBottom });

  if (history.loading && messages.length === 0) {
    return <PageLoader />;
  }
  if (history.loadError && !peer) {
    return <ErrorAlert error={history.loadError} onRetry={() => void history.load()} />;
  }

  return (
    <Paper withBorder radius="md" className={classes.dm}>
      <DmHeader peer={peer} online={online} connected={connected} socketError={socketError} />
      <ScrollArea
        className={classes.history}
        viewportRef={viewport}
        onScrollPositionChange={({ y }) => {
          const el = viewport.current;
          if (el) {
            stickToBottom.current = el.scrollHeight - el.clientHeight - y < 60;
          }
          if (y < 40 && history.hasOlder && !history.loadingOlder) {
            void loadOlder();
          }
        }}
      >
        <DmStream
          messages={messages}
          notices={notices}
          hasOlder={history.hasOlder}
          loadingOlder={history.loadingOlder}
          onOlder={() => void loadOlder()}
          onRetry={(m) => void send(m.message, m.timestamp ?? m.created_at)}
        />
      </ScrollArea>
      <Box className={classes.typing} aria-live="polite">
        {typing ? `${typing} is typing...` : null}
      </Box>
      <DmComposer
        socket={socket}
        channel={channel}
        onSend={(text) => void send(text, new Date().toISOString())}
      />
    </Paper>
  );
}
