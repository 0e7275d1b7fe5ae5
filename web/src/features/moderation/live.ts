import {
  type ChatClientEvents,
  type ChatServerEvents,
  type ModerationEvent,
  REALTIME_PATH,
} from '@admin/contract';
import { useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { useSession } from '../../auth/session';

type DeskSocket = Socket<ChatServerEvents, ChatClientEvents>;

/**
 * The desk's live feed: a socket that joins the moderation room (the server checks
 * moderation_desk) and hands every event to `onEvent`. Answers whether it is connected.
 */
export function useModerationLive(onEvent: (e: ModerationEvent) => void): boolean {
  const session = useSession();
  const token = session?.token;
  const username = session?.user.username;
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!token || !username) {
      return;
    }
    const socket: DeskSocket = io({
      path: REALTIME_PATH,
      auth: { token, username, usertype: 'ADMIN' },
      transports: ['websocket', 'polling'],
      reconnectionDelay: 500,
      reconnectionDelayMax: 5000,
    });
    // (Re)joined on every connect: a reconnect lands on a fresh socket without rooms.
    socket.on('connect', () => {
      socket.emit('moderation_watch', {}, (ack) => setLive(ack.ok));
    });
    socket.on('disconnect', () => setLive(false));
    socket.on('moderation', (e) => handler.current(e));
    return () => {
      socket.disconnect();
      setLive(false);
    };
  }, [token, username]);
  return live;
}
