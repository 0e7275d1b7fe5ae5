import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directMessages, sessions } from '../../db/schema';
import { callApi, calls, makeUser, setupTestApp, type TestEnv } from '../../test/harness';
import { sha256 } from '../auth/sessions';
import { makeChatRoom } from './fixtures';

let env: TestEnv;
beforeAll(async () => {
  env = await setupTestApp();
});
afterAll(async () => {
  await env?.close();
});

const platformUser = () => makeUser(env.db, { platform: true });

describe('chat-rooms', () => {
  it("lists the user's rooms with the last message, newest activity first", async () => {
    const [a, b, c] = await Promise.all([platformUser(), platformUser(), platformUser()]);
    const older = await makeChatRoom(env.db, {
      members: [a.id, b.id],
      name: 'Weekend trip',
      texts: ['hi', 'hello'],
    });
    const newer = await makeChatRoom(env.db, { members: [a.id, c.id], allTypes: true });
    await makeChatRoom(env.db, { members: [b.id, c.id], texts: ['not yours'] });
    await env.db.execute(
      sql`UPDATE chat_rooms SET last_message_at = now() - interval '1 day' WHERE id = ${older.roomId}`,
    );
    const staff = await makeUser(env.db, { permissions: ['conversation'] });
    const res = await callApi(env.app, calls.chatRooms, { user_id: a.id, page: 0 }, staff.token);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.data.map((r: { id: number }) => r.id)).toEqual([newer.roomId, older.roomId]);
    expect(res.body.data[0]).toMatchObject({
      name: null,
      channel: newer.channel,
      last_message: { type: 'POST', message: 'Look at this post' },
    });
    expect(res.body.data[1]).toMatchObject({
      name: 'Weekend trip',
      last_message: { type: 'TEXT', message: 'hello' },
    });
    expect(res.body.data[1].members.map((m: { id: number }) => m.id).sort()).toEqual([a.id, b.id].sort());
  });

  it('answers an empty list for a user without rooms, and 404 for an unknown user', async () => {
    const lonely = await platformUser();
    const staff = await makeUser(env.db, { permissions: ['conversation'] });
    const empty = await callApi(env.app, calls.chatRooms, { user_id: lonely.id }, staff.token);
    expect(empty.body).toMatchObject({ responseCode: 200, data: [], total: 0 });
    const missing = await callApi(env.app, calls.chatRooms, { user_id: 99_999_999 }, staff.token);
    expect(missing.status).toBe(404);
  });

  it('refuses a missing user_id (400), no session (401) and staff without conversation (403)', async () => {
    const staff = await makeUser(env.db, { permissions: ['conversation'] });
    const bad = await callApi(env.app, calls.chatRooms, { page: 0 }, staff.token);
    expect(bad.status).toBe(400);
    expect(bad.body.responseMessage).toMatch(/user_id/);
    const badPage = await callApi(env.app, calls.chatRooms, { user_id: 1, page: -1 }, staff.token);
    expect(badPage.status).toBe(400);
    expect(badPage.body.responseMessage).toMatch(/page/);
    expect((await callApi(env.app, calls.chatRooms, { user_id: 1 })).status).toBe(401);
    const other = await makeUser(env.db, { permissions: ['user_profile'] });
    expect((await callApi(env.app, calls.chatRooms, { user_id: 1 }, other.token)).status).toBe(403);
  });
});

