import type { AddressInfo } from 'node:net';
import type {
  ChatAck,
  ChatClientEvents,
  ChatDeliveredEvent,
  ChatJoinAck,
  ChatPresenceEvent,
  ChatReadEvent,
  ChatServerEvents,
  ChatTextEvent,
  ChatTypingEvent,
} from '@admin/contract';
import { eq, sql } from 'drizzle-orm';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { directMessages, sessions } from '../db/schema';
import { createSession, sha256 } from '../modules/auth/sessions';
import { makeChatRoom } from '../modules/chat/fixtures';
import { callApi, calls, makeUser, setupTestApp, type TestEnv } from '../test/harness';
import { originAllowed } from './gateway';

type Client = Socket<ChatServerEvents, ChatClientEvents>;

let env: TestEnv;
let url: string;
const open: Client[] = [];

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

function client(auth: Record<string, unknown>, extraHeaders?: Record<string, string>): Client {
  const socket: Client = connectClient(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth,
    extraHeaders,
    forceNew: true,
    reconnection: false,
    autoConnect: false,
  });
  open.push(socket);
  return socket;
}

function connected(socket: Client): Promise<Client> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
    socket.connect();
  });
}

function refused(socket: Client): Promise<Error & { data?: { code: number } }> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected but should have been refused')));
    socket.once('connect_error', resolve);
    socket.connect();
  });
}

