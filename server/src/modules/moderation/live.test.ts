import type { ChatAck, ModerationEvent } from '@admin/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { postReports } from '../../db/schema';
import { callApi, calls, makeUser, type TestEnv } from '../../test/harness';
import { socketTestApp, type TestSocket } from '../../test/sockets';
import { createSession } from '../auth/sessions';
import { reportedPost } from './fixtures';

const live = socketTestApp();
const socketOf = live.connect;
let env: TestEnv;
beforeAll(() => {
  env = live.env();
});

async function desk(permissions: string[], name?: string) {
  const user = await makeUser(env.db, { permissions, name });
  const socket = await socketOf({ token: user.token, username: user.username, usertype: 'ADMIN' });
  const ack = (await socket.emitWithAck('moderation_watch', {})) as ChatAck;
  return { user, socket, ack };
}

/** The events a socket receives, kept in order. */
function record(socket: TestSocket): ModerationEvent[] {
  const seen: ModerationEvent[] = [];
  socket.on('moderation', (e) => seen.push(e));
  return seen;
}

describe('the desk over the socket', () => {
  it('lets only staff holding moderation_desk watch the desk', async () => {
    expect((await desk(['moderation_desk'])).ack).toEqual({ ok: true });
    const other = await desk(['reported_posts']);
    expect(other.ack).toEqual({ ok: false, error: 'You do not have permission to perform this action' });
    const platform = await makeUser(env.db, { platform: true });
    const token = await createSession(env.db, platform.id, 'user');
    const socket = await socketOf({ token, username: platform.username, usertype: 'USER' });
    expect(await socket.emitWithAck('moderation_watch', {})).toEqual({
      ok: false,
      error: 'The moderation desk is for staff',
    });
  });

  it('brings claims, take-overs, decisions and new reports to every watching desk, and nothing to others', async () => {
    const maria = await desk(['moderation_desk'], 'Maria Lopez');
    const kevin = await desk(['moderation_desk'], 'Kevin Nguyen');
    const outsider = await desk(['reported_posts']);
    const atKevin = record(kevin.socket);
    const atOutsider = record(outsider.socket);
    const { post, caseId } = await reportedPost(env.db, 1);

    await callApi(env.app, calls.moderationClaim, { id: caseId }, maria.user.token);
    await expect.poll(() => atKevin.map((e) => e.kind)).toContain('claim');
    expect(atKevin.find((e) => e.kind === 'claim')).toMatchObject({
      case: { id: caseId, status: 'in_review' },
      by: { name: 'Maria Lopez' },
    });

    await callApi(env.app, calls.moderationClaim, { id: caseId, take_over: true }, kevin.user.token);
    await expect.poll(() => atKevin.filter((e) => e.took_over_from?.name === 'Maria Lopez').length).toBe(1);

    await callApi(
      env.app,
      calls.moderationDecision,
      { id: caseId, decision: 'dismiss', reason: 'spam' },
      kevin.user.token,
    );
    await expect.poll(() => atKevin.find((e) => e.kind === 'decision')?.case.status).toBe('decided');

    // A report inserted by anyone (here straight into the table) reaches the desks.
    const by = await makeUser(env.db, { platform: true });
    await env.db.insert(postReports).values({ postId: post.id, reportedById: by.id });
    await expect
      .poll(() => atKevin.find((e) => e.kind === 'report' && e.case.previous_case_id === caseId)?.case)
      .toMatchObject({ target_id: post.id, status: 'open' });
    expect(atOutsider).toEqual([]);
  });

  it('a refused decision emits nothing', async () => {
    const watcher = await desk(['moderation_desk']);
    const seen = record(watcher.socket);
    const { caseId } = await reportedPost(env.db, 1);
    const lacking = await makeUser(env.db, { permissions: ['moderation_desk'] });
    await expect.poll(() => seen.length).toBeGreaterThan(0); // the report itself
    seen.length = 0;
    const res = await callApi(
      env.app,
      calls.moderationDecision,
      { id: caseId, decision: 'remove_post', reason: 'spam' },
      lacking.token,
    );
    expect(res.status).toBe(403);
    // A claim after it arrives alone: the refused decision sent nothing before it.
    await callApi(env.app, calls.moderationClaim, { id: caseId }, watcher.user.token);
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0].kind).toBe('claim');
  });

  it('a desk whose grant is withdrawn, or whose session ended, hears nothing more', async () => {
    const admin = await makeUser(env.db, { superAdmin: true });
    const keeps = await desk(['moderation_desk']);
    const loses = await desk(['moderation_desk']);
    const signedOut = await desk(['moderation_desk']);
    const atKeeps = record(keeps.socket);
    const atLoses = record(loses.socket);
    const atSignedOut = record(signedOut.socket);
    const { body } = await callApi(env.app, calls.userPermissions, { user_id: loses.user.id }, admin.token);
    const grant = body.data.find((p: { name: string }) => p.name === 'moderation_desk');
    const toggled = await callApi(
      env.app,
      calls.userPermissionToggle,
      { user_id: loses.user.id, permission_id: grant.id },
      admin.token,
    );
    expect(toggled.status).toBe(200);
    expect((await callApi(env.app, calls.logout, {}, signedOut.user.token)).status).toBe(200);

    const { caseId } = await reportedPost(env.db, 1);
    await callApi(env.app, calls.moderationClaim, { id: caseId }, keeps.user.token);
    await expect.poll(() => atKeeps.map((e) => e.kind).sort()).toEqual(['claim', 'report']);
    expect(atLoses).toEqual([]);
    expect(atSignedOut).toEqual([]);
  });
});
