import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookmarks, devices, follows, postMedia, posts, sessions, users } from '../../db/schema';
import { verifyPassword } from '../../lib/passwords';
import { callApi, calls, makeUser, setupTestApp, type TestEnv } from '../../test/harness';
import { createSession } from '../auth';

let env: TestEnv;
let admin: Awaited<ReturnType<typeof makeUser>>;
let nobody: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  env = await setupTestApp();
  admin = await makeUser(env.db, { superAdmin: true });
  nobody = await makeUser(env.db, { permissions: ['users_list'] });
});
afterAll(async () => {
  await env?.close();
});

const MISSING = 999_999_999;

async function userRow(id: number) {
  const [row] = await env.db.select().from(users).where(eq(users.id, id));
  return row;
}

/** 401 without a token, 403 for staff without the permission, for any call and input. */
async function expectGuarded(call: Parameters<typeof callApi>[1], input: Record<string, unknown>) {
  const anon = await callApi(env.app, call, input);
  expect(anon.status).toBe(401);
  expect(anon.body.responseMessage).toBe('You are not authorized to perform this action');
  const denied = await callApi(env.app, call, input, nobody.token);
  expect(denied.status).toBe(403);
}

describe('user-profile', () => {
  it('answers the userdetails with the last device used', async () => {
    const user = await makeUser(env.db, {
      platform: true,
      values: {
        gender: 'female',
        phone: '+1 555 0100',
        dob: '1990-04-05',
        address: '1 Main St',
        currentLocation: 'Fresno',
        latitude: 36.7,
        longitude: -119.8,
        lastInteracted: new Date('2026-01-02T03:04:05Z'),
      },
    });
    await env.db.insert(devices).values([
      {
        userId: user.id,
        deviceType: 'android',
        deviceOs: '13',
        appVersion: '1.0.0',
        lastUsedAt: new Date('2025-01-01'),
      },
      {
        userId: user.id,
        deviceType: 'ios',
        deviceOs: '17.2',
        appVersion: '2.3.1',
        lastUsedAt: new Date('2026-01-01'),
      },
    ]);
    const staff = await makeUser(env.db, { permissions: ['user_profile'] });
    const res = await callApi(env.app, calls.userProfile, { id: user.id }, staff.token);
    expect(res.status).toBe(200);
    expect(res.body.userdetails).toEqual({
      id: user.id,
      name: expect.any(String),
      gender: 'female',
      email: user.email,
      username: user.username,
      phone: '+1 555 0100',
      dob: '1990-04-05',
      address: '1 Main St',
      current_location: 'Fresno',
      last_interacted: '2026-01-02T03:04:05.000Z',
      avatar: null,
      is_suspended: false,
      is_advertise_enabled: false,
      auto_follow: false,
      latitude: 36.7,
      longitude: -119.8,
      last_device_used: { device_app_version: '2.3.1', device_type: 'ios', device_os: '17.2' },
      deleted_at: null,
      rank: 'platform',
    });
    expect(JSON.stringify(res.body)).not.toContain('password');
  });

  it('answers nulls for a user who never used a device', async () => {
    const user = await makeUser(env.db, { platform: true });
    const res = await callApi(env.app, calls.userProfile, { id: user.id }, admin.token);
    expect(res.body.userdetails.last_device_used).toEqual({
      device_app_version: null,
      device_type: null,
      device_os: null,
    });
  });

  it('refuses a bad id with 400, an unknown id with 404', async () => {
    const bad = await callApi(env.app, calls.userProfile, { id: 'abc' }, admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.responseMessage).toMatch(/^id:/);
    const missing = await callApi(env.app, calls.userProfile, { id: MISSING }, admin.token);
    expect(missing.status).toBe(404);
    expect(missing.body.responseMessage).toBe('User not found');
  });

  it('needs a session and user_profile', async () => {
    await expectGuarded(calls.userProfile, { id: admin.id });
  });
});

