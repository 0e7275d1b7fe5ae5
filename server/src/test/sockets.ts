import type { AddressInfo } from 'node:net';
import type { ChatClientEvents, ChatServerEvents } from '@admin/contract';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { setupTestApp, type TestEnv } from './harness';

export type TestSocket = Socket<ChatServerEvents, ChatClientEvents>;

export interface SocketAuth {
  token: string;
  username: string;
  usertype: 'ADMIN' | 'USER';
}

/**
 * A test file's app listening on a free port for real socket.io clients: started before the file,
 * the sockets a test opened closed after it, the app closed after the file. `env()` is the app.
 */
export function socketTestApp() {
  let env: TestEnv | undefined;
  let url = '';
  const open: TestSocket[] = [];
  beforeAll(async () => {
    env = await setupTestApp();
    await env.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(env.app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    for (const s of open.splice(0)) {
      s.disconnect();
    }
  });
  afterAll(async () => {
    await env?.close();
  });
  return {
    env: () => env as TestEnv,
    /** A socket connected with `auth`; rejects with the handshake's error. */
    async connect(auth: SocketAuth): Promise<TestSocket> {
      const socket: TestSocket = connectClient(url, {
        path: '/socket.io',
        transports: ['websocket'],
        auth,
        forceNew: true,
        reconnection: false,
      });
      open.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return socket;
    },
  };
}