describe('chat-messages', () => {
  it('answers every message type with sender, media and the post carousel, oldest first', async () => {
    const [a, b] = await Promise.all([platformUser(), platformUser()]);
    const room = await makeChatRoom(env.db, { members: [a.id, b.id], allTypes: true });
    const staff = await makeUser(env.db, { groupPermissions: ['conversation'] });
    const res = await callApi(
      env.app,
      calls.chatMessages,
      { user_id: a.id, room_id: room.roomId },
      staff.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(5);
    expect(res.body.room.id).toBe(room.roomId);
    expect(res.body.data.map((m: { type: string }) => m.type)).toEqual([
      'TEXT',
      'AUDIO',
      'IMAGE',
      'VIDEO',
      'POST',
    ]);
    expect(res.body.data[0].sender).toMatchObject({ id: a.id, username: a.username });
    expect(res.body.data[1]).toMatchObject({ media: '/media/demo/voice.mp3', sender: { id: b.id } });
    expect(res.body.data[4].post).toEqual({
      id: room.postId,
      title: 'Shared post title',
      post_meta: [
        { id: expect.any(Number), type: 'image', image: '/media/demo/post-1.svg', title: 'First picture' },
        { id: expect.any(Number), type: 'raw_video', image: '/media/demo/clip.mp4', title: 'A clip' },
      ],
    });
  });

  it('pages from the newest: page 0 holds the latest messages', async () => {
    const [a, b] = await Promise.all([platformUser(), platformUser()]);
    const texts = Array.from({ length: 25 }, (_, i) => `m${i + 1}`);
    const room = await makeChatRoom(env.db, { members: [a.id, b.id], texts });
    const staff = await makeUser(env.db, { permissions: ['conversation'] });
    const first = await callApi(
      env.app,
      calls.chatMessages,
      { user_id: a.id, room_id: room.roomId, page: 0 },
      staff.token,
    );
    expect(first.body.data.map((m: { message: string }) => m.message)).toEqual(texts.slice(5));
    const second = await callApi(
      env.app,
      calls.chatMessages,
      { user_id: a.id, room_id: room.roomId, page: 1 },
      staff.token,
    );
    expect(second.body.data.map((m: { message: string }) => m.message)).toEqual(texts.slice(0, 5));
  });

  it('answers 404 for a room the user is not in, 400 without room_id, 401 and 403', async () => {
    const [a, b, c] = await Promise.all([platformUser(), platformUser(), platformUser()]);
    const room = await makeChatRoom(env.db, { members: [a.id, b.id], texts: ['x'] });
    const staff = await makeUser(env.db, { permissions: ['conversation'] });
    expect(
      (await callApi(env.app, calls.chatMessages, { user_id: c.id, room_id: room.roomId }, staff.token))
        .status,
    ).toBe(404);
    const bad = await callApi(env.app, calls.chatMessages, { user_id: a.id }, staff.token);
    expect(bad.status).toBe(400);
    expect(bad.body.responseMessage).toMatch(/room_id/);
    expect((await callApi(env.app, calls.chatMessages, { user_id: a.id, room_id: room.roomId })).status).toBe(
      401,
    );
    const other = await makeUser(env.db, { permissions: ['user_profile'] });
    expect(
      (await callApi(env.app, calls.chatMessages, { user_id: a.id, room_id: room.roomId }, other.token))
        .status,
    ).toBe(403);
  });
});

describe('direct-messages', () => {
  it('stores a staff message (201) and lists the thread with read status and the peer', async () => {
    const user = await platformUser();
    const staff = await makeUser(env.db, { permissions: ['user_profile'] });
    const sent = await callApi(
      env.app,
      calls.sendDirectMessage,
      { user_id: user.id, message: '  Hello from support  ', timestamp: '2026-01-01T10:00:00.000Z' },
      staff.token,
    );
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({
      user_id: user.id,
      sender_id: staff.id,
      from: 'ADMIN',
      message: 'Hello from support',
      timestamp: '2026-01-01T10:00:00.000Z',
      status: 'unread',
      read_at: null,
      delivered_at: null,
    });
    const [row] = await env.db.select().from(directMessages).where(eq(directMessages.id, sent.body.data.id));
    expect(row).toMatchObject({ userId: user.id, senderId: staff.id, message: 'Hello from support' });

    const list = await callApi(
      env.app,
      calls.directMessages,
      { user_id: user.id, page: 0, limit: 10 },
      staff.token,
    );
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    expect(list.body.user).toMatchObject({ id: user.id, username: user.username, last_seen: null });
    expect(list.body.data[0]).toMatchObject({ id: sent.body.data.id, status: 'unread' });
  });

  it('does not store a retry twice (same timestamp and text)', async () => {
    const user = await platformUser();
    const staff = await makeUser(env.db, { permissions: ['user_profile'] });
    const input = { user_id: user.id, message: 'only once', timestamp: 1767261600000 };
    const first = await callApi(env.app, calls.sendDirectMessage, input, staff.token);
    const again = await callApi(env.app, calls.sendDirectMessage, input, staff.token);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    const rows = await env.db.select().from(directMessages).where(eq(directMessages.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('pages 10 at a time from the newest, before_id pages back, after_id catches up', async () => {
    const user = await platformUser();
    const staff = await makeUser(env.db, { permissions: ['user_profile'] });
    const ids: number[] = [];
    for (let i = 1; i <= 23; i++) {
      const [row] = await env.db
        .insert(directMessages)
        .values({ userId: user.id, senderId: i % 2 ? staff.id : user.id, message: `n${i}` })
        .returning({ id: directMessages.id });
      ids.push(row.id);
    }
    const text = (r: { body: { data: { message: string }[] } }) => r.body.data.map((m) => m.message);
    const page0 = await callApi(env.app, calls.directMessages, { user_id: user.id }, staff.token);
    expect(page0.body.total).toBe(23);
    expect(text(page0)).toEqual(Array.from({ length: 10 }, (_, i) => `n${i + 14}`));
    expect(page0.body.data[0].from).toBe('USER');
    const page2 = await callApi(env.app, calls.directMessages, { user_id: user.id, page: 2 }, staff.token);
    expect(text(page2)).toEqual(['n1', 'n2', 'n3']);
    const older = await callApi(
      env.app,
      calls.directMessages,
      { user_id: user.id, before_id: ids[13] },
      staff.token,
    );
    expect(text(older)).toEqual(Array.from({ length: 10 }, (_, i) => `n${i + 4}`));
    const after = await callApi(
      env.app,
      calls.directMessages,
      { user_id: user.id, after_id: ids[20] },
      staff.token,
    );
    expect(text(after)).toEqual(['n22', 'n23']);
  });

  it('refuses an empty message and a bad user_id (400, nothing written)', async () => {
    const user = await platformUser();
    const staff = await makeUser(env.db, { permissions: ['user_profile'] });
    const empty = await callApi(
      env.app,
      calls.sendDirectMessage,
      { user_id: user.id, message: '   ' },
      staff.token,
    );
    expect(empty.status).toBe(400);
    expect(empty.body.responseMessage).toBe('Message is required');
    const noUser = await callApi(
      env.app,
      calls.sendDirectMessage,
      { user_id: 'abc', message: 'x' },
      staff.token,
    );
    expect(noUser.status).toBe(400);
    expect(noUser.body.responseMessage).toMatch(/user_id/);
    const tooBig = await callApi(
      env.app,
      calls.directMessages,
      { user_id: user.id, limit: 1000 },
      staff.token,
    );
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.responseMessage).toMatch(/limit/);
    const rows = await env.db.select().from(directMessages).where(eq(directMessages.userId, user.id));
    expect(rows).toHaveLength(0);
  });

  it('answers 404 for an unknown user and for a staff account', async () => {
    const staff = await makeUser(env.db, { permissions: ['user_profile'] });
    const other = await makeUser(env.db);
    for (const id of [99_999_999, other.id]) {
      expect((await callApi(env.app, calls.directMessages, { user_id: id }, staff.token)).status).toBe(404);
      expect(
        (await callApi(env.app, calls.sendDirectMessage, { user_id: id, message: 'x' }, staff.token)).status,
      ).toBe(404);
    }
  });

  it('needs a session (401) and user_profile (403)', async () => {
    const user = await platformUser();
    expect((await callApi(env.app, calls.directMessages, { user_id: user.id })).status).toBe(401);
    expect((await callApi(env.app, calls.sendDirectMessage, { user_id: user.id, message: 'x' })).status).toBe(
      401,
    );
    const staff = await makeUser(env.db, { permissions: ['conversation'] });
    expect((await callApi(env.app, calls.directMessages, { user_id: user.id }, staff.token)).status).toBe(
      403,
    );
    expect(
      (await callApi(env.app, calls.sendDirectMessage, { user_id: user.id, message: 'x' }, staff.token))
        .status,
    ).toBe(403);
  });
});

describe('user-chat-token', () => {
  it('gives super admins a USER token for a platform user, refuses others', async () => {
    const user = await platformUser();
    const boss = await makeUser(env.db, { superAdmin: true });
    const res = await callApi(env.app, calls.issueUserChatToken, { user_id: user.id }, boss.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      username: user.username,
      usertype: 'USER',
      token: expect.any(String),
    });
    const [session] = await env.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(res.body.data.token)));
    expect(session).toMatchObject({ userId: user.id, kind: 'user' });
    expect((await callApi(env.app, calls.issueUserChatToken, { user_id: boss.id }, boss.token)).status).toBe(
      404,
    );
    expect((await callApi(env.app, calls.issueUserChatToken, {}, boss.token)).status).toBe(400);
    expect((await callApi(env.app, calls.issueUserChatToken, { user_id: user.id })).status).toBe(401);
    const staff = await makeUser(env.db, { permissions: ['user_profile', 'user_permissions_update'] });
    expect((await callApi(env.app, calls.issueUserChatToken, { user_id: user.id }, staff.token)).status).toBe(
      403,
    );
  });
});