describe('followers and following', () => {
  let star: Awaited<ReturnType<typeof makeUser>>;
  const fans: { id: number; name: string }[] = [];
  beforeAll(async () => {
    star = await makeUser(env.db, { platform: true, name: 'Star' });
    const names = ['Alice Walker', 'Bob Stone', 'Carol King'];
    for (const [i, name] of names.entries()) {
      const fan = await makeUser(env.db, { platform: true, name });
      fans.push({ id: fan.id, name });
      // Alice followed first, Carol last.
      await env.db.insert(follows).values({
        followerId: fan.id,
        followingId: star.id,
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      });
    }
    await env.db.insert(follows).values({ followerId: star.id, followingId: fans[0].id });
    // The counters beside each user mirror the follows rows, as everywhere in the data model.
    await env.db.execute(sql`
      UPDATE users u SET
        followers_count = (SELECT count(*) FROM follows f WHERE f.following_id = u.id),
        followings_count = (SELECT count(*) FROM follows f WHERE f.follower_id = u.id)
      WHERE u.id IN (${sql.join(
        [star.id, ...fans.map((f) => f.id)].map((id) => sql`${id}`),
        sql`, `,
      )})`);
  });

  it('lists followers newest first by default with the total', async () => {
    const staff = await makeUser(env.db, { permissions: ['followers'] });
    const res = await callApi(env.app, calls.followers, { user_id: star.id }, staff.token);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.data.map((r: { name: string }) => r.name)).toEqual([
      'Carol King',
      'Bob Stone',
      'Alice Walker',
    ]);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(
      ['avatar', 'created_at', 'email', 'id', 'name', 'phone', 'username'].sort(),
    );
  });

  it('pages, sorts by name and searches name, username or email', async () => {
    const page1 = await callApi(
      env.app,
      calls.followers,
      { user_id: star.id, page: 1, page_limit: 2, order_by: 'name', direction: 'asc' },
      admin.token,
    );
    expect(page1.body.total).toBe(3);
    expect(page1.body.data.map((r: { name: string }) => r.name)).toEqual(['Carol King']);
    const byName = await callApi(
      env.app,
      calls.followers,
      { user_id: star.id, keyword: 'stone' },
      admin.token,
    );
    expect(byName.body.data.map((r: { id: number }) => r.id)).toEqual([fans[1].id]);
    expect(byName.body.total).toBe(1);
    const [carol] = await env.db.select().from(users).where(eq(users.id, fans[2].id));
    const byEmail = await callApi(
      env.app,
      calls.followers,
      { user_id: star.id, keyword: carol.email?.toUpperCase() },
      admin.token,
    );
    expect(byEmail.body.data.map((r: { id: number }) => r.id)).toEqual([fans[2].id]);
    const none = await callApi(
      env.app,
      calls.followers,
      { user_id: star.id, keyword: '100%_x' },
      admin.token,
    );
    expect(none.body).toMatchObject({ data: [], total: 0 });
  });

  it('lists whom a user follows', async () => {
    const staff = await makeUser(env.db, { permissions: ['following'] });
    const res = await callApi(env.app, calls.following, { user_id: star.id }, staff.token);
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { id: number }) => r.id)).toEqual([fans[0].id]);
    expect(res.body.total).toBe(1);
  });

  it('reads deep pages from the far end of the list with the same rows and order', async () => {
    const popular = await makeUser(env.db, { platform: true, name: 'Popular' });
    const tag = `bulk_${popular.id}`;
    // 1,005 followers, fan i following since base + i seconds.
    await env.db.execute(sql`
      WITH fans AS (
        INSERT INTO users (name, username, email)
        SELECT 'Bulk Fan ' || i, ${tag} || '_' || i, ${tag} || '_' || i || '@example.com'
          FROM generate_series(0, 1004) i
        RETURNING id, name
      )
      INSERT INTO follows (follower_id, following_id, created_at)
      SELECT id, ${popular.id}, timestamptz '2025-01-01' + (split_part(name, ' ', 3)::int) * interval '1 second'
        FROM fans`);
    await env.db.execute(sql`UPDATE users SET followers_count = 1005 WHERE id = ${popular.id}`);
    const names = async (input: Record<string, unknown>) => {
      const res = await callApi(env.app, calls.followers, { user_id: popular.id, ...input }, admin.token);
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(1005);
      return res.body.data.map((r: { name: string }) => r.name);
    };
    const fan = (i: number) => `Bulk Fan ${i}`;
    expect(await names({})).toEqual([1004, 1003, 1002, 1001, 1000, 999, 998, 997, 996, 995].map(fan));
    expect(await names({ page: 10, page_limit: 100 })).toEqual([4, 3, 2, 1, 0].map(fan));
    expect(await names({ page: 1003, page_limit: 1 })).toEqual([fan(1)]);
    expect(await names({ page: 100, page_limit: 10 })).toEqual([4, 3, 2, 1, 0].map(fan));
    expect(await names({ page: 99, page_limit: 10 })).toEqual([14, 13, 12, 11, 10, 9, 8, 7, 6, 5].map(fan));
    expect(await names({ page: 10, page_limit: 100, direction: 'asc' })).toEqual(
      [1000, 1001, 1002, 1003, 1004].map(fan),
    );
    expect(await names({ page: 11, page_limit: 100 })).toEqual([]);
  });

  it('refuses unknown sort columns and missing user_id with 400', async () => {
    const sort = await callApi(
      env.app,
      calls.followers,
      { user_id: star.id, order_by: 'password_hash' },
      admin.token,
    );
    expect(sort.status).toBe(400);
    expect(sort.body.responseMessage).toMatch(/^order_by:/);
    const noUser = await callApi(env.app, calls.following, {}, admin.token);
    expect(noUser.status).toBe(400);
    expect(noUser.body.responseMessage).toMatch(/^user_id:/);
  });

  it('answers 404 for an unknown user', async () => {
    const res = await callApi(env.app, calls.followers, { user_id: MISSING }, admin.token);
    expect(res.status).toBe(404);
  });

  it('needs followers / following', async () => {
    await expectGuarded(calls.followers, { user_id: star.id });
    await expectGuarded(calls.following, { user_id: star.id });
    const onlyFollowers = await makeUser(env.db, { permissions: ['followers'] });
    const res = await callApi(env.app, calls.following, { user_id: star.id }, onlyFollowers.token);
    expect(res.status).toBe(403);
  });
});

