import { MAP_CENTER } from '@admin/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { silentLog } from '../../lib/log';
import { callApi, calls, makeUser, setupTestApp, type TestEnv } from '../../test/harness';
import { cellSize, createUsersMap, rebuildMapCells } from './service';

let env: TestEnv;
let staff: Awaited<ReturnType<typeof makeUser>>;
// Whole California-ish default view and a city box around San Francisco.
const WIDE = { sw_lat: 32, sw_lng: -125, ne_lat: 42, ne_lng: -114, zoom: 6 };
const SF = { sw_lat: 37.7, sw_lng: -122.52, ne_lat: 37.82, ne_lng: -122.35, zoom: 14 };

beforeAll(async () => {
  env = await setupTestApp();
  staff = await makeUser(env.db, { permissions: ['users_locations'] });
  // 30 users packed in downtown San Francisco, one alone in Fresno, one deleted, one admin, one unlocated.
  const rows = Array.from({ length: 30 }, (_, i) => ({
    name: `SF ${i}`,
    username: `sf_${i}_${Date.now()}`,
    latitude: 37.78 + (i % 5) * 0.001,
    longitude: -122.41 - Math.floor(i / 5) * 0.001,
  }));
  await env.db.insert(users).values(rows);
  await env.db.insert(users).values([
    {
      name: 'Fresno Solo',
      username: `fresno_${Date.now()}`,
      avatar: '/media/f.png',
      latitude: 36.74,
      longitude: -119.79,
    },
    {
      name: 'Gone',
      username: `gone_${Date.now()}`,
      latitude: 36.5,
      longitude: -119.5,
      deletedAt: new Date(),
    },
    { name: 'Staff', username: `staff_${Date.now()}`, latitude: 36.6, longitude: -119.6, isAdmin: true },
    { name: 'Nowhere', username: `nowhere_${Date.now()}` },
  ]);
});
afterAll(async () => {
  await env?.close();
});

describe('GET users-locations', () => {
  it('clusters the default view on the server and returns lone users whole', async () => {
    const res = await callApi(env.app, calls.usersLocations, WIDE, staff.token);
    expect(res.status).toBe(200);
    const { clusters, users: lone, total } = res.body.data;
    expect(total).toBe(31);
    expect(clusters).toHaveLength(1);
    expect(clusters[0].count).toBe(30);
    expect(clusters[0].latitude).toBeCloseTo(37.782, 2);
    expect(lone).toEqual([
      {
        id: expect.any(Number),
        name: 'Fresno Solo',
        avatar: '/media/f.png',
        latitude: 36.74,
        longitude: -119.79,
      },
    ]);
  });

  it('splits clusters as the zoom grows, down to single users in a city box', async () => {
    const mid = await callApi(env.app, calls.usersLocations, { ...SF, zoom: 16 }, staff.token);
    const far = await callApi(env.app, calls.usersLocations, { ...SF, zoom: 10 }, staff.token);
    expect(far.body.data.clusters.length).toBeLessThan(
      mid.body.data.clusters.length + mid.body.data.users.length,
    );
    const close = await callApi(env.app, calls.usersLocations, { ...SF, zoom: 20 }, staff.token);
    expect(close.body.data.users).toHaveLength(30);
    expect(close.body.data.clusters).toHaveLength(0);
    const empty = await callApi(
      env.app,
      calls.usersLocations,
      { sw_lat: -10, sw_lng: 10, ne_lat: -5, ne_lng: 20, zoom: 8 },
      staff.token,
    );
    expect(empty.body.data).toEqual({ clusters: [], users: [], total: 0 });
  });

  it('answers the same from the precomputed cells as from the users table', async () => {
    await rebuildMapCells(env.db, { wait: true });
    const cells = await env.db.execute(
      sql`SELECT zoom, sum(n)::int AS n FROM map_cells GROUP BY zoom ORDER BY zoom`,
    );
    const perZoom = (cells as unknown as { rows: { zoom: number; n: number }[] }).rows;
    expect(perZoom.map((r) => r.zoom)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(perZoom.every((r) => r.n === 31)).toBe(true);
    // A map forced onto the cells path (as with a million users) gives the same clusters.
    const viaCells = createUsersMap(env.db, silentLog, { directBelow: 0 });
    const direct = await callApi(env.app, calls.usersLocations, WIDE, staff.token);
    const fromCells = await viaCells.locations(WIDE);
    expect(fromCells.total).toBe(direct.body.data.total);
    expect(fromCells.clusters.map((c) => c.count)).toEqual(
      direct.body.data.clusters.map((c: { count: number }) => c.count),
    );
    expect(fromCells.users.map((u) => u.name)).toEqual(['Fresno Solo']);
  });

  it('uses cells about 64 screen pixels wide', () => {
    expect(cellSize(6)).toBeCloseTo(360 / 256, 5);
    expect(cellSize(7)).toBeCloseTo(cellSize(6) / 2, 5);
  });

  it('refuses bad bounds naming the field', async () => {
    const res = await callApi(env.app, calls.usersLocations, { ...WIDE, ne_lat: 95 }, staff.token);
    expect(res.status).toBe(400);
    expect(res.body.responseMessage).toMatch(/^ne_lat:/);
    const flipped = await callApi(env.app, calls.usersLocations, { ...WIDE, sw_lat: 50 }, staff.token);
    expect(flipped.body.responseMessage).toBe('ne_lat: must not be south of sw_lat');
    const noZoom = await callApi(env.app, calls.usersLocations, { ...WIDE, zoom: undefined }, staff.token);
    expect(noZoom.body.responseMessage).toMatch(/^zoom:/);
  });

  it('needs a session and users_locations; map-config needs a session only', async () => {
    expect((await callApi(env.app, calls.usersLocations, WIDE)).status).toBe(401);
    const other = await makeUser(env.db, { permissions: ['users_list'] });
    expect((await callApi(env.app, calls.usersLocations, WIDE, other.token)).status).toBe(403);
    expect((await callApi(env.app, calls.mapConfig, {})).status).toBe(401);
    const cfg = await callApi(env.app, calls.mapConfig, {}, other.token);
    expect(cfg.body.data).toMatchObject({ center: MAP_CENTER, zoom: 6, min_zoom: 5 });
    expect(cfg.body.data.tile_url).toContain('{z}');
  });
});
