import type { AccessRequestEvent, ChatAck } from '@admin/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { callApi, calls, type MadeUser, makeUser, type TestEnv } from '../../test/harness';
import { socketTestApp } from '../../test/sockets';
import { createSession } from '../auth/sessions';

const live = socketTestApp();
const socketOf = live.connect;
let env: TestEnv;
beforeAll(() => {
  env = live.env();
});

/** A staff member's socket, watching the reviewers' room when `watch`, and the events it hears. */
async function staffSocket(user: MadeUser, watch: boolean) {
  const socket = await socketOf({ token: user.token, username: user.username, usertype: 'ADMIN' });
  const heard: AccessRequestEvent[] = [];
  socket.on('access_request', (e) => heard.push(e));
  const ack = watch ? ((await socket.emitWithAck('access_requests_watch', {})) as ChatAck) : null;
  return { socket, heard, ack };
}

describe('access requests over the socket', () => {
  it('lets only staff holding user_permissions_update watch', async () => {
    const boss = await makeUser(env.db, { superAdmin: true });
    expect((await staffSocket(boss, true)).ack).toEqual({ ok: true });
    const reviewer = await makeUser(env.db, { permissions: ['user_permissions_update'] });
    expect((await staffSocket(reviewer, true)).ack).toEqual({ ok: true });
    const other = await makeUser(env.db, { permissions: ['user_permissions', 'conversation'] });
    expect((await staffSocket(other, true)).ack).toEqual({
      ok: false,
      error: 'You do not have permission to perform this action',
    });
    const platform = await makeUser(env.db, { platform: true });
    const token = await createSession(env.db, platform.id, 'user');
    const socket = await socketOf({ token, username: platform.username, usertype: 'USER' });
    expect(await socket.emitWithAck('access_requests_watch', {})).toEqual({
      ok: false,
      error: 'Access requests are for staff',
    });
  });

  it('brings a new request to the reviewers and its answer to them and to the requester', async () => {
    const boss = await makeUser(env.db, { superAdmin: true });
    const reviewer = await makeUser(env.db, { permissions: ['user_permissions_update'] });
    const bystander = await makeUser(env.db, { permissions: ['users_list'] });
    const staff = await makeUser(env.db);
    const [bossLive, reviewerLive, bystanderLive, requesterLive] = await Promise.all([
      staffSocket(boss, true),
      staffSocket(reviewer, true),
      staffSocket(bystander, false),
      staffSocket(staff, false),
    ]);
    const asked = await callApi(env.app, calls.conversationAccessRequest, {}, staff.token);
    const created = { id: asked.body.data.id, status: 'pending', requester_id: staff.id };
    await vi.waitFor(() => expect(bossLive.heard).toEqual([created]));
    await vi.waitFor(() => expect(reviewerLive.heard).toEqual([created]));

    const failed = await callApi(env.app, calls.grantConversationAccess, { id: created.id }, reviewer.token);
    expect(failed.status).toBe(403);
    await callApi(env.app, calls.denyConversationAccess, { id: created.id, note: 'Not now' }, boss.token);
    const answered = { ...created, status: 'denied' };
    await vi.waitFor(() => expect(requesterLive.heard).toEqual([answered]));
    await vi.waitFor(() => expect(bossLive.heard).toEqual([created, answered]));
    // The refused grant told nobody; the bystander heard nothing at all.
    expect(reviewerLive.heard).toEqual([created, answered]);
    expect(bystanderLive.heard).toEqual([]);
  });

  it('stops telling a reviewer whose grant was withdrawn after they joined', async () => {
    const boss = await makeUser(env.db, { superAdmin: true });
    const reviewer = await makeUser(env.db, { permissions: ['user_permissions_update'] });
    const [bossLive, reviewerLive] = await Promise.all([
      staffSocket(boss, true),
      staffSocket(reviewer, true),
    ]);
    expect(reviewerLive.ack).toEqual({ ok: true });
    await env.db.execute(sql`DELETE FROM user_permissions WHERE user_id = ${reviewer.id}`);
    const staff = await makeUser(env.db);
    const asked = await callApi(env.app, calls.conversationAccessRequest, {}, staff.token);
    await vi.waitFor(() => expect(bossLive.heard.map((e) => e.id)).toEqual([asked.body.data.id]));
    expect(reviewerLive.heard).toEqual([]);
  });
});