describe('favourites', () => {
  it("lists a user's bookmarks, newest id first, with the post's first image", async () => {
    const owner = await makeUser(env.db, { platform: true });
    const reader = await makeUser(env.db, { platform: true });
    const [p1, p2] = await env.db
      .insert(posts)
      .values([
        { userId: owner.id, title: 'Red shoes', description: 'Nice', searchTerm: 'shoes', type: 'image' },
        { userId: owner.id, title: 'A clip', description: null, searchTerm: 'clip', type: 'raw_video' },
      ])
      .returning();
    await env.db.insert(postMedia).values([
      { postId: p1.id, image: '/media/b.jpg', position: 1 },
      { postId: p1.id, image: '/media/a.jpg', position: 0 },
    ]);
    const [b1] = await env.db.insert(bookmarks).values({ userId: reader.id, postId: p1.id }).returning();
    const [b2] = await env.db.insert(bookmarks).values({ userId: reader.id, postId: p2.id }).returning();
    const staff = await makeUser(env.db, { permissions: ['favourites'] });
    const res = await callApi(env.app, calls.favourites, { userId: reader.id }, staff.token);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.data).toEqual([
      { id: b2.id, image: null, search_term: 'clip', type: 'raw_video', title: 'A clip', description: null },
      {
        id: b1.id,
        image: '/media/a.jpg',
        search_term: 'shoes',
        type: 'image',
        title: 'Red shoes',
        description: 'Nice',
      },
    ]);
    const asc = await callApi(
      env.app,
      calls.favourites,
      { userId: reader.id, direction: 'asc', page_limit: 1 },
      staff.token,
    );
    expect(asc.body.data.map((r: { id: number }) => r.id)).toEqual([b1.id]);
  });

  it('refuses bad input, unknown users and missing grants', async () => {
    const bad = await callApi(env.app, calls.favourites, { userId: 1, page_limit: 1000 }, admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.responseMessage).toMatch(/^page_limit:/);
    const missing = await callApi(env.app, calls.favourites, { userId: MISSING }, admin.token);
    expect(missing.status).toBe(404);
    await expectGuarded(calls.favourites, { userId: admin.id });
  });
});

