import { calls, MAP_CENTER, MAP_DEFAULT_ZOOM, MAP_MIN_ZOOM } from '@admin/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { createUsersMap } from './service';

export async function mapRoutes(app: FastifyInstance, deps: AppDeps) {
  const usersMap = createUsersMap(deps.db, app.log.child({ module: 'map' }));
  route(app, calls.usersLocations, async ({ input }) => ({ data: await usersMap.locations(input) }));
  route(app, calls.mapConfig, async () => ({
    data: {
      tile_url: deps.config.TILE_URL,
      center: MAP_CENTER,
      zoom: MAP_DEFAULT_ZOOM,
      min_zoom: MAP_MIN_ZOOM,
    },
  }));
}
