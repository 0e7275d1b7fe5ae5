import 'leaflet/dist/leaflet.css';
import { MAP_CENTER, MAP_DEFAULT_ZOOM, MAP_MIN_ZOOM, type MapCluster, type MapUser } from '@admin/contract';
import { Anchor, Badge, Card, Group, Loader, Stack, Text } from '@mantine/core';
import L from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { Link } from 'react-router';
import { calls } from '../../api/calls';
import { useApiQuery } from '../../api/hooks';
import { abbreviate } from '../../lib/format';
import { paths } from '../../paths';
import { ErrorAlert } from '../../ui/error-alert';
import { PageHeader } from '../../ui/page-header';
import { DEFAULT_AVATAR, UserAvatar } from '../../ui/user-avatar';
import classes from './users-map.module.css';

export interface ViewBounds {
  sw_lat: number;
  sw_lng: number;
  ne_lat: number;
  ne_lng: number;
  zoom: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round = (v: number) => Math.round(v * 1e5) / 1e5;

/** The visible box of the map, clamped to the world (the API refuses anything beyond it). */
function boundsOf(map: L.Map): ViewBounds {
  const b = map.getBounds();
  const wide = b.getEast() - b.getWest() >= 360;
  return {
    sw_lat: round(clamp(b.getSouth(), -90, 90)),
    ne_lat: round(clamp(b.getNorth(), -90, 90)),
    sw_lng: wide ? -180 : round(clamp(L.Util.wrapNum(b.getWest(), [-180, 180], true), -180, 180)),
    ne_lng: wide ? 180 : round(clamp(L.Util.wrapNum(b.getEast(), [-180, 180], true), -180, 180)),
    zoom: map.getZoom(),
  };
}

/** Reports the visible bounds once ready and after every pan or zoom. */
function BoundsWatcher({ onChange }: { onChange: (b: ViewBounds) => void }) {
  const map = useMap();
  useEffect(() => {
    map.whenReady(() => onChange(boundsOf(map)));
  }, [map, onChange]);
  useMapEvents({ moveend: () => onChange(boundsOf(map)) });
  return null;
}

const escapeAttr = (s: string) => s.replace(/[&"'<>()]/g, (c) => `&#${c.charCodeAt(0)};`);

function clusterIcon(count: number) {
  const size = count < 10 ? 34 : count < 100 ? 40 : count < 1000 ? 48 : 56;
  return L.divIcon({
    html: `<div class="${classes.cluster}" style="width:${size}px;height:${size}px"><span>${abbreviate(count)}</span></div>`,
    className: classes.clusterWrap,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

function userIcon(user: MapUser) {
  // Two background layers: when the avatar cannot load, the default picture under it shows.
  const bg = `url('${escapeAttr(user.avatar ?? DEFAULT_AVATAR)}'), url('${DEFAULT_AVATAR}')`;
  return L.divIcon({
    html: `<div class="${classes.avatar}" style="background-image:${bg}"></div>`,
    className: classes.avatarWrap,
    iconSize: [36, 36],
    iconAnchor: [18, 18],
    popupAnchor: [0, -18],
  });
}

function ClusterMarker({ cluster }: { cluster: MapCluster }) {
  const map = useMap();
  const icon = useMemo(() => clusterIcon(cluster.count), [cluster.count]);
  return (
    <Marker
      position={[cluster.latitude, cluster.longitude]}
      icon={icon}
      title={`${cluster.count} users`}
      alt={`${cluster.count} users`}
      eventHandlers={{
        click: () => map.flyTo([cluster.latitude, cluster.longitude], Math.min(map.getZoom() + 2, 18)),
      }}
    />
  );
}

function UserMarker({ user }: { user: MapUser }) {
  const icon = useMemo(() => userIcon(user), [user]);
  return (
    <Marker position={[user.latitude, user.longitude]} icon={icon} title={user.name} alt={user.name}>
      <Popup>
        <Group gap="xs" wrap="nowrap">
          <UserAvatar src={user.avatar} name={user.name} size={30} />
          <Anchor component={Link} to={paths.userProfile(user.id)} fw={500}>
            {user.name}
          </Anchor>
        </Group>
      </Popup>
    </Marker>
  );
}

/** Markers closer than this on screen are drawn as one cluster (neighbouring grid cells touch). */
const MERGE_PX = 40;

/**
 * The server groups users by grid cell; cells next to each other can still overlap on screen, so
 * they are merged here (greedy, biggest first) before drawing. Users merged away show when zooming in.
 */
function Markers({ clusters, users }: { clusters: MapCluster[]; users: MapUser[] }) {
  const map = useMap();
  const zoom = map.getZoom();
  const merged = useMemo(() => {
    const items = [
      ...clusters.map((c) => ({ ...c, user: null as MapUser | null })),
      ...users.map((u) => ({ latitude: u.latitude, longitude: u.longitude, count: 1, user: u })),
    ].sort((a, b) => b.count - a.count);
    const out: { latitude: number; longitude: number; count: number; user: MapUser | null; p: L.Point }[] =
      [];
    for (const item of items) {
      const p = map.project([item.latitude, item.longitude], zoom);
      const near = out.find((o) => o.p.distanceTo(p) < MERGE_PX);
      if (!near) {
        out.push({ ...item, p });
        continue;
      }
      const n = near.count + item.count;
      near.latitude = (near.latitude * near.count + item.latitude * item.count) / n;
      near.longitude = (near.longitude * near.count + item.longitude * item.count) / n;
      near.count = n;
      near.user = null;
    }
    return out;
  }, [clusters, users, map, zoom]);
  return (
    <>
      {merged.map((m) =>
        m.user ? (
          <UserMarker key={m.user.id} user={m.user} />
        ) : (
          <ClusterMarker key={`${m.latitude},${m.longitude},${m.count}`} cluster={m} />
        ),
      )}
    </>
  );
}

/** /geographical-users-count: located users on a map, clustered by the server for the visible box. */
export default function UsersMapPage() {
  const [bounds, setBounds] = useState<ViewBounds | null>(null);
  const config = useApiQuery(calls.mapConfig, {}, { staleTime: Number.POSITIVE_INFINITY });
  const q = useApiQuery(calls.usersLocations, bounds ?? undefined, { enabled: !!bounds });
  const data = q.data?.data;
  return (
    <Stack gap="md">
      <PageHeader
        title="Geographic Data"
        subtitle="Users with a known location; zoom in to split clusters, click a user for the profile"
        actions={
          <Group gap="xs">
            {q.isFetching ? <Loader size="xs" aria-label="Loading users" /> : null}
            <Badge variant="light" size="lg">
              {data ? `${abbreviate(data.total)} users in view` : '...'}
            </Badge>
          </Group>
        }
      />
      {q.isError && !q.data ? <ErrorAlert error={q.error} onRetry={() => q.refetch()} /> : null}
      <Card withBorder radius="md" p={0} className={classes.frame}>
        <MapContainer
          center={MAP_CENTER}
          zoom={MAP_DEFAULT_ZOOM}
          minZoom={MAP_MIN_ZOOM}
          worldCopyJump
          className={classes.map}
          aria-label="Users map"
        >
          {config.data ? (
            <TileLayer url={config.data.data.tile_url} attribution="&copy; OpenStreetMap contributors" />
          ) : null}
          <BoundsWatcher onChange={setBounds} />
          {data ? <Markers clusters={data.clusters} users={data.users} /> : null}
        </MapContainer>
      </Card>
      {data && data.total === 0 ? (
        <Text c="dimmed" ta="center">
          No users with a location in this part of the map.
        </Text>
      ) : null}
    </Stack>
  );
}