describe('suspend-account and revoke-suspended-account', () => {
  it('suspends a staff member, ends their sessions, and lifts the suspension (a super admin)', async () => {
    const staff = await makeUser(env.db, { superAdmin: true });
    const target = await makeUser(env.db, { permissions: ['users_list'] });
    const res = await callApi(env.app, calls.suspendAccount, { user_id: target.id }, staff.token);
    expect(res.status).toBe(200);
    expect(res.body.responseMessage).toBe('Account has been suspended successfully');
    expect(res.body.userdetails.is_suspended).toBe(true);
    expect((await userRow(target.id)).isSuspended).toBe(true);
    const live = await env.db.select().from(sessions).where(eq(sessions.userId, target.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    const old = await callApi(env.app, calls.usersList, {}, target.token);
    expect(old.status).toBe(401);

    const again = await callApi(env.app, calls.suspendAccount, { user_id: target.id }, staff.token);
    expect(again.status).toBe(409);
    expect(again.body.responseMessage).toBe('This account is already suspended');

    const lift = await callApi(
      env.app,
      calls.revokeSuspendedAccount,
      { user_id: target.id, revoke: 1 },
      staff.token,
    );
    expect(lift.status).toBe(200);
    expect(lift.body.responseMessage).toBe('Account suspension has been revoked successfully');
    expect((await userRow(target.id)).isSuspended).toBe(false);
    const liftAgain = await callApi(
      env.app,
      calls.revokeSuspendedAccount,
      { user_id: target.id },
      staff.token,
    );
    expect(liftAgain.status).toBe(409);
  });

  it('refuses to suspend oneself, and a super admin unless one is', async () => {
    const staff = await makeUser(env.db, { permissions: ['suspend_account'] });
    const self = await callApi(env.app, calls.suspendAccount, { user_id: staff.id }, staff.token);
    expect(self.status).toBe(403);
    expect((await userRow(staff.id)).isSuspended).toBe(false);
    const boss = await makeUser(env.db, { superAdmin: true });
    const bossSelf = await callApi(env.app, calls.suspendAccount, { user_id: boss.id }, boss.token);
    expect(bossSelf.status).toBe(409);
    expect(bossSelf.body.responseMessage).toBe('You cannot suspend your own account');
    const up = await callApi(env.app, calls.suspendAccount, { user_id: boss.id }, staff.token);
    expect(up.status).toBe(403);
    expect((await userRow(boss.id)).isSuspended).toBe(false);
  });

  it('refuses bad input, unknown users and missing grants', async () => {
    for (const call of [calls.suspendAccount, calls.revokeSuspendedAccount]) {
      const bad = await callApi(env.app, call, {}, admin.token);
      expect(bad.status).toBe(400);
      expect(bad.body.responseMessage).toMatch(/user_id/);
      const missing = await callApi(env.app, call, { user_id: MISSING }, admin.token);
      expect(missing.status).toBe(404);
      await expectGuarded(call, { user_id: nobody.id });
    }
    expect((await userRow(nobody.id)).isSuspended).toBe(false);
  });
});

describe('update-profile', () => {
  it('changes only the one field sent', async () => {
    const staff = await makeUser(env.db, { permissions: ['update_profile'] });
    const user = await makeUser(env.db, { platform: true, values: { address: 'Old street', phone: '123' } });
    const before = await userRow(user.id);
    const cases: [string, string, keyof typeof before][] = [
      ['name', 'New Name', 'name'],
      ['gender', 'male', 'gender'],
      ['phone', '+44 20 7946 0000', 'phone'],
      ['dob', '1985-12-31', 'dob'],
      ['address', '  2 High Road ', 'address'],
      ['current_location', 'London', 'currentLocation'],
      ['username', `renamed_${user.id}`, 'username'],
      ['email', `renamed_${user.id}@example.org`, 'email'],
    ];
    for (const [field, value, column] of cases) {
      const res = await callApi(env.app, calls.updateProfile, { id: user.id, [field]: value }, staff.token);
      expect(res.status, field).toBe(200);
      expect(res.body.responseMessage).toBe('Profile has been updated successfully');
      expect(res.body.userdetails[field]).toBe(value.trim());
      expect((await userRow(user.id))[column]).toBe(value.trim());
    }
    const after = await userRow(user.id);
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.isSuspended).toBe(false);
  });

  it("answers the spec's required messages and writes nothing", async () => {
    const user = await makeUser(env.db, { platform: true });
    const before = await userRow(user.id);
    const messages: Record<string, string> = {
      name: 'Name is required',
      username: 'Username is required',
      gender: 'Gender is required',
      email: 'Email is required',
      phone: 'Phone is required',
      dob: 'Date of Birth is required',
      address: 'Address is required',
      current_location: 'Current Location is required',
    };
    for (const [field, message] of Object.entries(messages)) {
      const res = await callApi(env.app, calls.updateProfile, { id: user.id, [field]: '  ' }, admin.token);
      expect(res.status, field).toBe(400);
      expect(res.body.responseMessage).toContain(message);
    }
    expect(await userRow(user.id)).toEqual(before);
  });

  it('refuses bad values, two fields, no field and unknown fields with 400', async () => {
    const user = await makeUser(env.db, { platform: true });
    const before = await userRow(user.id);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ gender: 'other' }, /^gender: must be male or female/],
      [{ email: 'not-an-email' }, /^email: must be a valid email/],
      [{ dob: '31-12-1990' }, /dob/],
      [{ dob: '2999-01-01' }, /^dob: cannot be in the future/],
      [{ phone: 'call me' }, /^phone:/],
      [{ username: 'has space' }, /^username:/],
      [{ name: 'A', address: 'B' }, /exactly one field/],
      [{}, /exactly one field/],
      [{ name: 'A', is_sup_admin: true }, /is_sup_admin/],
      [{ password_hash: 'x' }, /password_hash/],
    ];
    for (const [input, message] of cases) {
      const res = await callApi(env.app, calls.updateProfile, { id: user.id, ...input }, admin.token);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.body.responseMessage).toMatch(message);
    }
    expect(await userRow(user.id)).toEqual(before);
  });

  it('answers 409 for a username or email another user has, in any case', async () => {
    const other = await makeUser(env.db, { platform: true });
    const user = await makeUser(env.db, { platform: true });
    const name = await callApi(
      env.app,
      calls.updateProfile,
      { id: user.id, username: other.username.toUpperCase() },
      admin.token,
    );
    expect(name.status).toBe(409);
    expect(name.body.responseMessage).toBe('This username is already taken');
    const mail = await callApi(
      env.app,
      calls.updateProfile,
      { id: user.id, email: other.email },
      admin.token,
    );
    expect(mail.status).toBe(409);
    expect(mail.body.responseMessage).toBe('This email is already in use');
    expect((await userRow(user.id)).username).toBe(user.username);
    // Saving one's own value again is not a clash.
    const same = await callApi(env.app, calls.updateProfile, { id: user.id, email: user.email }, admin.token);
    expect(same.status).toBe(200);
  });

  it('answers 404 for an unknown user and needs update_profile', async () => {
    const missing = await callApi(env.app, calls.updateProfile, { id: MISSING, name: 'X' }, admin.token);
    expect(missing.status).toBe(404);
    await expectGuarded(calls.updateProfile, { id: nobody.id, name: 'Hacked' });
    expect((await userRow(nobody.id)).name).not.toBe('Hacked');
  });
});

