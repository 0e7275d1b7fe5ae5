import {
  type ChatClientEvents,
  type ChatHandshakeAuth,
  type ChatJoinRequest,
  type ChatServerEvents,
  REALTIME_PATH,
} from '@admin/contract';
import { useEffect, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { useSession } from '../../auth/session';

export type ChatSocket = Socket<ChatServerEvents, ChatClientEvents>;

/** One socket per signed-in staff member, shared by the chat tabs that are open (reference counted). */
let shared: { socket: ChatSocket; token: string; users: number } | null = null;

function acquire(token: string, username: string): ChatSocket {
  if (shared && shared.token !== token) {
    shared.socket.disconnect();
    shared = null;
  }
  if (!shared) {
    const socket: ChatSocket = io({
      path: REALTIME_PATH,
      // Browsers cannot set headers on a WebSocket: the handshake carries them in the auth payload.
      auth: { token, username, usertype: 'ADMIN' },
      transports: ['websocket', 'polling'],
      reconnectionDelay: 500,
      reconnectionDelayMax: 5000,
    });
    shared = { socket, token, users: 0 };
  }
  shared.users += 1;
  return shared.socket;
}

/**
 * A join with the spec's fields (spec 01 section 7: join (channel, user, token, usertype)), taken
 * from the socket's own handshake, which stays authoritative (docs/realtime.md).
 */
export function joinRequest(socket: ChatSocket, channel: string, since?: number): ChatJoinRequest {
  const auth = socket.auth as Partial<ChatHandshakeAuth>;
  return { channel, user: auth.username, token: auth.token, usertype: auth.usertype, since };
}

function release(socket: ChatSocket) {
  if (shared?.socket !== socket) {
    socket.disconnect();
    return;
  }
  shared.users -= 1;
  if (shared.users <= 0) {
    shared.socket.disconnect();
    shared = null;
  }
}

export interface ChatConnection {
  socket: ChatSocket | null;
  connected: boolean;
  /** The handshake's refusal, e.g. an expired session. */
  error: string | null;
}

/** The staff member's chat socket while the calling component is mounted. */
export function useChatSocket(): ChatConnection {
  const session = useSession();
  const token = session?.token;
  const username = session?.user.username;
  const [state, setState] = useState<ChatConnection>({ socket: null, connected: false, error: null });

  useEffect(() => {
    if (!token || !username) {
      return;
    }
    const socket = acquire(token, username);
    const update = (error: string | null = null) => setState({ socket, connected: socket.connected, error });
    const onConnect = () => update();
    const onDisconnect = () => update();
    const onError = (err: Error) => update(err.message);
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onError);
    update();
    return () => {
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onError);
      release(socket);
      setState({ socket: null, connected: false, error: null });
    };
  }, [token, username]);

  return state;
}
