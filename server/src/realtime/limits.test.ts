import type { AddressInfo } from 'node:net';
import type { ChatAck, ChatClientEvents, ChatServerEvents } from '@admin/contract';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { directMessages } from '../db/schema';
import { createSession } from '../modules/auth/sessions';
import { createRedisClients } from '../providers/redis';
import { makeUser, setupTestApp, type TestEnv } from '../test/harness';
import { createChatLimiter, MAX_SOCKETS_PER_USER } from './limits';

type Client = Socket<ChatServerEvents, ChatClientEvents>;

let env: TestEnv;
let url: string;
const open: Client[] = [];
let lastOctet = 1;
/** Each connection comes from an address of its own unless told (the app trusts 127.0.0.1 as a proxy). */
const nextAddress = () => `198.51.100.${lastOctet++}`;

beforeAll(async () => {
  env = await setupTestApp({ env: { RATE_LIMIT_CHAT_HANDSHAKE: '8', TRUST_PROXY: '127.0.0.1' } });
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

function client(auth: Record<string, unknown>, address = nextAddress()): Client {
  const socket: Client = connectClient(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth,
    extraHeaders: { 'x-forwarded-for': address },
    forceNew: true,
    reconnection: false,
    autoConnect: false,
  });
  open.push(socket);
  return socket;
}

const outcome = (socket: Client) =>
  new Promise<{ ok: true } | { ok: false; message: string; code?: number }>((resolve) => {
    socket.once('connect', () => resolve({ ok: true }));
    socket.once('connect_error', (e: Error & { data?: { code: number } }) =>
      resolve({ ok: false, message: e.message, code: e.data?.code }),
    );
    socket.connect();
  });

async function platformUser() {
  const made = await makeUser(env.db, { platform: true });
  const token = await createSession(env.db, made.id, 'user');
  const auth = { token, username: made.username, usertype: 'USER' };
  const connect = async () => {
    const s = client(auth);
    expect(await outcome(s)).toEqual({ ok: true });
    return s;
  };
  return { ...made, auth, connect };
}

describe('chat limits per user (issue 32)', () => {
  it('counts messages per user over all their sockets, not per socket', async () => {
    const user = await platformUser();
    const sockets = [await user.connect(), await user.connect(), await user.connect()];
    const answers: ChatAck<object>[] = [];
    for (let i = 0; i < 24; i++) {
      answers.push(
        await sockets[i % 3].emitWithAck('send_message', { to: `user:${user.id}`, message: `flood ${i}` }),
      );
    }
    expect(answers.filter((a) => a.ok)).toHaveLength(20);
    expect(answers[20]).toEqual({ ok: false, error: 'Too many messages. Please slow down' });
    const rows = await env.db.select().from(directMessages).where(eq(directMessages.userId, user.id));
    expect(rows).toHaveLength(20);
  });

  it(`opens at most ${MAX_SOCKETS_PER_USER} sockets per user, in parallel too`, async () => {
    const user = await platformUser();
    const sockets = Array.from({ length: 12 }, () => client(user.auth));
    const results = await Promise.all(sockets.map(outcome));
    // Parallel handshakes may all pass the count; the newest past the limit are then closed.
    await vi.waitFor(() => expect(sockets.filter((s) => s.connected)).toHaveLength(MAX_SOCKETS_PER_USER), {
      timeout: 10_000,
      interval: 50,
    });
    const refused = results.filter((r) => !r.ok);
    for (const r of refused) {
      expect(r).toMatchObject({
        code: 429,
        message: 'Too many open chat connections (at most 5 per account)',
      });
    }
    const late = await outcome(client(user.auth));
    expect(late).toEqual({
      ok: false,
      code: 429,
      message: 'Too many open chat connections (at most 5 per account)',
    });
  });

  it('limits typing, join and read per user', async () => {
    const user = await platformUser();
    const [a, b] = [await user.connect(), await user.connect()];
    const channel = `user:${user.id}`;
    const burst = async (event: 'typing' | 'join' | 'read', n: number, payload: object) => {
      const out: ChatAck<object>[] = [];
      for (let i = 0; i < n; i++) {
        out.push(await (i % 2 ? a : b).emitWithAck(event, payload as never));
      }
      return out;
    };
    const typing = await burst('typing', 31, { channel });
    expect(typing.slice(0, 30).every((t) => t.ok)).toBe(true);
    expect(typing[30]).toEqual({ ok: false, error: 'Too many typing events. Please slow down' });
    const joins = await burst('join', 21, { channel });
    expect(joins.slice(0, 20).every((t) => t.ok)).toBe(true);
    expect(joins[20]).toEqual({ ok: false, error: 'Too many joins. Please slow down' });
    const reads = await burst('read', 31, { channel, up_to_id: 1 });
    expect(reads[30]).toEqual({ ok: false, error: 'Too many read receipts. Please slow down' });
  });

  it('counts handshakes per client address, bad tokens included', async () => {
    const user = await platformUser();
    const answers = [];
    for (let i = 0; i < 9; i++) {
      const bad = { token: `not-a-token-${i}`, username: user.username, usertype: 'USER' };
      answers.push(await outcome(client(bad, '203.0.113.7')));
    }
    expect(answers.slice(0, 8).every((a) => !a.ok && a.code === 401)).toBe(true);
    expect(answers[8]).toEqual({
      ok: false,
      code: 429,
      message: 'Too many connection attempts. Please try again in a minute',
    });
    // Even a good token from that address waits; another address is not held up by it.
    expect(await outcome(client(user.auth, '203.0.113.7'))).toMatchObject({ ok: false, code: 429 });
    expect(await outcome(client(user.auth, '203.0.113.8'))).toEqual({ ok: true });
  });
});

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const r = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 });
  r.on('error', () => {});
  try {
    await r.connect();
    await r.ping();
    return true;
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

describe.skipIf(!(await redisAnswers()))('with REDIS_URL', () => {
  it('two processes share one count', async () => {
    const config = loadConfig({
      ...process.env,
      REDIS_URL,
      DATA_DIR: `/tmp/limits-${Date.now()}`,
      LOG_LEVEL: 'silent',
    });
    const log = { warn() {} } as never;
    // Two processes: each its own connections, as deps.ts builds them.
    const clients = [createRedisClients(REDIS_URL, log), createRedisClients(REDIS_URL, log)];
    const [one, two] = clients.map((c) => createChatLimiter(config, c?.counters));
    await Promise.all([one.ready, two.ready]);
    const key = `test:${Date.now()}`;
    const taken = [];
    for (let i = 0; i < 6; i++) {
      taken.push(await (i % 2 ? one : two).take(key, 5));
    }
    expect(taken).toEqual([true, true, true, true, true, false]);
    await Promise.all([one.close(), two.close(), ...clients.map((c) => c?.close())]);
  });
});
