import { type ChatClientEvents, type ChatServerEvents, REALTIME_PATH } from '@admin/contract';
import { useEffect, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { useSession } from '../auth/session';

export type ChatSocket = Socket<ChatServerEvents, ChatClientEvents>;

/**
 * One socket per signed-in staff member and browser tab, shared by whatever needs it (chat tabs, the
 * shell's access-request count), reference counted: the server allows a few sockets per person.
 * Import it only from lazily loaded code: socket.io-client stays out of the first download.
 */
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

/** The staff member's socket while the calling component is mounted. */
export function useStaffSocket(): ChatConnection {
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
