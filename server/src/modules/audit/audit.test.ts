import { SESSION_IDLE_SECONDS } from '@admin/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../../db/schema';
import { uncheckedRows } from '../../db/sql';
import {
  callApi,
  calls,
  lastMail,
  type MadeUser,
  makeUser,
  setupTestApp,
  type TestEnv,
} from '../../test/harness';
import { pruneAudit } from './service';
import { entriesAfter as entriesAfterIn, lastEntryId } from './test-support';

let env: TestEnv;
let boss: MadeUser;

interface Entry {
  id: number;
  actor_id: number | null;
  actor_username: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  changes: { before?: Record<string, unknown>; after?: Record<string, unknown> } & Record<string, unknown>;
  ip: string | null;
  user_agent: string | null;
  request_id: string | null;
}

const lastId = () => lastEntryId(env.db);
const entriesAfter = (id: number) => entriesAfterIn<Entry>(env.db, id);

beforeAll(async () => {
  env = await setupTestApp();
  boss = await makeUser(env.db, { superAdmin: true });
});
afterAll(async () => {
  await env?.close();
});

describe('what the trail records', () => {
  it('keeps before/after of the changed field, the address, agent and request id', async () => {
    const user = await makeUser(env.db, { platform: true, name: 'Before Name' });
    const from = await lastId();
    const res = await env.app.inject({
      method: 'PUT',
      url: '/api/v2/update-profile',
      headers: { authorization: `Bearer ${boss.token}`, 'user-agent': 'AuditTest/1.0' },
      payload: { id: user.id, name: 'After Name' },
    });
    expect(res.statusCode).toBe(200);
    const [entry] = await entriesAfter(from);
    expect(entry).toMatchObject({
      action: 'update-profile',
      actor_id: boss.id,
      actor_username: boss.username,
      target_type: 'user',
      target_id: String(user.id),
      changes: { before: { name: 'Before Name' }, after: { name: 'After Name' } },
      ip: '127.0.0.1',
      user_agent: 'AuditTest/1.0',
    });
    expect(entry.request_id).toBeTruthy();
  });

  it('stores passwords as [redacted]', async () => {
    const user = await makeUser(env.db, { platform: true });
    const from = await lastId();
    const res = await callApi(
      env.app,
      calls.changeAppPassword,
      { user_id: user.id, password: 'Very-secret-55', password_confirmation: 'Very-secret-55' },
      boss.token,
    );
    expect(res.status).toBe(200);
    const [entry] = await entriesAfter(from);
    expect(entry.changes.after).toEqual({ password: '[redacted]', password_confirmation: '[redacted]' });
    expect(JSON.stringify(entry)).not.toContain('Very-secret-55');
  });

  it('records nothing for bad input (400) or a failed call, whose change rolls back', async () => {
    const from = await lastId();
    expect((await callApi(env.app, calls.groupAdd, { name: '' }, boss.token)).status).toBe(400);
    expect((await callApi(env.app, calls.groupEdit, { id: 999_999, name: 'x' }, boss.token)).status).toBe(
      404,
    );
    const user = await makeUser(env.db, { platform: true });
    await callApi(env.app, calls.suspendAccount, { user_id: user.id }, boss.token);
    const again = await callApi(env.app, calls.suspendAccount, { user_id: user.id }, boss.token);
    expect(again.status).toBe(409);
    const rows = await entriesAfter(from);
    expect(rows.map((r) => r.action)).toEqual(['suspend-account']);
  });

  it('records a denied entry for a 403, on write and read calls alike', async () => {
    const staff = await makeUser(env.db, { permissions: ['group_list'] });
    const from = await lastId();
    expect((await callApi(env.app, calls.groupAdd, { name: 'Nope' }, staff.token)).status).toBe(403);
    expect((await callApi(env.app, calls.auditLog, {}, staff.token)).status).toBe(403);
    const rows = await entriesAfter(from);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ action: 'denied', actor_id: staff.id, changes: { call: 'POST group' } });
    expect(rows[1]).toMatchObject({ action: 'denied', actor_id: staff.id, changes: { call: 'audit-log' } });
    const groups = uncheckedRows(await env.db.execute(sql`SELECT 1 FROM groups WHERE name = 'Nope'`));
    expect(groups).toHaveLength(0);
  });

  it('writes the entry in the same transaction as the change, readable at once', async () => {
    const user = await makeUser(env.db, { platform: true });
    const from = await lastId();
    await callApi(env.app, calls.updateProfile, { id: user.id, name: 'Same Tx' }, boss.token);
    const [entry] = uncheckedRows<{ xmin: string }>(
      await env.db.execute(sql`SELECT xmin::text FROM audit_log WHERE id > ${from} ORDER BY id LIMIT 1`),
    );
    const [row] = uncheckedRows<{ xmin: string }>(
      await env.db.execute(sql`SELECT xmin::text FROM users WHERE id = ${user.id}`),
    );
    expect(entry?.xmin).toBe(row.xmin);
    const list = await callApi(env.app, calls.auditLog, { action: 'update-profile' }, boss.token);
    expect(list.body.data[0]).toMatchObject({
      target_id: String(user.id),
      changes: { after: { name: 'Same Tx' } },
    });
  });

  it('rolls the change back when its entry cannot be written, also past a savepoint', async () => {
    const user = await makeUser(env.db, { platform: true, name: 'Kept Name' });
    const owner = await makeUser(env.db, { platform: true });
    // approve-campaign opens its own db.transaction inside the call's: a savepoint.
    const [campaign] = await env.db
      .insert(campaigns)
      .values({ userId: owner.id, campaignName: 'Tx Campaign', status: 'Pending' })
      .returning({ id: campaigns.id });
    await env.db.execute(sql`ALTER TABLE audit_log ADD CONSTRAINT audit_test_refuse
      CHECK (action NOT IN ('update-profile', 'approve-campaign')) NOT VALID`);
    try {
      const res = await callApi(env.app, calls.updateProfile, { id: user.id, name: 'Lost Name' }, boss.token);
      expect(res.status).toBe(500);
      const approve = await callApi(env.app, calls.approveCampaign, { id: campaign.id }, boss.token);
      expect(approve.status).toBe(500);
    } finally {
      await env.db.execute(sql`ALTER TABLE audit_log DROP CONSTRAINT audit_test_refuse`);
    }
    const [row] = uncheckedRows<{ name: string }>(
      await env.db.execute(sql`SELECT name FROM users WHERE id = ${user.id}`),
    );
    expect(row.name).toBe('Kept Name');
    const [c] = uncheckedRows<{ is_approved: boolean }>(
      await env.db.execute(sql`SELECT is_approved FROM campaigns WHERE id = ${campaign.id}`),
    );
    expect(c.is_approved).toBe(false);
    // The connections went back to the pool usable: the same calls now succeed.
    expect(
      (await callApi(env.app, calls.updateProfile, { id: user.id, name: 'Next' }, boss.token)).status,
    ).toBe(200);
    expect((await callApi(env.app, calls.approveCampaign, { id: campaign.id }, boss.token)).status).toBe(200);
  });

  it('refuses to update an entry, even in SQL', async () => {
    await env.db.execute(sql`INSERT INTO audit_log (action) VALUES ('never-updated')`);
    const refused = await env.db
      .execute(sql`UPDATE audit_log SET action = 'x' WHERE action = 'never-updated'`)
      .catch((err: Error) => err.cause ?? err);
    expect(String(refused)).toMatch(/entries are never updated/);
  });

  it('prunes entries older than the retention in batches, keeping the recent ones', async () => {
    await env.db.execute(sql`INSERT INTO audit_log (action, created_at)
      SELECT 'old-one', now() - interval '400 days' FROM generate_series(1, 7)`);
    await env.db.execute(
      sql`INSERT INTO audit_log (action, created_at) VALUES ('recent-one', now() - interval '300 days')`,
    );
    // Batches of 3: three statements (3, 3, 1), every old entry gone.
    expect(await pruneAudit(env.db, 365, 3)).toBeGreaterThanOrEqual(7);
    expect(
      uncheckedRows(await env.db.execute(sql`SELECT 1 FROM audit_log WHERE action = 'old-one'`)),
    ).toHaveLength(0);
    expect(
      uncheckedRows(await env.db.execute(sql`SELECT 1 FROM audit_log WHERE action = 'recent-one'`)),
    ).toHaveLength(1);
    await pruneAudit(env.db, 1);
  });
});