/** The next `event` on the socket (rejects after 30 s so a missing event fails clearly). */
function next<E extends keyof ChatServerEvents>(
  socket: Client,
  event: E,
  filter: (payload: Parameters<ChatServerEvents[E]>[0]) => boolean = () => true,
): Promise<Parameters<ChatServerEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} event within 30 s`)), 30_000);
    const listener = (payload: Parameters<ChatServerEvents[E]>[0]) => {
      if (filter(payload)) {
        clearTimeout(timer);
        socket.off(event, listener as never);
        resolve(payload);
      }
    };
    socket.on(event, listener as never);
  });
}

async function platformUser() {
  const made = await makeUser(env.db, { platform: true });
  const token = await createSession(env.db, made.id, 'user');
  const connect = () => connected(client({ token, username: made.username, usertype: 'USER' }));
  return { ...made, token, connect };
}

async function staff(permissions: string[] = ['user_profile']) {
  const made = await makeUser(env.db, { permissions });
  const connect = () => connected(client({ token: made.token, username: made.username, usertype: 'ADMIN' }));
  return { ...made, connect };
}

const join = (s: Client, channel: string, since?: number) =>
  s.emitWithAck('join', { channel, since }) as Promise<ChatAck<ChatJoinAck>>;

describe('handshake', () => {
  it('refuses a connection without a token, with a bad or expired token, or a wrong username', async () => {
    const admin = await staff();
    const noToken = await refused(client({ username: admin.username, usertype: 'ADMIN' }));
    expect(noToken.message).toMatch(/Handshake refused.*token/);
    expect(noToken.data?.code).toBe(401);
    const bad = await refused(client({ token: 'not-a-token', username: admin.username, usertype: 'ADMIN' }));
    expect(bad.message).toBe('Invalid or expired token');
    const wrongName = await refused(
      client({ token: admin.token, username: 'someone_else', usertype: 'ADMIN' }),
    );
    expect(wrongName.message).toBe('The username does not match the token');
    // A staff token is not a platform-user token, and the other way round.
    const asUser = await refused(client({ token: admin.token, username: admin.username, usertype: 'USER' }));
    expect(asUser.message).toBe('Invalid or expired token');
    const expiring = await platformUser();
    await env.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, sha256(expiring.token)));
    const expired = await refused(
      client({ token: expiring.token, username: expiring.username, usertype: 'USER' }),
    );
    expect(expired.message).toBe('Invalid or expired token');
  });

  it('accepts the spec headers (Authorization bearer, username, usertype) from non-browser clients', async () => {
    const admin = await staff();
    const socket = client(
      {},
      { authorization: `Bearer ${admin.token}`, username: admin.username, usertype: 'ADMIN' },
    );
    await connected(socket);
    expect(socket.connected).toBe(true);
  });
});

describe("origin (issue 11: socket.io accepts only the app's own origin and CORS_ORIGINS)", () => {
  it('refuses a page from a foreign origin, even with a valid token', async () => {
    const admin = await staff();
    const auth = { token: admin.token, username: admin.username, usertype: 'ADMIN' };
    await refused(client(auth, { origin: 'https://evil.example' }));
    const own = await connected(client(auth, { origin: url }));
    expect(own.connected).toBe(true);
  });

  it('lets CORS_ORIGINS in, and nothing that merely starts like them', () => {
    const req = (origin: string) => ({ headers: { origin, host: '127.0.0.1:8080' } }) as never;
    const extra = ['https://admin.example.com'];
    expect(originAllowed(req('https://admin.example.com'), extra)).toBe(true);
    expect(originAllowed(req('https://admin.example.com.evil.example'), extra)).toBe(false);
    expect(originAllowed(req('http://127.0.0.1:8080'), [])).toBe(true);
    expect(originAllowed(req('null'), [])).toBe(false);
  });
});

describe('join, typing and presence', () => {
  it('lets staff with user_profile join a thread and see the user join, type and leave', async () => {
    const user = await platformUser();
    const admin = await staff();
    const a = await admin.connect();
    const joined = await join(a, `user:${user.id}`);
    expect(joined).toEqual({ ok: true, channel: `user:${user.id}`, online: false, missed: [] });

    const seen = next(a, 'join');
    const u = await user.connect();
    expect((await seen) as ChatPresenceEvent).toMatchObject({
      channel: `user:${user.id}`,
      usertype: 'USER',
      user: { id: user.id, username: user.username },
    });
    expect(await join(a, `user:${user.id}`)).toMatchObject({ ok: true, online: true });

    const typing = next(a, 'typing');
    u.emit('typing', { channel: `user:${user.id}` });
    expect((await typing) as ChatTypingEvent).toMatchObject({
      typing: true,
      usertype: 'USER',
      user: { id: user.id },
    });
    const adminTyping = next(u, 'typing');
    a.emit('typing', { channel: `user:${user.id}`, typing: false });
    expect((await adminTyping) as ChatTypingEvent).toMatchObject({
      typing: false,
      usertype: 'ADMIN',
      user: { id: admin.id },
    });

    const left = next(a, 'user_left');
    u.disconnect();
    expect((await left) as ChatPresenceEvent).toMatchObject({ usertype: 'USER', user: { id: user.id } });
  });

  it('refuses channels the socket may not see', async () => {
    const user = await platformUser();
    const other = await platformUser();
    const noPerm = await staff(['conversation']);
    const a = await noPerm.connect();
    expect(await join(a, `user:${user.id}`)).toEqual({
      ok: false,
      error: 'You do not have permission to perform this action',
    });
    const admin = await staff();
    const b = await admin.connect();
    expect(await join(b, 'user:99999999')).toEqual({ ok: false, error: 'User not found' });
    expect(await join(b, `user:${admin.id}`)).toEqual({ ok: false, error: 'User not found' });
    expect(await join(b, 'lobby')).toMatchObject({ ok: false, error: expect.stringMatching(/channel/) });
    const u = await user.connect();
    expect(await join(u, `user:${other.id}`)).toEqual({
      ok: false,
      error: 'You can only join your own thread',
    });
    const room = await makeChatRoom(env.db, { members: [other.id, admin.id], texts: ['x'] });
    expect(await join(u, `room:${room.roomId}`)).toEqual({ ok: false, error: 'Chat room not found' });
    expect(await join(b, `room:${room.roomId}`)).toMatchObject({ ok: false });
  });
});

describe('messages', () => {
  it('stores a staff message, delivers it live, and reports delivery and reading back', async () => {
    const user = await platformUser();
    const admin = await staff();
    const a = await admin.connect();
    await join(a, `user:${user.id}`);
    const u = await user.connect();

    const arriving = next(u, 'TEXT');
    const sent = (await a.emitWithAck('send_message', {
      to: user.id,
      user: admin.username,
      socket_id: a.id,
      message: 'Hello, how can we help?',
      timestamp: '2026-11-21T10:00:00.000Z',
    })) as ChatAck<{ data: ChatTextEvent }>;
    expect(sent.ok).toBe(true);
    const stored = sent.ok ? sent.data : null;
    expect(stored).toMatchObject({
      channel: `user:${user.id}`,
      kind: 'direct',
      data: { from: 'ADMIN', status: 'unread' },
    });
    const id = stored?.data.id as number;
    const [row] = await env.db.select().from(directMessages).where(eq(directMessages.id, id));
    expect(row).toMatchObject({ message: 'Hello, how can we help?', senderId: admin.id, userId: user.id });
    expect((await arriving) as ChatTextEvent).toMatchObject({
      kind: 'direct',
      data: { id, message: 'Hello, how can we help?' },
    });

    const delivered = next(a, 'delivered');
    expect(await u.emitWithAck('delivered', { ids: [id] })).toEqual({ ok: true, ids: [id] });
    expect((await delivered) as ChatDeliveredEvent).toMatchObject({ channel: `user:${user.id}`, ids: [id] });

    const read = next(a, 'read');
    expect(await u.emitWithAck('read', { channel: `user:${user.id}`, up_to_id: id })).toEqual({
      ok: true,
      ids: [id],
    });
    expect((await read) as ChatReadEvent).toMatchObject({ user_id: user.id, reader: 'USER', ids: [id] });
    const [after] = await env.db.select().from(directMessages).where(eq(directMessages.id, id));
    expect(after.readAt).toBeInstanceOf(Date);
    expect(after.deliveredAt).toBeInstanceOf(Date);

    // The user answers; staff watching the thread get it, and mark it read.
    const reply = next(a, 'TEXT');
    const answer = (await u.emitWithAck('send_message', {
      to: admin.id,
      message: 'My account is locked',
    })) as ChatAck<{
      data: ChatTextEvent;
    }>;
    expect(answer).toMatchObject({ ok: true, data: { data: { from: 'USER', user_id: user.id } } });
    const replyEvent = (await reply) as ChatTextEvent;
    expect(replyEvent.data.message).toBe('My account is locked');
    const readByStaff = next(u, 'read');
    await a.emitWithAck('read', { channel: `user:${user.id}`, up_to_id: replyEvent.data.id });
    expect((await readByStaff) as ChatReadEvent).toMatchObject({
      reader: 'ADMIN',
      ids: [replyEvent.data.id],
    });
  });

  it('delivers a message sent over HTTP to the connected user', async () => {
    const user = await platformUser();
    const admin = await staff();
    const u = await user.connect();
    const arriving = next(u, 'TEXT');
    const res = await callApi(
      env.app,
      calls.sendDirectMessage,
      { user_id: user.id, message: 'Via HTTP' },
      admin.token,
    );
    expect(res.status).toBe(201);
    expect((await arriving) as ChatTextEvent).toMatchObject({
      data: { id: res.body.data.id, message: 'Via HTTP' },
    });
  });

  it('delivers nothing live when the HTTP call rolls back (the event waits for COMMIT)', async () => {
    const user = await platformUser();
    const admin = await staff();
    const u = await user.connect();
    const arriving = next(u, 'TEXT');
    // The call's audit entry is refused: the message and the entry roll back together.
    await env.db.execute(sql`ALTER TABLE audit_log ADD CONSTRAINT gateway_test_refuse
      CHECK (action <> 'direct-messages') NOT VALID`);
    try {
      const failed = await callApi(
        env.app,
        calls.sendDirectMessage,
        { user_id: user.id, message: 'Rolled back' },
        admin.token,
      );
      expect(failed.status).toBe(500);
    } finally {
      await env.db.execute(sql`ALTER TABLE audit_log DROP CONSTRAINT gateway_test_refuse`);
    }
    const stored = await env.db.select().from(directMessages).where(eq(directMessages.userId, user.id));
    expect(stored).toEqual([]);
    const ok = await callApi(
      env.app,
      calls.sendDirectMessage,
      { user_id: user.id, message: 'Kept' },
      admin.token,
    );
    expect(ok.status).toBe(201);
    // The first event the user's socket gets is the kept message: the rolled-back one never went out.
    expect((await arriving) as ChatTextEvent).toMatchObject({ data: { message: 'Kept' } });
  });

  it('refuses bad messages and writes nothing', async () => {
    const user = await platformUser();
    const other = await platformUser();
    const admin = await staff();
    const a = await admin.connect();
    expect(await a.emitWithAck('send_message', { to: user.id, message: '   ' })).toEqual({
      ok: false,
      error: 'Message is required',
    });
    expect(await a.emitWithAck('send_message', { to: 'room:1', message: 'hi' })).toMatchObject({ ok: false });
    const u = await user.connect();
    expect(await u.emitWithAck('send_message', { to: `user:${other.id}`, message: 'hi' })).toEqual({
      ok: false,
      error: 'You can only write in your own thread',
    });
    const noPerm = await staff(['conversation']);
    const n = await noPerm.connect();
    expect(await n.emitWithAck('send_message', { to: user.id, message: 'hi' })).toMatchObject({ ok: false });
    const rows = await env.db.select().from(directMessages).where(eq(directMessages.userId, user.id));
    expect(rows).toHaveLength(0);
  });

  it('keeps messages for an offline user and delivers them on reconnect; staff catch up with since', async () => {
    const user = await platformUser();
    const admin = await staff();
    let u = await user.connect();
    const a = await admin.connect();
    await join(a, `user:${user.id}`);
    u.disconnect();

    const first = (await a.emitWithAck('send_message', {
      to: user.id,
      message: 'while you were away 1',
    })) as ChatAck<{
      data: ChatTextEvent;
    }>;
    const second = (await a.emitWithAck('send_message', {
      to: `user:${user.id}`,
      message: 'while you were away 2',
    })) as ChatAck<{
      data: ChatTextEvent;
    }>;
    const ids = [first, second].map((r) => (r.ok ? r.data.data.id : 0));

    // Listen before the handshake completes: the waiting messages are sent right after connect.
    const socket = client({ token: user.token, username: user.username, usertype: 'USER' });
    const received: ChatTextEvent[] = [];
    socket.on('TEXT', (e) => received.push(e));
    const both = new Promise<void>((resolve) => {
      socket.on('TEXT', () => received.length === 2 && resolve());
    });
    u = await connected(socket);
    await both;
    expect(received.map((e) => e.data.id)).toEqual(ids);
    await u.emitWithAck('delivered', { ids });
    const rows = await env.db.select().from(directMessages).where(eq(directMessages.userId, user.id));
    expect(rows.every((r) => r.deliveredAt)).toBe(true);

    // Acknowledged messages are not sent again on the next connect.
    u.disconnect();
    const again = client({ token: user.token, username: user.username, usertype: 'USER' });
    const extra: ChatTextEvent[] = [];
    again.on('TEXT', (e) => extra.push(e));
    await connected(again);
    await join(again, `user:${user.id}`);
    expect(extra).toEqual([]);

    // Staff reconnect and ask for what they missed since the last id they saw.
    a.disconnect();
    await again.emitWithAck('send_message', { to: `user:${user.id}`, message: 'are you there?' });
    const a2 = await admin.connect();
    const caught = await join(a2, `user:${user.id}`, ids[1]);
    expect(caught.ok && caught.missed.map((e) => e.data.message)).toEqual(['are you there?']);
  });

  it('carries conversation messages to staff watching the room', async () => {
    const user = await platformUser();
    const friend = await platformUser();
    const room = await makeChatRoom(env.db, { members: [user.id, friend.id], texts: ['hi'] });
    const watcher = await staff(['conversation']);
    const w = await watcher.connect();
    expect(await join(w, `room:${room.roomId}`)).toMatchObject({ ok: true, online: false });
    const u = await user.connect();
    expect(await join(u, `room:${room.roomId}`)).toMatchObject({ ok: true });
    const seen = next(w, 'TEXT');
    expect(
      await u.emitWithAck('send_message', { to: `room:${room.roomId}`, message: 'in the room' }),
    ).toMatchObject({
      ok: true,
      data: { kind: 'room', data: { type: 'TEXT', message: 'in the room', sender: { id: user.id } } },
    });
    expect((await seen) as ChatTextEvent).toMatchObject({ kind: 'room', channel: `room:${room.roomId}` });
    expect(await w.emitWithAck('send_message', { to: `room:${room.roomId}`, message: 'staff?' })).toEqual({
      ok: false,
      error: 'Staff read conversations; they cannot post in them',
    });
  });

  it('slows down a platform user who floods messages', async () => {
    const user = await platformUser();
    const u = await user.connect();
    // All at once: one after another, a busy machine can take longer than the 10 s window.
    const answers = await Promise.all(
      Array.from({ length: 21 }, (_, i) =>
        u.emitWithAck('send_message', { to: `user:${user.id}`, message: `flood ${i}` }),
      ),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(20);
    expect(answers.filter((a) => !a.ok)).toEqual([
      { ok: false, error: 'Too many messages. Please slow down' },
    ]);
    const rows = await env.db.select().from(directMessages).where(eq(directMessages.userId, user.id));
    expect(rows).toHaveLength(20);
  });

  it('typing checks the session too: an ended one gets an error and is disconnected', async () => {
    const admin = await staff();
    const a = await admin.connect();
    await env.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, sha256(admin.token)));
    const gone = new Promise((resolve) => a.once('disconnect', resolve));
    expect(await a.emitWithAck('typing' as 'join', { channel: 'user:1' } as never)).toEqual({
      ok: false,
      error: 'Your session has ended; sign in again',
    });
    await gone;
  });

  it('stops a socket whose session was revoked', async () => {
    const user = await platformUser();
    const u = await user.connect();
    await env.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, sha256(user.token)));
    const gone = new Promise((resolve) => u.once('disconnect', resolve));
    expect(await u.emitWithAck('send_message', { to: `user:${user.id}`, message: 'x' })).toEqual({
      ok: false,
      error: 'Your session has ended; sign in again',
    });
    await gone;
  });
});
