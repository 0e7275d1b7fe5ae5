import type { ChatClientEvents, ChatServerEvents, ChatTextEvent } from '@admin/contract';
import { io as connectClient, type Socket } from 'socket.io-client';

type Client = Socket<ChatServerEvents, ChatClientEvents>;

/** A chat client that reconnects like the web app's and remembers every message it received. */
export function chatClient(
  url: string,
  auth: { token: string; username: string; usertype: 'ADMIN' | 'USER' },
  opts: { reconnection?: boolean; headers?: Record<string, string> } = {},
) {
  const socket: Client = connectClient(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth,
    extraHeaders: opts.headers,
    forceNew: true,
    reconnection: opts.reconnection ?? true,
    reconnectionDelay: 200,
    reconnectionDelayMax: 1000,
    // At-least-once sends: an unacknowledged emit is sent again (the server dedupes by timestamp).
    ackTimeout: 2000,
    retries: 20,
  });
  const received: ChatTextEvent[] = [];
  socket.on('TEXT', (e) => received.push(e));
  let connects = 0;
  socket.on('connect', () => {
    connects += 1;
  });
  const connected = () =>
    new Promise<void>((resolve, reject) => {
      if (socket.connected) {
        resolve();
        return;
      }
      socket.once('connect', () => resolve());
      socket.once('connect_error', (e) => (opts.reconnection === false ? reject(e) : undefined));
    });
  return {
    socket,
    received,
    connects: () => connects,
    connected,
    /** Joins a channel; with `since`, the ack's missed messages count as received. */
    async join(channel: string, since?: number) {
      const ack = (await socket.emitWithAck('join', { channel, since })) as {
        ok: boolean;
        missed?: ChatTextEvent[];
        error?: string;
      };
      if (!ack.ok) {
        throw new Error(`join refused: ${ack.error}`);
      }
      received.push(...(ack.missed ?? []));
      return ack;
    },
    async send(to: number | string, message: string) {
      const ack = (await socket.emitWithAck('send_message', { to, message, timestamp: message })) as {
        ok: boolean;
        error?: string;
        data?: ChatTextEvent;
      };
      if (!ack.ok) {
        throw new Error(`send refused: ${ack.error}`);
      }
      return ack.data as ChatTextEvent;
    },
    close: () => socket.disconnect(),
  };
}