describe('sign-in events', () => {
  let staff: MadeUser;
  beforeAll(async () => {
    staff = await makeUser(env.db);
  });
  const login = (username: string, password: string) =>
    callApi(env.app, calls.adminLogin, { username, password });

  it('records refused passwords with the username tried, then the lockout', async () => {
    const from = await lastId();
    expect((await login('nobody_here', 'whatever-1')).status).toBe(401);
    for (let i = 0; i < 5; i++) {
      expect((await login(staff.username, 'wrong-password')).status).toBe(401);
    }
    expect((await login(staff.username, 'secret-password')).status).toBe(429);
    const rows = await entriesAfter(from);
    expect(rows.map((r) => r.action)).toEqual([...Array(6).fill('password-refused'), 'lockout']);
    expect(rows[0]).toMatchObject({ actor_id: null, actor_username: 'nobody_here', target_id: null });
    expect(rows[1]).toMatchObject({ actor_id: staff.id, actor_username: staff.username });
    expect(rows[6]).toMatchObject({ actor_username: staff.username.toLowerCase() });
    expect(JSON.stringify(rows)).not.toContain('wrong-password');
  });

  it('records accepted and refused codes, and a resend', async () => {
    const other = await makeUser(env.db);
    const from = await lastId();
    const first = await login(other.username, 'secret-password');
    expect(first.status).toBe(200);
    const key = first.body.key as string;
    expect((await callApi(env.app, calls.verifyAuth, { key, otp: '000000' })).status).toBe(401);
    await env.db.execute(sql`UPDATE login_challenges SET last_sent_at = now() - interval '2 minutes'`);
    expect((await callApi(env.app, calls.resendOtp, { key, action: 'resend' })).status).toBe(200);
    const otp = /code is (\d{6})/.exec(lastMail(env.outboxDir))?.[1] as string;
    const ok = await callApi(env.app, calls.verifyAuth, { key, otp });
    expect(ok.status).toBe(200);
    const rows = await entriesAfter(from);
    expect(rows.map((r) => r.action)).toEqual([
      'password-accepted',
      'code-refused',
      'code-resent',
      'code-accepted',
    ]);
    for (const r of rows) {
      expect(r).toMatchObject({ actor_id: other.id, actor_username: other.username });
    }
    const text = JSON.stringify(rows);
    expect(text).not.toContain(otp);
    expect(text).not.toContain(key);
    expect(text).not.toContain(ok.body.user.api_token);
  });

  it('records a reset request, a logout, and a session that expired on use (once)', async () => {
    const other = await makeUser(env.db);
    const leaver = await makeUser(env.db);
    const idle = await makeUser(env.db);
    const from = await lastId();
    expect((await callApi(env.app, calls.resetPassword, { email: other.email })).status).toBe(200);
    expect((await callApi(env.app, calls.resetPassword, { email: 'unknown@example.com' })).status).toBe(200);
    expect((await callApi(env.app, calls.logout, {}, leaver.token)).status).toBe(200);
    await env.db.execute(sql`UPDATE sessions SET last_used_at = now() - make_interval(secs => ${SESSION_IDLE_SECONDS + 60})
      WHERE user_id = ${idle.id}`);
    expect((await callApi(env.app, calls.getLoginData, {}, idle.token)).status).toBe(401);
    expect((await callApi(env.app, calls.getLoginData, {}, idle.token)).status).toBe(401);
    const rows = await entriesAfter(from);
    expect(rows.map((r) => [r.action, r.actor_id])).toEqual([
      ['reset-requested', null],
      ['reset-requested', null],
      ['logout', leaver.id],
      ['session-expired', idle.id],
    ]);
    expect(rows[0].changes).toEqual({ email: other.email.toLowerCase() });
    expect(rows[1].changes).toEqual({ email: 'unknown@example.com' });
  });
});

