import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { conversationAccessRequests, permissions, userPermissions } from '../../db/schema';
import { uncheckedRows } from '../../db/sql';
import type { Mail } from '../../providers/mail';
import { callApi, calls, type MadeUser, makeUser, setupTestApp, type TestEnv } from '../../test/harness';

let env: TestEnv;
const mails: Mail[] = [];
beforeAll(async () => {
  env = await setupTestApp({
    wrapMailer: (outbox) => ({
      async send(mail) {
        mails.push(mail);
        await outbox.send(mail);
      },
    }),
  });
});
beforeEach(() => {
  mails.length = 0;
});
afterAll(async () => {
  await env?.close();
});

const mailsTo = (user: { email: string }) => mails.filter((m) => m.to === user.email);

async function ask(staff: MadeUser, message?: string): Promise<number> {
  const res = await callApi(
    env.app,
    calls.conversationAccessRequest,
    message ? { message } : {},
    staff.token,
  );
  expect(res.status).toBe(201);
  return res.body.data.id;
}

/** What an answer could change: the request's row and the requester's grants. */
async function stateOf(id: number, requesterId: number) {
  const [row] = uncheckedRows<{ s: unknown }>(
    await env.db.execute(sql`SELECT jsonb_build_object(
      'request', (SELECT to_jsonb(ar) FROM conversation_access_requests ar WHERE ar.id = ${id}),
      'grants', (SELECT jsonb_agg(permission_id ORDER BY permission_id) FROM user_permissions WHERE user_id = ${requesterId})
    ) AS s`),
  );
  return row.s;
}

async function holdsConversation(userId: number) {
  const [perm] = await env.db.select().from(permissions).where(eq(permissions.name, 'conversation'));
  const rows = await env.db
    .select()
    .from(userPermissions)
    .where(and(eq(userPermissions.userId, userId), eq(userPermissions.permissionId, perm.id)));
  return rows.length === 1;
}

describe('asking for access', () => {
  it('tells who may grant it by mail (super admins for a staff requester), not other reviewers', async () => {
    const boss = await makeUser(env.db, { superAdmin: true, name: 'Grace Boss' });
    const reviewer = await makeUser(env.db, { permissions: ['user_permissions_update', 'conversation'] });
    const suspendedBoss = await makeUser(env.db, { superAdmin: true, suspended: true });
    const staff = await makeUser(env.db, { permissions: ['user_profile'], name: 'Sam Asker' });
    const res = await callApi(
      env.app,
      calls.conversationAccessRequest,
      { message: 'I handle user reports' },
      staff.token,
    );
    expect(res.status).toBe(201);
    expect(res.body.responseMessage).toBe('Your request was sent to the staff who can grant access.');
    expect(res.body.data).toMatchObject({
      requester: { id: staff.id, username: staff.username, name: 'Sam Asker' },
      permission: 'conversation',
      message: 'I handle user reports',
      status: 'pending',
      note: null,
      decided_by: null,
    });
    await vi.waitFor(() => expect(mailsTo(boss)).toHaveLength(1));
    const [mail] = mailsTo(boss);
    expect(mail.subject).toBe('Access request from Sam Asker');
    expect(mail.text).toContain(`Sam Asker (@${staff.username}) asks for access to conversations`);
    expect(mail.text).toContain('"I handle user reports"');
    expect(mail.text).toContain('Access requests (/access-requests)');
    // Ranks: only a super admin changes a staff account's grants, so the staff reviewer cannot grant it.
    expect(mailsTo(reviewer)).toHaveLength(0);
    expect(mailsTo(suspendedBoss)).toHaveLength(0);
    expect(mailsTo(staff)).toHaveLength(0);

    const mine = await callApi(env.app, calls.myConversationAccessRequest, {}, staff.token);
    expect(mine.body.data).toMatchObject({ id: res.body.data.id, status: 'pending' });
    const twice = await callApi(env.app, calls.conversationAccessRequest, {}, staff.token);
    expect(twice.status).toBe(409);
    expect(twice.body.responseMessage).toBe('Your access request is already waiting for an answer');
  });

  it('refuses staff who already have access, a too long message (400) and no session (401)', async () => {
    const has = await makeUser(env.db, { permissions: ['conversation'] });
    expect((await callApi(env.app, calls.conversationAccessRequest, {}, has.token)).status).toBe(409);
    const staff = await makeUser(env.db);
    const long = await callApi(
      env.app,
      calls.conversationAccessRequest,
      { message: 'x'.repeat(1001) },
      staff.token,
    );
    expect(long.status).toBe(400);
    expect(long.body.responseMessage).toMatch(/message/i);
    const rows = await env.db
      .select()
      .from(conversationAccessRequests)
      .where(eq(conversationAccessRequests.requesterId, staff.id));
    expect(rows).toHaveLength(0);
    expect((await callApi(env.app, calls.conversationAccessRequest, {})).status).toBe(401);
    expect((await callApi(env.app, calls.myConversationAccessRequest, {})).status).toBe(401);
    const none = await callApi(env.app, calls.myConversationAccessRequest, {}, staff.token);
    expect(none.body.data).toBeNull();
  });
});

