import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { USERS_CSV_COLUMNS } from '@admin/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, userReports, type users } from '../../db/schema';
import { uncheckedRows } from '../../db/sql';
import { callApi, calls, type MadeUser, makeUser, setupTestApp, sql, type TestEnv } from '../../test/harness';

let env: TestEnv;
let admin: MadeUser;
let lister: MadeUser;
let csvHolder: MadeUser;
let outsider: MadeUser;
// A marker unique to this file's rows so searches only see them.
const tag = `zq${Date.now().toString(36)}`;

beforeAll(async () => {
  env = await setupTestApp();
  admin = await makeUser(env.db, { superAdmin: true });
  lister = await makeUser(env.db, { permissions: ['users_list', 'reported_users', 'admin_users_list'] });
  csvHolder = await makeUser(env.db, { permissions: ['users_list', 'users_list_csv'] });
  outsider = await makeUser(env.db, { permissions: ['dashboard_data'] });
});
afterAll(async () => {
  await env?.close();
});

async function platformUser(name: string, values: Partial<typeof users.$inferInsert> = {}) {
  return makeUser(env.db, { platform: true, name: `${tag} ${name}`, values });
}

describe('users-list', () => {
  let alice: MadeUser;
  let bob: MadeUser;
  let carol: MadeUser;
  beforeAll(async () => {
    alice = await platformUser('Alice', { lastInteracted: new Date(), phone: '+1 555' });
    bob = await platformUser('Bob');
    carol = await platformUser('Carol, "the" =1+1');
    await platformUser('Deleted Dan', { deletedAt: new Date(), followersCount: 7, followingsCount: 3 });
    await env.db.insert(devices).values([
      {
        userId: alice.id,
        deviceType: 'ios',
        deviceOs: '17.1',
        appVersion: '2.0.0',
        lastUsedAt: new Date(Date.now() - 60_000),
      },
      { userId: alice.id, deviceType: 'ios', deviceOs: '17.4', appVersion: '2.1.0', lastUsedAt: new Date() },
    ]);
  });

  it('searches by name, sorts by name ascending by default and pages from 0', async () => {
    const res = await callApi(env.app, calls.usersList, { query: tag, page_limit: 2 }, lister.token);
    expect(res.status).toBe(200);
    expect(res.body.total_users).toBe(3);
    expect(res.body.users.map((u: { id: number }) => u.id)).toEqual([alice.id, bob.id]);
    const alicesRow = res.body.users[0];
    expect(alicesRow).toMatchObject({ device: '17.4', device_app_version: '2.1.0', phone: '+1 555' });
    expect(alicesRow.last_interacted).not.toBeNull();
    const next = await callApi(
      env.app,
      calls.usersList,
      { query: tag, page_limit: 2, page: 1 },
      lister.token,
    );
    expect(next.body.users.map((u: { id: number }) => u.id)).toEqual([carol.id]);
  });

  it('toggles the direction and sorts by other columns', async () => {
    const res = await callApi(
      env.app,
      calls.usersList,
      { query: tag, order_by: 'name', direction: 'desc' },
      lister.token,
    );
    expect(res.body.users.map((u: { id: number }) => u.id)).toEqual([carol.id, bob.id, alice.id]);
    const byUsername = await callApi(env.app, calls.usersList, { query: alice.username }, lister.token);
    expect(byUsername.body.users.map((u: { id: number }) => u.id)).toEqual([alice.id]);
  });

  it('treats % and _ in the search as text', async () => {
    const res = await callApi(env.app, calls.usersList, { query: `${tag}%` }, lister.token);
    expect(res.body.total_users).toBe(0);
    expect(res.body.users).toEqual([]);
  });

  it('refuses an unknown sort column and a page size over 100, naming the field', async () => {
    const bad = await callApi(env.app, calls.usersList, { order_by: 'password_hash' }, lister.token);
    expect(bad.status).toBe(400);
    expect(bad.body.responseMessage).toMatch(/^order_by:/);
    const big = await callApi(env.app, calls.usersList, { page_limit: 500 }, lister.token);
    expect(big.status).toBe(400);
    expect(big.body.responseMessage).toMatch(/^page_limit:/);
  });

  it('answers 401 without a session and 403 without users_list', async () => {
    expect((await callApi(env.app, calls.usersList, {})).status).toBe(401);
    expect((await callApi(env.app, calls.usersList, {}, outsider.token)).status).toBe(403);
  });

  it('streams the filtered list as CSV with users_list_csv, formulas neutralised', async () => {
    const res = await callApi(env.app, calls.usersList, { format: 'csv', query: tag }, csvHolder.token);
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toContain('text/csv');
    expect(res.raw.headers['content-disposition']).toContain('users.csv');
    const lines = String(res.body).trimEnd().split('\n');
    expect(lines[0]).toBe(USERS_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(new RegExp(`^${alice.id},${tag} Alice,${alice.username},`));
    expect(lines[1]).toContain(',+1 555,17.4,2.1.0,');
    expect(lines[1]).toMatch(/,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(lines[3]).toContain(`"${tag} Carol, ""the"" =1+1"`);
  });

  it('streams every row in id order across batch boundaries (keyset) with no duplicates', async () => {
    const res = await callApi(env.app, calls.usersList, { format: 'csv' }, csvHolder.token);
    const lines = String(res.body).trimEnd().split('\n').slice(1);
    const ids = lines.map((l) => Number(l.split(',')[0]));
    // The unfiltered export finds each user's newest device another way than a search does.
    expect(lines.find((l) => l.startsWith(`${alice.id},`))).toContain(',+1 555,17.4,2.1.0,');
    const expected = uncheckedRows<{ id: number }>(
      await env.db.execute(sql`SELECT id FROM users WHERE deleted_at IS NULL AND NOT is_admin ORDER BY id`),
    ).map((r) => r.id);
    expect(ids).toEqual(expected);
  });

  it('neutralises a name that starts a formula', async () => {
    const evil = await platformUser('x', { name: `=HYPERLINK("http://evil")${tag}` });
    const res = await callApi(
      env.app,
      calls.usersList,
      { format: 'csv', query: evil.username },
      csvHolder.token,
    );
    expect(String(res.body)).toContain(`"'=HYPERLINK(""http://evil"")${tag}"`);
  });

  it.runIf(!!process.env.DATABASE_URL)(
    'gives its COPY connection up when the client leaves mid-stream (PostgreSQL)',
    async () => {
      // Own prefix (not the file's tag) so these rows stay out of the other searches here.
      const many = `csvabort${Date.now().toString(36)}`;
      await env.db.execute(sql`INSERT INTO users (name, username, email)
        SELECT ${many} || ' ' || g, ${many} || '_' || g, ${many} || '_' || g || '@example.com'
          FROM generate_series(1, 30000) g`);
      const address = await env.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = env.app.server.address() as AddressInfo;
      const pool = env.database.pool as NonNullable<typeof env.database.pool>;
      const firstChunk = await new Promise<number>((resolve, reject) => {
        const req = http.get(
          `http://127.0.0.1:${port}/api/v2/users-list?format=csv&query=${many}`,
          { headers: { authorization: `Bearer ${csvHolder.token}`, 'accept-encoding': 'identity' } },
          (res) => {
            res.once('data', (chunk: Buffer) => {
              req.destroy();
              resolve(chunk.length);
            });
          },
        );
        req.on('error', (e) => (e.message.includes('socket hang up') ? undefined : reject(e)));
      });
      expect(firstChunk).toBeGreaterThan(0);
      expect(address).toContain('127.0.0.1');
      // The COPY's connection is dropped (not returned mid-COPY) and nothing stays checked out.
      await expect.poll(() => pool.totalCount - pool.idleCount, { timeout: 60_000 }).toBe(0);
      const again = await callApi(env.app, calls.usersList, { format: 'csv', query: many }, csvHolder.token);
      expect(String(again.body).trimEnd().split('\n')).toHaveLength(30001);
    },
  );

  it('refuses the CSV without users_list_csv', async () => {
    const res = await callApi(env.app, calls.usersList, { format: 'csv' }, lister.token);
    expect(res.status).toBe(403);
    expect(res.body.responseMessage).toContain('users_list_csv');
  });

  it('refuses an unknown format', async () => {
    const res = await callApi(env.app, calls.usersList, { format: 'xml' }, csvHolder.token);
    expect(res.status).toBe(400);
    expect(res.body.responseMessage).toMatch(/^format:/);
  });
});

describe('deleted-users', () => {
  it('lists only deleted users with their follower counts', async () => {
    const res = await callApi(env.app, calls.deletedUsers, { query: tag }, lister.token);
    expect(res.status).toBe(200);
    expect(res.body.total_users).toBe(1);
    expect(res.body.users[0]).toMatchObject({
      name: `${tag} Deleted Dan`,
      followers_count: 7,
      followings_count: 3,
    });
  });

  it('refuses a bad direction, no session and a missing permission', async () => {
    const bad = await callApi(env.app, calls.deletedUsers, { direction: 'up' }, lister.token);
    expect(bad.status).toBe(400);
    expect(bad.body.responseMessage).toMatch(/^direction:/);
    expect((await callApi(env.app, calls.deletedUsers, {})).status).toBe(401);
    expect((await callApi(env.app, calls.deletedUsers, {}, outsider.token)).status).toBe(403);
  });
});

describe('reported-users', () => {
  let target: MadeUser;
  let reporter: MadeUser;
  beforeAll(async () => {
    target = await platformUser('Reported Rita', { phone: '123' });
    reporter = await platformUser('Reporter Ray');
    await env.db.insert(userReports).values([
      {
        reportedUserId: target.id,
        reportedById: reporter.id,
        reason: 'spam',
        createdAt: new Date('2026-01-02T03:04:05Z'),
      },
    ]);
  });

  it('answers one row a report with the spec fields', async () => {
    const res = await callApi(env.app, calls.reportedUsers, { query: tag }, lister.token);
    expect(res.status).toBe(200);
    expect(res.body.total_users).toBe(1);
    expect(res.body.users[0]).toMatchObject({
      reported_user_id: target.id,
      reportedUser: `${tag} Reported Rita`,
      reportedUserImage: null,
      reportedUserEmail: target.email,
      reportedUserPhone: '123',
      reportedBy: `${tag} Reporter Ray`,
      created_at: '2026-01-02T03:04:05.000Z',
    });
  });

  it('refuses a bad sort, no session and a missing permission', async () => {
    const bad = await callApi(env.app, calls.reportedUsers, { order_by: 'phone' }, lister.token);
    expect(bad.status).toBe(400);
    expect(bad.body.responseMessage).toMatch(/^order_by:/);
    expect((await callApi(env.app, calls.reportedUsers, {})).status).toBe(401);
    expect((await callApi(env.app, calls.reportedUsers, {}, outsider.token)).status).toBe(403);
  });
});

describe('admin-users-list', () => {
  it('lists backend users with their groups as auth_user_group', async () => {
    const staff = await makeUser(env.db, { name: `${tag} Staff Sue`, groupPermissions: ['users_list'] });
    const res = await callApi(env.app, calls.adminUsersList, { query: staff.username }, lister.token);
    expect(res.status).toBe(200);
    expect(res.body.total_users).toBe(1);
    const [row] = res.body.users;
    expect(row).toMatchObject({ id: staff.id, is_sup_admin: 0 });
    expect(row.auth_user_group).toHaveLength(1);
    expect(row.auth_user_group[0].auth_group).toMatchObject({ name: expect.stringMatching(/^Group /) });
    // Platform users are not backend users.
    const none = await callApi(env.app, calls.adminUsersList, { query: `${tag} Alice` }, lister.token);
    expect(none.body.total_users).toBe(0);
  });

  it('refuses bad paging, no session and a missing permission', async () => {
    const bad = await callApi(env.app, calls.adminUsersList, { page: -1 }, lister.token);
    expect(bad.status).toBe(400);
    expect(bad.body.responseMessage).toMatch(/^page:/);
    expect((await callApi(env.app, calls.adminUsersList, {})).status).toBe(401);
    expect((await callApi(env.app, calls.adminUsersList, {}, outsider.token)).status).toBe(403);
  });
});

describe('create-user', () => {
  const input = (over: Record<string, unknown> = {}) => {
    const u = `new_${Math.random().toString(36).slice(2, 10)}`;
    return { name: 'New Person', username: u, email: `${u}@example.com`, password: 'long-enough-1', ...over };
  };

  it('creates a platform user who then shows in the users list', async () => {
    const body = input({ phone: '+44 20 7946 0000' });
    const res = await callApi(env.app, calls.createUser, body, admin.token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ responseCode: 201, responseMessage: 'User created successfully' });
    expect(res.body.data).toMatchObject({ username: body.username, phone: '+44 20 7946 0000' });
    const [row] = uncheckedRows<{ is_admin: boolean; password_hash: string }>(
      await env.db.execute(sql`SELECT is_admin, password_hash FROM users WHERE id = ${res.body.data.id}`),
    );
    expect(row.is_admin).toBe(false);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const list = await callApi(env.app, calls.usersList, { query: body.username }, lister.token);
    expect(list.body.total_users).toBe(1);
  });

  it('creates a backend user with is_admin true who appears among backend users', async () => {
    const body = input({ is_admin: true });
    const res = await callApi(env.app, calls.createUser, body, admin.token);
    expect(res.status).toBe(201);
    const list = await callApi(env.app, calls.adminUsersList, { query: body.username }, lister.token);
    expect(list.body.users[0]).toMatchObject({ username: body.username, auth_user_group: [] });
  });

  it.each([
    ['name', 'Name is required'],
    ['username', 'Username is required'],
    ['email', 'Email is required'],
    ['password', 'Password is required'],
  ])('refuses a missing %s with the spec message and writes nothing', async (field, message) => {
    const body = input({ [field]: undefined });
    const res = await callApi(env.app, calls.createUser, body, admin.token);
    expect(res.status).toBe(400);
    expect(res.body.responseMessage).toBe(message);
    const blank = await callApi(env.app, calls.createUser, { ...body, [field]: '  ' }, admin.token);
    expect(blank.status).toBe(400);
    expect(blank.body.responseMessage).toBe(message);
    if (body.username) {
      const rows = uncheckedRows(
        await env.db.execute(sql`SELECT 1 FROM users WHERE username = ${body.username}`),
      );
      expect(rows).toHaveLength(0);
    }
  });

  it('refuses a malformed email and a short password, naming the field', async () => {
    const email = await callApi(env.app, calls.createUser, input({ email: 'nope' }), admin.token);
    expect(email.status).toBe(400);
    expect(email.body.responseMessage).toBe('email: must be a valid email address');
    const pw = await callApi(env.app, calls.createUser, input({ password: 'short' }), admin.token);
    expect(pw.status).toBe(400);
    expect(pw.body.responseMessage).toBe('password: at least 12 characters');
  });

  it('refuses a guessable password, saying why, and creates nobody', async () => {
    const body = input({ password: 'password1234' });
    const weak = await callApi(env.app, calls.createUser, body, admin.token);
    expect(weak.status).toBe(400);
    expect(weak.body.responseMessage).toMatch(
      /^Password is too easy to guess\. This is (similar to )?a commonly used password/,
    );
    const mine = input();
    const own = await callApi(
      env.app,
      calls.createUser,
      { ...mine, password: `${mine.username}!` },
      admin.token,
    );
    expect(own.status).toBe(400);
    expect(own.body.responseMessage).toMatch(/^Password is too easy to guess/);
    const rows = uncheckedRows(
      await env.db.execute(sql`SELECT id FROM users WHERE username = ${body.username}`),
    );
    expect(rows).toHaveLength(0);
  });

  it('answers 409 for a taken username or email, whatever the case', async () => {
    const first = input();
    expect((await callApi(env.app, calls.createUser, first, admin.token)).status).toBe(201);
    const sameName = await callApi(
      env.app,
      calls.createUser,
      input({ username: first.username.toUpperCase() }),
      admin.token,
    );
    expect(sameName.status).toBe(409);
    expect(sameName.body.responseMessage).toBe(
      `The username '${first.username.toUpperCase()}' is already taken`,
    );
    const sameEmail = await callApi(env.app, calls.createUser, input({ email: first.email }), admin.token);
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.responseMessage).toBe(`The email '${first.email}' is already in use`);
  });

  it('answers 401 without a session and 403 without create_user', async () => {
    expect((await callApi(env.app, calls.createUser, input())).status).toBe(401);
    expect((await callApi(env.app, calls.createUser, input(), lister.token)).status).toBe(403);
  });
});