describe('change-app-password', () => {
  it("sets the user's password and signs out their sessions", async () => {
    const staff = await makeUser(env.db, { permissions: ['change_app_password'] });
    const user = await makeUser(env.db, { platform: true });
    await createSession(env.db, user.id, 'user');
    const res = await callApi(
      env.app,
      calls.changeAppPassword,
      { user_id: user.id, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' },
      staff.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.responseMessage).toBe('App password has been changed successfully');
    expect(await verifyPassword((await userRow(user.id)).passwordHash, 'brand-new-pass')).toBe(true);
    const live = await env.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(live.length).toBe(1);
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
  });

  it("answers the spec's messages and a mismatch, writing nothing", async () => {
    const user = await makeUser(env.db, { password: 'unchanged-pass' });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ password_confirmation: 'abcdefghijkl' }, /Password is required/],
      [{ password: '', password_confirmation: 'abcdefghijkl' }, /Password is required/],
      [{ password: 'abcdefghijkl' }, /Password confirmation is required/],
      [{ password: 'abcdefghijkl', password_confirmation: '' }, /Password confirmation is required/],
      [
        { password: 'abcdefghijkl', password_confirmation: 'abcdefghijkX' },
        /^password_confirmation: must match/,
      ],
      [{ password: 'short', password_confirmation: 'short' }, /^password: at least 12/],
      [{ user_id: 'x', password: 'abcdefghijkl', password_confirmation: 'abcdefghijkl' }, /user_id/],
      [
        { password: 'unchanged-pass', password_confirmation: 'unchanged-pass' },
        /^Password must differ from the current password$/,
      ],
      [
        { password: 'password1234', password_confirmation: 'password1234' },
        /^Password is too easy to guess\. This is (similar to )?a commonly used password/,
      ],
    ];
    for (const [input, message] of cases) {
      const res = await callApi(
        env.app,
        calls.changeAppPassword,
        { user_id: user.id, ...input },
        admin.token,
      );
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.body.responseMessage).toMatch(message);
    }
    expect(await verifyPassword((await userRow(user.id)).passwordHash, 'unchanged-pass')).toBe(true);
  });

  it('answers 404 for an unknown user and needs change_app_password', async () => {
    const input = { password: 'abcdefghijkl', password_confirmation: 'abcdefghijkl' };
    const missing = await callApi(
      env.app,
      calls.changeAppPassword,
      { user_id: MISSING, ...input },
      admin.token,
    );
    expect(missing.status).toBe(404);
    await expectGuarded(calls.changeAppPassword, { user_id: admin.id, ...input });
  });
});