describe('reviewing', () => {
  it('lists and counts pending requests, each saying whether the reviewer may answer it', async () => {
    const boss = await makeUser(env.db, { superAdmin: true });
    const reviewer = await makeUser(env.db, { permissions: ['user_permissions_update'] });
    const before = await callApi(env.app, calls.conversationAccessRequestCount, {}, boss.token);
    const staff = await makeUser(env.db);
    const id = await ask(staff, 'Please');

    const count = await callApi(env.app, calls.conversationAccessRequestCount, {}, boss.token);
    expect(count.status).toBe(200);
    expect(count.body.data.pending).toBe(before.body.data.pending + 1);
    expect(count.body.data.answerable).toBe(before.body.data.answerable + 1);
    const theirs = await callApi(env.app, calls.conversationAccessRequestCount, {}, reviewer.token);
    expect(theirs.body.data).toMatchObject({ pending: count.body.data.pending, answerable: 0 });

    const list = await callApi(env.app, calls.conversationAccessRequests, { page_limit: 100 }, boss.token);
    const row = list.body.data.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({ status: 'pending', refusal: { grant: null, decline: null } });
    const seen = await callApi(
      env.app,
      calls.conversationAccessRequests,
      { page_limit: 100 },
      reviewer.token,
    );
    expect(seen.body.data.find((r: { id: number }) => r.id === id).refusal).toEqual({
      grant: 'Only a super admin can change a staff account',
      decline: 'Only a super admin can change a staff account',
    });
  });

  it('answers 401 without a session, 403 without user_permissions_update, 400 for a bad status', async () => {
    const staff = await makeUser(env.db, { permissions: ['user_permissions'] });
    expect((await callApi(env.app, calls.conversationAccessRequests, {})).status).toBe(401);
    expect((await callApi(env.app, calls.conversationAccessRequestCount, {})).status).toBe(401);
    expect((await callApi(env.app, calls.conversationAccessRequests, {}, staff.token)).status).toBe(403);
    expect((await callApi(env.app, calls.conversationAccessRequestCount, {}, staff.token)).status).toBe(403);
    const boss = await makeUser(env.db, { superAdmin: true });
    const bad = await callApi(env.app, calls.conversationAccessRequests, { status: 'maybe' }, boss.token);
    expect(bad.status).toBe(400);
    expect(bad.body.responseMessage).toMatch(/status/);
  });
});