describe('GET audit-log', () => {
  let auditor: MadeUser;
  let subject: MadeUser;
  beforeAll(async () => {
    auditor = await makeUser(env.db, { permissions: ['audit_log'] });
    subject = await makeUser(env.db, { platform: true });
    await callApi(env.app, calls.updateProfile, { id: subject.id, name: 'Listed Name' }, boss.token);
    await callApi(env.app, calls.suspendAccount, { user_id: subject.id }, boss.token);
  });

  it('lists newest first with the row shape, and filters', async () => {
    const all = await callApi(env.app, calls.auditLog, {}, auditor.token);
    expect(all.status).toBe(200);
    expect(all.body.total).toBeGreaterThan(2);
    const times = all.body.data.map((r: { created_at: string }) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.body.actions).toContain('update-profile');
    expect(all.body.actions).toContain('password-refused');

    const about = await callApi(
      env.app,
      calls.auditLog,
      { target_type: 'user', target_id: String(subject.id) },
      auditor.token,
    );
    expect(about.body.data.map((r: { action: string }) => r.action)).toEqual([
      'suspend-account',
      'update-profile',
    ]);
    expect(about.body.total).toBe(2);
    expect(about.body.data[1]).toMatchObject({
      actor: { id: boss.id, username: boss.username },
      target_type: 'user',
      target_id: String(subject.id),
      changes: { after: { name: 'Listed Name' } },
    });

    const byAction = await callApi(env.app, calls.auditLog, { action: 'suspend-account' }, auditor.token);
    expect(byAction.body.data.every((r: { action: string }) => r.action === 'suspend-account')).toBe(true);
    const byActor = await callApi(
      env.app,
      calls.auditLog,
      { actor_id: boss.id, page_limit: 100 },
      auditor.token,
    );
    expect(byActor.body.data.every((r: { actor: { id: number } }) => r.actor.id === boss.id)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const dated = await callApi(
      env.app,
      calls.auditLog,
      { start_date: today, end_date: today },
      auditor.token,
    );
    expect(dated.body.total).toBe(all.body.total);
    const future = await callApi(env.app, calls.auditLog, { start_date: '2100-12-31' }, auditor.token);
    expect(future.body).toMatchObject({ data: [], total: 0 });
    const involving = await callApi(env.app, calls.auditLog, { user_id: subject.id }, auditor.token);
    expect(involving.body.total).toBe(2);
    const paged = await callApi(
      env.app,
      calls.auditLog,
      { target_id: String(subject.id), target_type: 'user', page: 1, page_limit: 1 },
      auditor.token,
    );
    expect(paged.body.data.map((r: { action: string }) => r.action)).toEqual(['update-profile']);
  });

  it('user_id lists what the user did and what was done to them, each entry once', async () => {
    const editor = await makeUser(env.db, { permissions: ['update_profile'] });
    const other = await makeUser(env.db, { platform: true });
    await callApi(env.app, calls.updateProfile, { id: other.id, name: 'By Editor' }, editor.token);
    const res = await callApi(
      env.app,
      calls.changePassword,
      {
        currentPassword: 'secret-password',
        newPassword: 'Another-pass-77',
        confirmPassword: 'Another-pass-77',
      },
      editor.token,
    );
    expect(res.status).toBe(200);
    await callApi(env.app, calls.suspendAccount, { user_id: editor.id }, boss.token);
    const mine = await callApi(env.app, calls.auditLog, { user_id: editor.id }, auditor.token);
    expect(mine.body.data.map((r: { action: string }) => r.action)).toEqual([
      'suspend-account',
      'change-password',
      'update-profile',
    ]);
    expect(mine.body).toMatchObject({ total: 3, total_is_lower_bound: false });
    const deeper = await callApi(
      env.app,
      calls.auditLog,
      { user_id: editor.id, page: 1, page_limit: 2 },
      auditor.token,
    );
    expect(deeper.body.data.map((r: { action: string }) => r.action)).toEqual(['update-profile']);
    // A filter with user_id applies inside both halves, before each stops at the page's end.
    const filtered = await callApi(
      env.app,
      calls.auditLog,
      { user_id: editor.id, action: 'update-profile', page: 0, page_limit: 1 },
      auditor.token,
    );
    expect(filtered.body.data.map((r: { action: string }) => r.action)).toEqual(['update-profile']);
    expect(filtered.body).toMatchObject({ total: 1 });
  });

  it('counts totals up to the cap and flags a lower bound beyond it', async () => {
    process.env.LIST_TOTAL_CAP = '2';
    try {
      const res = await callApi(env.app, calls.auditLog, { page_limit: 5 }, auditor.token);
      expect(res.body).toMatchObject({ total: 2, total_is_lower_bound: true });
      expect(res.body.data).toHaveLength(5);
      const one = await callApi(
        env.app,
        calls.auditLog,
        { action: 'suspend-account', target_type: 'user', target_id: String(subject.id) },
        auditor.token,
      );
      expect(one.body).toMatchObject({ total: 1, total_is_lower_bound: false });
    } finally {
      delete process.env.LIST_TOTAL_CAP;
    }
  });

  it('refuses bad filters with 400', async () => {
    const noType = await callApi(env.app, calls.auditLog, { target_id: '5' }, auditor.token);
    expect(noType.status).toBe(400);
    expect(noType.body.responseMessage).toContain('target_id');
    expect((await callApi(env.app, calls.auditLog, { start_date: 'yesterday' }, auditor.token)).status).toBe(
      400,
    );
    expect((await callApi(env.app, calls.auditLog, { actor_id: 'x' }, auditor.token)).status).toBe(400);
  });

  it('streams the filtered list as CSV', async () => {
    const res = await callApi(
      env.app,
      calls.auditLog,
      { format: 'csv', target_type: 'user', target_id: String(subject.id) },
      auditor.token,
    );
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toContain('text/csv');
    const lines = String(res.body).trim().split('\n');
    expect(lines[0]).toBe(
      'id,created_at,actor_id,actor_username,action,target_type,target_id,changes,ip,user_agent,request_id',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('suspend-account');
    expect(lines[2]).toContain('update-profile');
    expect(lines[2]).toContain('""name"":""Listed Name""');
  });
});
