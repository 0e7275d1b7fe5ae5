import type { AddressInfo } from 'node:net';
import type {
  ChatAck,
  ChatClientEvents,
  ChatJoinAck,
  ChatPresenceEvent,
  ChatServerEvents,
} from '@admin/contract';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../modules/auth/sessions';
import { makeUser, setupTestApp, type TestEnv } from '../test/harness';

type Client = Socket<ChatServerEvents, ChatClientEvents>;

let env: TestEnv;
let url: string;
const open: Client[] = [];
beforeAll(async () => {
  env = await setupTestApp();
  await env.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(env.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of open) {
    s.disconnect();
  }
  await env?.close();
});

function connect(auth: Record<string, unknown>): Promise<Client> {
  const socket: Client = connectClient(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth,
    forceNew: true,
    reconnection: false,
  });
  open.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

describe('join carries the spec fields (spec 01 section 7: join (channel, user, token, usertype))', () => {
  it('accepts them, and the handshake stays authoritative whatever they say', async () => {
    const user = await makeUser(env.db, { platform: true });
    const userToken = await createSession(env.db, user.id, 'user');
    const staff = await makeUser(env.db, { permissions: ['user_profile'] });
    const boss = await makeUser(env.db, { superAdmin: true });
    const channel = `user:${user.id}`;
    const u = await connect({ token: userToken, username: user.username, usertype: 'USER' });
    const s = await connect({ token: staff.token, username: staff.username, usertype: 'ADMIN' });

    const seen = new Promise<ChatPresenceEvent>((resolve) => u.once('join', resolve));
    const own = (await s.emitWithAck('join', {
      channel,
      user: staff.username,
      token: staff.token,
      usertype: 'ADMIN',
    })) as ChatAck<ChatJoinAck>;
    expect(own).toMatchObject({ ok: true, channel });
    // Another person's name and token in the payload change nothing: the presence is the handshake's.
    expect(await seen).toMatchObject({
      channel,
      usertype: 'ADMIN',
      user: { id: staff.id, username: staff.username },
    });

    const noPermission = await makeUser(env.db, { permissions: ['users_list'] });
    const n = await connect({
      token: noPermission.token,
      username: noPermission.username,
      usertype: 'ADMIN',
    });
    const borrowed = (await n.emitWithAck('join', {
      channel,
      user: boss.username,
      token: boss.token,
      usertype: 'ADMIN',
    })) as ChatAck<ChatJoinAck>;
    expect(borrowed.ok).toBe(false);
  });
});
