import { z } from 'zod';
import { defineCall } from '../call';
import { Envelope, Int, Num } from '../common';

const Lat = Num(-90, 90);
const Lng = Num(-180, 180);

export const MapUser = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
});
export type MapUser = z.infer<typeof MapUser>;

export const MapCluster = z.object({
  latitude: z.number().describe('Mean position of the users in the cluster'),
  longitude: z.number(),
  count: z.number().int(),
});
export type MapCluster = z.infer<typeof MapCluster>;

export const mapCalls = {
  usersLocations: defineCall({
    method: 'GET',
    path: 'users-locations',
    permission: 'users_locations',
    summary:
      'Located users in the visible bounds, clustered on the server by a zoom-dependent grid; lone users come whole',
    request: z
      .object({
        sw_lat: Lat.describe('South-west corner latitude'),
        sw_lng: Lng,
        ne_lat: Lat.describe('North-east corner latitude'),
        ne_lng: Lng,
        zoom: Int(0, 22),
      })
      .refine((b) => b.sw_lat <= b.ne_lat, { message: 'must not be south of sw_lat', path: ['ne_lat'] }),
    response: Envelope.extend({
      data: z.object({
        clusters: z.array(MapCluster),
        users: z.array(MapUser),
        total: z.number().int().describe('Located users inside the bounds'),
      }),
    }),
  }),
  mapConfig: defineCall({
    method: 'GET',
    path: 'map-config',
    summary: 'Map settings for the web app (tile template from TILE_URL)',
    request: z.object({}),
    response: Envelope.extend({
      data: z.object({
        tile_url: z.string(),
        center: z.tuple([z.number(), z.number()]),
        zoom: z.number().int(),
        min_zoom: z.number().int(),
      }),
    }),
  }),
};
