import { MAP_MIN_ZOOM, type MapCluster, MapUser } from '@admin/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { dbTime, rowsOf } from '../../db/sql';
import type { Log } from '../../lib/log';

/** Zoom levels kept in map_cells; closer views group the users directly (their boxes are small). */
const CELL_ZOOMS = { min: MAP_MIN_ZOOM, max: 13 } as const;
/** Below this many located users the grid is computed from users on every request (always fresh). */
const DIRECT_BELOW = 20_000;
/** Cells older than this (5 minutes) are rebuilt in the background while the old ones keep answering. */
const CELLS_MAX_AGE_MS = 5 * 60_000;
const REBUILD_LOCK = 7_270_001;

export interface Bounds {
  sw_lat: number;
  sw_lng: number;
  ne_lat: number;
  ne_lng: number;
  zoom: number;
}

/** Side of a grid cell in degrees at a zoom: 64 pixels of a 256-pixel tile world. */
export const cellSize = (zoom: number) => 360 / (2 ** zoom * 4);

const LOCATED = sql`latitude IS NOT NULL AND longitude IS NOT NULL AND deleted_at IS NULL AND NOT is_admin`;

/** Longitude condition; a box crossing the antimeridian (sw east of ne) is two ranges. */
function lngRange(col: SQL, sw: number, ne: number): SQL {
  return sw <= ne ? sql`${col} BETWEEN ${sw} AND ${ne}` : sql`(${col} >= ${sw} OR ${col} <= ${ne})`;
}

/** A cluster of the grid (from users or map_cells); a cell of one user names them. */
const GridRow = z.object({
  n: z.number(),
  latitude: z.number(),
  longitude: z.number(),
  user_id: z.number().nullable(),
});

/** Grid clusters computed from users in the box (small boxes, or few located users). */
export function usersGridSql(b: Bounds, zoom: number): SQL {
  const c = cellSize(zoom);
  return sql`
      SELECT count(*)::int AS n, avg(latitude)::float8 AS latitude, avg(longitude)::float8 AS longitude,
             CASE WHEN count(*) = 1 THEN min(id) END AS user_id
        FROM users
       WHERE ${LOCATED} AND latitude BETWEEN ${b.sw_lat} AND ${b.ne_lat}
         AND ${lngRange(sql`longitude`, b.sw_lng, b.ne_lng)}
       GROUP BY floor((longitude + 180) / ${c}), floor((latitude + 90) / ${c})
       LIMIT 5000`;
}

/** Grid clusters read from the precomputed cells of a zoom level. */
export function cellsSql(b: Bounds, zoom: number): SQL {
  const c = cellSize(zoom);
  const cx = (lng: number) => Math.floor((lng + 180) / c);
  const cy = Math.floor((b.sw_lat + 90) / c);
  const cy2 = Math.floor((b.ne_lat + 90) / c);
  const xCond =
    b.sw_lng <= b.ne_lng
      ? sql`cx BETWEEN ${cx(b.sw_lng)} AND ${cx(b.ne_lng)}`
      : sql`(cx >= ${cx(b.sw_lng)} OR cx <= ${cx(b.ne_lng)})`;
  return sql`
      SELECT n, latitude, longitude, user_id FROM map_cells
       WHERE zoom = ${zoom} AND ${xCond} AND cy BETWEEN ${cy} AND ${cy2}
       LIMIT 5000`;
}

/** The lone users of a view, whole. */
export function loneUsersSql(ids: number[]): SQL {
  return sql`
    SELECT id, name, avatar, latitude, longitude FROM users
     WHERE id IN (${sql.join(
       ids.map((id) => sql`${id}`),
       sql`, `,
     )}) AND ${LOCATED}`;
}

/**
 * Rebuilds every zoom level: the finest from users in one GROUP BY, each coarser one by merging
 * 2x2 cells of the level below. One process at a time (advisory lock: others skip, or wait with
 * `wait`); readers keep seeing the previous cells until the transaction commits.
 */