describe('make-user-autofollow and enable-advertise', () => {
  it('toggles automatic follow on and off', async () => {
    const staff = await makeUser(env.db, { permissions: ['manage_autofollow'] });
    const user = await makeUser(env.db, { platform: true });
    const on = await callApi(env.app, calls.makeUserAutofollow, { user_id: user.id }, staff.token);
    expect(on.status).toBe(200);
    expect(on.body.responseMessage).toBe('Automatic follow has been enabled');
    expect(on.body.userdetails.auto_follow).toBe(true);
    expect((await userRow(user.id)).autoFollow).toBe(true);
    const off = await callApi(env.app, calls.makeUserAutofollow, { user_id: user.id }, staff.token);
    expect(off.body.responseMessage).toBe('Automatic follow has been disabled');
    expect((await userRow(user.id)).autoFollow).toBe(false);
  });

  it('toggles advertising on and off', async () => {
    const staff = await makeUser(env.db, { permissions: ['enable_advertise'] });
    const user = await makeUser(env.db, { platform: true });
    const on = await callApi(env.app, calls.enableAdvertise, { id: user.id }, staff.token);
    expect(on.status).toBe(200);
    expect(on.body.responseMessage).toBe('Advertising has been enabled');
    expect((await userRow(user.id)).isAdvertiseEnabled).toBe(true);
    const off = await callApi(env.app, calls.enableAdvertise, { id: user.id }, staff.token);
    expect(off.body.responseMessage).toBe('Advertising has been disabled');
    expect((await userRow(user.id)).isAdvertiseEnabled).toBe(false);
  });

  it('refuses bad input, unknown users and missing grants', async () => {
    const bad = await callApi(env.app, calls.makeUserAutofollow, { user_id: -3 }, admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.responseMessage).toMatch(/^user_id:/);
    const badId = await callApi(env.app, calls.enableAdvertise, { id: 'x' }, admin.token);
    expect(badId.status).toBe(400);
    expect(badId.body.responseMessage).toMatch(/^id:/);
    expect((await callApi(env.app, calls.makeUserAutofollow, { user_id: MISSING }, admin.token)).status).toBe(
      404,
    );
    expect((await callApi(env.app, calls.enableAdvertise, { id: MISSING }, admin.token)).status).toBe(404);
    await expectGuarded(calls.makeUserAutofollow, { user_id: nobody.id });
    await expectGuarded(calls.enableAdvertise, { id: nobody.id });
    const row = await userRow(nobody.id);
    expect(row.autoFollow).toBe(false);
    expect(row.isAdvertiseEnabled).toBe(false);
  });
});
