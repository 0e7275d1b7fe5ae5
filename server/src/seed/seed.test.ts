import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { uncheckedRows } from '../db/sql';
import { weakPasswordReason } from '../lib/password-strength';
import { verifyPassword } from '../lib/passwords';
import { callApi, calls, makeUser, setupTestApp, type TestEnv } from '../test/harness';
import { type DemoAccount, seedDemo, seedScale, writeDemoAccounts } from '.';
import { withIndexesDeferred } from './scale';

let env: TestEnv;
let admin: Awaited<ReturnType<typeof makeUser>>;
let staffAccounts: DemoAccount[];
const mediaDir = () => path.join(env.dataDir, 'media');

async function count(table: string, where = 'true'): Promise<number> {
  return uncheckedRows<{ n: number }>(
    await env.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`)),
  )[0].n;
}

beforeAll(async () => {
  env = await setupTestApp();
  admin = await makeUser(env.db, { superAdmin: true });
  ({ staffAccounts } = await seedDemo(env.db, { users: 60, mediaDir: mediaDir() }));
});

afterAll(async () => {
  await env.close();
});

describe('demo seed', () => {
  it('fills every table of the data model', async () => {
    const tables = uncheckedRows<{ tablename: string }>(
      await env.db.execute(sql`SELECT tablename FROM pg_tables WHERE schemaname = current_schema()`),
    ).map((t) => t.tablename);
    // Sign-in bookkeeping is written by people signing in (the addresses they came from too),
    // second factors are enrolled by their owners (a passkey needs the owner's authenticator, a
    // secret seeded for them would be one nobody holds), map_cells is a cache the map service
    // builds from users; a new table of the data model belongs in the demo seed.
    const notSeeded = new Set([
      'login_challenges',
      'sign_in_counters',
      'password_resets',
      'sign_in_addresses',
      'passkeys',
      'totp_secrets',
      'recovery_codes',
      'map_cells',
    ]);
    const empty: string[] = [];
    for (const t of tables.filter((t) => !notSeeded.has(t))) {
      if ((await count(t)) === 0) {
        empty.push(t);
      }
    }
    expect(tables.length).toBeGreaterThan(30);
    expect(empty).toEqual([]);
  });

  it('leaves planner statistics on every table (PGlite has no autovacuum to gather them)', async () => {
    const never = uncheckedRows<{ relname: string }>(
      await env.db.execute(
        sql`SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.reltuples < 0`,
      ),
    ).map((r) => r.relname);
    expect(never).toEqual([]);
  });

  it('keeps follower and following counters equal to the follows rows', async () => {
    expect(await count('follows')).toBeGreaterThan(50);
    const wrong = await count(
      'users u',
      `u.followers_count <> (SELECT count(*) FROM follows f WHERE f.following_id = u.id)
       OR u.followings_count <> (SELECT count(*) FROM follows f WHERE f.follower_id = u.id)`,
    );
    expect(wrong).toBe(0);
  });

  it('keeps post like, view and bookmark counters equal to their rows', async () => {
    const wrong = await count(
      'posts p',
      `p.like_count <> (SELECT count(*) FROM post_likes l WHERE l.post_id = p.id)
       OR p.views_count <> (SELECT count(*) FROM post_views v WHERE v.post_id = p.id)
       OR p.bookmarks_count <> (SELECT count(*) FROM bookmarks b WHERE b.post_id = p.id)`,
    );
    expect(wrong).toBe(0);
  });

  it('seeds the requested users, some online now, deleted, suspended and without location', async () => {
    expect(await count('users', 'NOT is_admin')).toBe(60);
    expect(
      await count('users', "NOT is_admin AND last_interacted > now() - interval '60 seconds'"),
    ).toBeGreaterThan(0);
    expect(await count('users', 'NOT is_admin AND latitude IS NULL')).toBeGreaterThan(0);
    expect(
      await count('users', 'NOT is_admin AND latitude BETWEEN 32 AND 42 AND longitude BETWEEN -125 AND -114'),
    ).toBeGreaterThan(40);
  });

  it('has campaigns in every status, and post media of both kinds', async () => {
    const statuses = uncheckedRows<{ status: string }>(
      await env.db.execute(sql`SELECT DISTINCT status FROM campaigns ORDER BY status`),
    ).map((r) => r.status);
    expect(statuses).toEqual(['Approved', 'Completed', 'Declined', 'Draft', 'Paused', 'Pending', 'Running']);
    expect(
      await count('campaign_status_history', "status = 'Declined' AND decline_reason IS NOT NULL"),
    ).toBeGreaterThan(0);
    expect(await count('campaign_events', "created_at < now() - interval '20 days'")).toBeGreaterThan(0);
    // the list's status hints: a budget that ran out before the end date, a daily budget spent today
    expect(
      await count(
        'campaigns',
        "status = 'Completed' AND ad_end > now() AND total_ad_budget - spent_on_view - spent_on_click < 1",
      ),
    ).toBe(1);
    expect(await count('campaigns', "status = 'Running' AND today_spent >= per_day_budget")).toBeGreaterThan(
      0,
    );
    const types = uncheckedRows<{ type: string }>(
      await env.db.execute(sql`SELECT DISTINCT type FROM chat_messages ORDER BY type`),
    ).map((r) => r.type);
    expect(types).toEqual(['AUDIO', 'IMAGE', 'POST', 'TEXT', 'VIDEO']);
    expect(await count('static_settings')).toBe(10);
  });

  it('gives each demo staff member a generated, strong password of their own, and their groups', async () => {
    const [row] = uncheckedRows<{ password_hash: string; groups: number }>(
      await env.db.execute(sql`
        SELECT u.password_hash, (SELECT count(*)::int FROM user_groups g WHERE g.user_id = u.id) AS groups
        FROM users u WHERE u.username = 'maria.moderator'`),
    );
    const maria = staffAccounts.find((a) => a.username === 'maria.moderator');
    expect(await verifyPassword(row.password_hash, maria?.password ?? '')).toBe(true);
    expect(await verifyPassword(row.password_hash, 'password123')).toBe(false);
    expect(new Set(staffAccounts.map((a) => a.password)).size).toBe(staffAccounts.length);
    for (const a of staffAccounts) {
      expect(await weakPasswordReason(a.password, 'Password')).toBeNull();
    }
    expect(row.groups).toBe(1);
    expect(await count('direct_messages', `sender_id = ${admin.id}`)).toBeGreaterThan(0);
    expect(await count('direct_messages', 'read_at IS NULL')).toBeGreaterThan(0);
  });

  it('writes the images it references and the server serves them', async () => {
    const urls = uncheckedRows<{ url: string }>(
      await env.db.execute(sql`
        SELECT avatar AS url FROM users WHERE avatar IS NOT NULL
        UNION SELECT image FROM post_media UNION SELECT image FROM searches
        UNION SELECT thumb_url FROM campaigns WHERE thumb_url IS NOT NULL
        UNION SELECT media FROM chat_messages WHERE media IS NOT NULL`),
    ).map((r) => r.url);
    const missing = urls.filter((u) => !fs.existsSync(path.join(mediaDir(), u.replace(/^\/media\//, ''))));
    expect(missing).toEqual([]);
    const res = await env.app.inject({ method: 'GET', url: '/media/avatars/admin.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<svg');
  });

  it('answers the users list with seeded users', async () => {
    const res = await callApi(env.app, calls.usersList, { page: 0, page_limit: 10 }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.users).toHaveLength(10);
    expect(res.body.total_users).toBeGreaterThan(40);
  });
});

describe('scale seed', () => {
  it('adds users, devices, follows, searches, campaigns and transactions with SQL', async () => {
    const before = {
      users: await count('users'),
      searches: await count('searches'),
      campaigns: await count('campaigns'),
      transactions: await count('transactions'),
    };
    const result = await seedScale(env.db, {
      users: 250,
      searches: 400,
      campaigns: 30,
      campaignEvents: 300,
      transactions: 80,
      followersOfOneUser: 120,
      batch: 100,
    });
    expect(await count('users')).toBe(before.users + 250);
    expect(await count('searches')).toBe(before.searches + 400);
    expect(await count('campaigns')).toBe(before.campaigns + 30);
    expect(await count('transactions')).toBe(before.transactions + 80);
    const [lo, hi] = result.userRange!;
    expect(hi - lo + 1).toBe(250);
    expect(await count('devices', `user_id BETWEEN ${lo} AND ${hi}`)).toBeGreaterThanOrEqual(250);
    expect(await count('follows', `following_id = ${result.popularUserId}`)).toBeGreaterThanOrEqual(120);
    const wrong = await count(
      'users u',
      `u.followers_count <> (SELECT count(*) FROM follows f WHERE f.following_id = u.id)
       OR u.followings_count <> (SELECT count(*) FROM follows f WHERE f.follower_id = u.id)`,
    );
    expect(wrong).toBe(0);
    // names are searchable like real ones
    expect(await count('users', `id BETWEEN ${lo} AND ${hi} AND name ~ '^[A-Z][a-z]+ [A-Z][a-z]+$'`)).toBe(
      250,
    );
  });

  it('keeps the counters right after a bulk load run with triggers off', async () => {
    const user = uncheckedRows<{ id: number }>(await env.db.execute(sql`SELECT min(id) AS id FROM users`))[0]
      .id;
    await withIndexesDeferred(env.db, ['searches'], async (tx) => {
      await tx.execute(sql`
        INSERT INTO searches (user_id, search_term, type, created_at, updated_at)
        SELECT ${user}, 'bulk ' || g, 'news', now() - g * interval '1 day', now() FROM generate_series(1, 40) g`);
    });
    const sums = uncheckedRows<{ daily: number; rows: number; listed: number }>(
      await env.db.execute(sql`SELECT
        (SELECT coalesce(sum(total), 0)::int FROM search_daily_counts WHERE kind = 'all') AS daily,
        (SELECT count(*)::int FROM searches) AS rows,
        (SELECT coalesce(sum(n), 0)::int FROM list_counts WHERE name = 'searches') AS listed`),
    )[0];
    expect(sums.daily).toBe(sums.rows);
    expect(sums.listed).toBe(sums.rows);
  });

  it('rebuilds the indexes it drops for a bulk load', async () => {
    const indexes = async () =>
      uncheckedRows<{ name: string }>(
        await env.db.execute(
          sql`SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND tablename IN ('users', 'follows') ORDER BY 1`,
        ),
      ).map((r) => r.name);
    const before = await indexes();
    const during = await withIndexesDeferred(env.db, ['users', 'follows'], async (tx) => {
      const rows = uncheckedRows<{ name: string }>(
        await tx.execute(
          sql`SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'users'`,
        ),
      );
      await seedScale(tx, { users: 20, followsPerUser: 2 });
      return rows.map((r) => r.name);
    });
    expect(during).toEqual(['users_pkey']);
    expect(await indexes()).toEqual(before);
    expect(before).toContain('users_name_trgm');
  });
});

describe('demo accounts file', () => {
  it('lists every demo staff account with its password, readable by the owner only', () => {
    const file = writeDemoAccounts(env.dataDir, staffAccounts);
    expect(file).toBe(path.join(env.dataDir, 'demo-accounts.txt'));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const text = fs.readFileSync(file, 'utf8');
    for (const a of staffAccounts) {
      expect(text).toMatch(new RegExp(`^${a.username.replace('.', '\\.')}\\s+${a.password}$`, 'm'));
    }
  });
});

describe('SEED', () => {
  it('seeds the demo by default, but in production only when asked', () => {
    expect(loadConfig({}).SEED).toBe('demo');
    expect(loadConfig({ NODE_ENV: 'production' }).SEED).toBe('none');
    expect(loadConfig({ NODE_ENV: 'production', SEED: 'demo' }).SEED).toBe('demo');
    expect(loadConfig({ SEED: 'none' }).SEED).toBe('none');
  });
});