describe('answering', () => {
  it('grants with a note: the permission, the row, the audit entry and a mail to the requester', async () => {
    const boss = await makeUser(env.db, { superAdmin: true, name: 'Grace Boss' });
    const staff = await makeUser(env.db, { permissions: ['user_profile'] });
    const id = await ask(staff);
    expect((await callApi(env.app, calls.chatRooms, { user_id: staff.id }, staff.token)).status).toBe(403);
    const res = await callApi(
      env.app,
      calls.grantConversationAccess,
      { id, note: '  For the support rota  ' },
      boss.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'granted',
      decided_by: boss.username,
      decided_by_name: 'Grace Boss',
      note: 'For the support rota',
    });
    expect(await holdsConversation(staff.id)).toBe(true);
    expect((await callApi(env.app, calls.chatRooms, { user_id: staff.id }, staff.token)).status).toBe(200);
    await vi.waitFor(() => expect(mailsTo(staff)).toHaveLength(1));
    expect(mailsTo(staff)[0].subject).toBe('Your access request was granted');
    expect(mailsTo(staff)[0].text).toContain('Grace Boss granted your request');
    expect(mailsTo(staff)[0].text).toContain('Note from Grace Boss: "For the support rota"');
    const [entry] = uncheckedRows<{
      action: string;
      target_type: string;
      target_id: string;
      changes: unknown;
    }>(
      await env.db.execute(sql`SELECT action, target_type, target_id, changes FROM audit_log
        WHERE actor_id = ${boss.id} ORDER BY id DESC LIMIT 1`),
    );
    expect(entry).toMatchObject({
      action: 'conversation-access-requests/:id/grant',
      target_type: 'conversation_access_request',
      target_id: String(id),
      changes: {
        before: { status: 'pending' },
        after: { status: 'granted', permission: 'conversation', note: 'For the support rota' },
      },
    });
  });

  it('declines with a note: no grant, the note mailed, and asking again is open', async () => {
    const boss = await makeUser(env.db, { superAdmin: true, name: 'Grace Boss' });
    const staff = await makeUser(env.db);
    const id = await ask(staff);
    const res = await callApi(
      env.app,
      calls.denyConversationAccess,
      { id, note: 'Ask your team lead first' },
      boss.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.responseMessage).toBe('Request declined');
    expect(res.body.data).toMatchObject({ status: 'denied', note: 'Ask your team lead first' });
    expect(await holdsConversation(staff.id)).toBe(false);
    await vi.waitFor(() => expect(mailsTo(staff)).toHaveLength(1));
    expect(mailsTo(staff)[0].subject).toBe('Your access request was declined');
    expect(mailsTo(staff)[0].text).toContain('Note from Grace Boss: "Ask your team lead first"');
    const mine = await callApi(env.app, calls.myConversationAccessRequest, {}, staff.token);
    expect(mine.body.data).toMatchObject({ id, status: 'denied', note: 'Ask your team lead first' });
    const answered = await callApi(
      env.app,
      calls.conversationAccessRequests,
      { status: 'answered' },
      boss.token,
    );
    expect(answered.body.data.map((r: { id: number }) => r.id)).toContain(id);
    await ask(staff, 'Asking again');
  });

  it('refuses a second answer (409) and changes nothing', async () => {
    const boss = await makeUser(env.db, { superAdmin: true });
    const other = await makeUser(env.db, { superAdmin: true });
    const staff = await makeUser(env.db);
    const id = await ask(staff);
    expect(
      (await callApi(env.app, calls.denyConversationAccess, { id, note: 'No' }, boss.token)).status,
    ).toBe(200);
    const before = await stateOf(id, staff.id);
    const grant = await callApi(env.app, calls.grantConversationAccess, { id }, other.token);
    expect(grant.status).toBe(409);
    expect(grant.body.responseMessage).toBe('This request was already declined');
    const deny = await callApi(env.app, calls.denyConversationAccess, { id, note: 'Again' }, boss.token);
    expect(deny.status).toBe(409);
    expect(await stateOf(id, staff.id)).toEqual(before);
    // Two answers at once: one wins, the other finds it answered.
    const id2 = await ask(staff);
    const both = await Promise.all([
      callApi(env.app, calls.grantConversationAccess, { id: id2 }, boss.token),
      callApi(env.app, calls.denyConversationAccess, { id: id2 }, other.token),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('refuses attackers (403) and changes nothing: no permission, outranked, their own, not holding it', async () => {
    const staff = await makeUser(env.db, { permissions: ['user_permissions_update'] });
    const id = await ask(staff);
    const before = await stateOf(id, staff.id);
    const outsider = await makeUser(env.db, { permissions: ['user_permissions', 'conversation'] });
    const peer = await makeUser(env.db, { permissions: ['user_permissions_update', 'conversation'] });
    const tries = [
      [outsider, calls.grantConversationAccess, 'You do not have permission to perform this action'],
      [outsider, calls.denyConversationAccess, 'You do not have permission to perform this action'],
      [peer, calls.grantConversationAccess, 'Only a super admin can change a staff account'],
      [peer, calls.denyConversationAccess, 'Only a super admin can change a staff account'],
      [staff, calls.grantConversationAccess, 'You cannot change your own permissions or groups'],
      [staff, calls.denyConversationAccess, 'You cannot change your own permissions or groups'],
    ] as const;
    for (const [who, call, reason] of tries) {
      const res = await callApi(env.app, call, { id, note: 'sneaky' }, who.token);
      expect(res.status).toBe(403);
      expect(res.body.responseMessage).toBe(reason);
    }
    expect(await stateOf(id, staff.id)).toEqual(before);
    expect(mailsTo(staff)).toHaveLength(0);

    // A platform user's request (ranks allow staff): granting needs holding `conversation` oneself.
    const platform = await makeUser(env.db, { platform: true });
    const [row] = await env.db
      .insert(conversationAccessRequests)
      .values({ requesterId: platform.id })
      .returning({ id: conversationAccessRequests.id });
    const lacking = await makeUser(env.db, { permissions: ['user_permissions_update'] });
    const refused = await callApi(env.app, calls.grantConversationAccess, { id: row.id }, lacking.token);
    expect(refused.status).toBe(403);
    expect(refused.body.responseMessage).toBe(
      'You can only grant or remove permissions you hold yourself (conversation)',
    );
    expect(await holdsConversation(platform.id)).toBe(false);
    expect((await callApi(env.app, calls.grantConversationAccess, { id: row.id }, peer.token)).status).toBe(
      200,
    );
  });

  it('refuses bad input (400) and unknown requests (404), changing nothing', async () => {
    const boss = await makeUser(env.db, { superAdmin: true });
    const staff = await makeUser(env.db);
    const id = await ask(staff);
    const before = await stateOf(id, staff.id);
    const bad = [
      [calls.grantConversationAccess, { id: 'x' }, /id/],
      [calls.grantConversationAccess, { id: 0 }, /id/],
      [calls.grantConversationAccess, { id, note: 'x'.repeat(1001) }, /Note is at most 1000 characters/],
      [calls.denyConversationAccess, { id, note: 'a\u0000b' }, /note/],
      [calls.denyConversationAccess, { id, note: 5 }, /note/],
    ] as const;
    for (const [call, input, message] of bad) {
      const res = await callApi(env.app, call, input, boss.token);
      expect(res.status).toBe(400);
      expect(res.body.responseMessage).toMatch(message);
    }
    expect(await stateOf(id, staff.id)).toEqual(before);
    const missing = await callApi(env.app, calls.grantConversationAccess, { id: 99_999_999 }, boss.token);
    expect(missing.status).toBe(404);
    expect(missing.body.responseMessage).toBe('Access request 99999999 does not exist');
    expect((await callApi(env.app, calls.grantConversationAccess, { id })).status).toBe(401);
  });
});
