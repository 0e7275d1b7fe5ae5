import { type ChatPresenceEvent, type ChatTextEvent, TYPING_CLEAR_MS } from '@admin/contract';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { merge, type UiMessage } from './messages';
import { type ChatSocket, joinRequest } from './socket';
import type { Notice, Peer, SetState } from './use-dm-history';

interface LiveOptions {
  socket: ChatSocket | null;
  channel: string;
  meId: number | undefined;
  /** The first page is still loading: join once it is in. */
  loading: boolean;
  lastId: () => number;
  setMessages: SetState<UiMessage[]>;
  setNotices: SetState<Notice[]>;
  setPeer: SetState<Peer | null>;
}

/** The thread's live side: joins its channel and follows its events (messages, presence, typing, receipts). */
export function useDmLive({
  socket,
  channel,
  meId,
  loading,
  lastId,
  setMessages,
  setNotices,
  setPeer,
}: LiveOptions) {
  const [online, setOnline] = useState(false);
  const [typing, setTyping] = useState<string | null>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

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
  }, [socket, channel, lastId, setMessages]);

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
    const { onText, onJoin, onLeft, onTyping, onRead, onDelivered } = threadHandlers({
      channel,
      meId,
      setMessages,
      setNotices,
      setPeer,
      setOnline,
      setTyping,
      typingTimer,
    });
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
  }, [socket, channel, meId, join, setMessages, setNotices, setPeer]);

  return { online, typing };
}

interface HandlerOptions
  extends Pick<LiveOptions, 'channel' | 'meId' | 'setMessages' | 'setNotices' | 'setPeer'> {
  setOnline: SetState<boolean>;
  setTyping: SetState<string | null>;
  typingTimer: RefObject<ReturnType<typeof setTimeout> | undefined>;
}

/** The handlers of the thread's socket events; each ignores the events of other channels. */
function threadHandlers({
  channel,
  meId,
  setMessages,
  setNotices,
  setPeer,
  setOnline,
  setTyping,
  typingTimer,
}: HandlerOptions) {
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
    if (e.channel !== channel || e.user.id === meId) {
      return;
    }
    if (e.usertype === 'USER') {
      setOnline(true);
    }
    addNotice(`${e.user.name} joined`);
  };
  const onLeft = (e: ChatPresenceEvent) => {
    if (e.channel !== channel || e.user.id === meId) {
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
    if (e.channel !== channel || e.user.id === meId) {
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
  return { onText, onJoin, onLeft, onTyping, onRead, onDelivered };
}