export async function rebuildMapCells(db: Db, opts: { wait?: boolean } = {}): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (opts.wait) {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${REBUILD_LOCK})`);
    } else {
      const [lock] = rowsOf(
        z.object({ ok: z.boolean() }),
        await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${REBUILD_LOCK}) AS ok`),
      );
      if (!lock.ok) {
        return false;
      }
    }
    await tx.execute(sql`DELETE FROM map_cells`);
    const top = CELL_ZOOMS.max;
    const c = cellSize(top);
    await tx.execute(sql`
      INSERT INTO map_cells (zoom, cx, cy, n, latitude, longitude, user_id, built_at)
      SELECT ${top}, floor((longitude + 180) / ${c})::int, floor((latitude + 90) / ${c})::int, count(*)::int,
             avg(latitude), avg(longitude), CASE WHEN count(*) = 1 THEN min(id) END, now()
        FROM users WHERE ${LOCATED}
       GROUP BY 2, 3`);
    for (let z = top - 1; z >= CELL_ZOOMS.min; z--) {
      await tx.execute(sql`
        INSERT INTO map_cells (zoom, cx, cy, n, latitude, longitude, user_id, built_at)
        SELECT ${z}, floor(cx / 2.0)::int, floor(cy / 2.0)::int, sum(n)::int,
               sum(latitude * n) / sum(n), sum(longitude * n) / sum(n),
               CASE WHEN sum(n) = 1 THEN min(user_id) END, now()
          FROM map_cells WHERE zoom = ${z + 1}
         GROUP BY 2, 3`);
    }
    return true;
  });
}

interface CellState {
  located: number;
  builtAt: number | null;
}

async function cellState(db: Db): Promise<CellState> {
  const [r] = rowsOf(
    z.object({ located: z.number().nullable(), built_at: dbTime.nullable() }),
    await db.execute(sql`
      SELECT sum(n)::int AS located, min(built_at) AS built_at FROM map_cells WHERE zoom = ${CELL_ZOOMS.min}`),
  );
  return { located: r?.located ?? 0, builtAt: r?.built_at ? new Date(r.built_at).getTime() : null };
}

/** Serves the users map for one process: decides between cells and users, keeps cells fresh. */
export function createUsersMap(db: Db, log: Log, opts: { maxAgeMs?: number; directBelow?: number } = {}) {
  const maxAgeMs = opts.maxAgeMs ?? CELLS_MAX_AGE_MS;
  const directBelow = opts.directBelow ?? DIRECT_BELOW;
  let rebuilding: Promise<unknown> | null = null;
  let state: (CellState & { checkedAt: number }) | null = null;

  function rebuildInBackground() {
    if (!rebuilding) {
      const started = Date.now();
      rebuilding = rebuildMapCells(db)
        .then((done) => done && log.info({ ms: Date.now() - started }, 'map cells rebuilt'))
        .catch((err) => log.error({ err }, 'map cells rebuild failed'))
        .finally(() => {
          rebuilding = null;
          state = null;
        });
    }
  }

  async function currentState(): Promise<CellState> {
    // Re-read at most once a second per process; the answer is tiny but the call is on every pan.
    if (state && Date.now() - state.checkedAt < 1000) {
      return state;
    }
    const s = await cellState(db);
    if (s.builtAt === null || Date.now() - s.builtAt > maxAgeMs) {
      // Never built yet (first start, or no located users): answer from users meanwhile.
      rebuildInBackground();
    }
    state = { ...s, checkedAt: Date.now() };
    return s;
  }

  return {
    async locations(b: Bounds): Promise<{ clusters: MapCluster[]; users: MapUser[]; total: number }> {
      const zoom = Math.max(b.zoom, CELL_ZOOMS.min);
      const s = await currentState();
      const direct = zoom > CELL_ZOOMS.max || s.located < directBelow;
      const grid = rowsOf(GridRow, await db.execute(direct ? usersGridSql(b, zoom) : cellsSql(b, zoom)));
      const loneIds = grid.filter((g) => g.n === 1 && g.user_id !== null).map((g) => g.user_id as number);
      const users = loneIds.length === 0 ? [] : rowsOf(MapUser, await db.execute(loneUsersSql(loneIds)));
      return {
        clusters: grid
          .filter((g) => g.n > 1)
          .map((g) => ({ latitude: Number(g.latitude), longitude: Number(g.longitude), count: g.n })),
        users: users.map((u) => ({ ...u, latitude: Number(u.latitude), longitude: Number(u.longitude) })),
        total: grid.reduce((sum, g) => sum + g.n, 0),
      };
    },
    rebuild: () => rebuildMapCells(db),
  };
}
