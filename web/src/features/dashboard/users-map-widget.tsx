import 'leaflet/dist/leaflet.css';
import { MAP_CENTER, MAP_MIN_ZOOM } from '@admin/contract';
import { Anchor, Group, Text } from '@mantine/core';
import type L from 'leaflet';
import { useEffect, useState } from 'react';
import { CircleMarker, MapContainer, TileLayer, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import { Link } from 'react-router';
import { calls } from '../../api/calls';
import { useApiQuery } from '../../api/hooks';
import { abbreviate } from '../../lib/format';
import { paths } from '../../paths';

type Box = { sw_lat: number; sw_lng: number; ne_lat: number; ne_lng: number; zoom: number };
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const r5 = (v: number) => Math.round(v * 1e5) / 1e5;

function boxOf(map: L.Map): Box {
  const b = map.getBounds();
  return {
    sw_lat: r5(clamp(b.getSouth(), -90, 90)),
    ne_lat: r5(clamp(b.getNorth(), -90, 90)),
    sw_lng: r5(clamp(b.getWest(), -180, 180)),
    ne_lng: r5(clamp(b.getEast(), -180, 180)),
    zoom: map.getZoom(),
  };
}

function Watch({ onChange }: { onChange: (b: Box) => void }) {
  const map = useMap();
  useEffect(() => {
    map.whenReady(() => onChange(boxOf(map)));
  }, [map, onChange]);
  useMapEvents({ moveend: () => onChange(boxOf(map)) });
  return null;
}

/**
 * The Users Location widget: a compact clustered map of the default view. It receives the
 * dashboard's range like every widget; locations are each user's latest, so the caption says so.
 */
export default function UsersMapWidget({ start_date, end_date }: { start_date: string; end_date: string }) {
  const [box, setBox] = useState<Box | null>(null);
  const config = useApiQuery(calls.mapConfig, {}, { staleTime: Number.POSITIVE_INFINITY });
  const q = useApiQuery(calls.usersLocations, box ?? undefined, { enabled: !!box });
  const d = q.data?.data;
  return (
    <>
      <MapContainer
        center={MAP_CENTER}
        zoom={MAP_MIN_ZOOM}
        minZoom={MAP_MIN_ZOOM}
        scrollWheelZoom={false}
        style={{ height: 320, width: '100%', borderRadius: 8, background: 'var(--app-map-bg)' }}
        aria-label="Users location map"
      >
        {config.data ? (
          <TileLayer url={config.data.data.tile_url} attribution="&copy; OpenStreetMap" />
        ) : null}
        <Watch onChange={setBox} />
        {d?.clusters.map((c) => (
          <CircleMarker
            key={`${c.latitude},${c.longitude}`}
            center={[c.latitude, c.longitude]}
            radius={Math.min(28, 8 + Math.log2(c.count) * 2.5)}
            pathOptions={{ color: '#1c7ed6', weight: 1, fillColor: '#339af0', fillOpacity: 0.6 }}
          >
            <Tooltip>{`${c.count} users`}</Tooltip>
          </CircleMarker>
        ))}
        {d?.users.map((u) => (
          <CircleMarker
            key={u.id}
            center={[u.latitude, u.longitude]}
            radius={6}
            pathOptions={{ color: '#fff', weight: 2, fillColor: '#e8590c', fillOpacity: 1 }}
          >
            <Tooltip>{u.name}</Tooltip>
          </CircleMarker>
        ))}
      </MapContainer>
      <Group justify="space-between" mt="xs">
        <Text
          size="sm"
          c="dimmed"
          title={`Each user's latest known location; the range ${start_date} – ${end_date} does not narrow it`}
        >
          {d ? `${abbreviate(d.total)} located users in view` : 'Loading...'}
        </Text>
        <Anchor component={Link} to={paths.usersMap} size="sm">
          Open the map
        </Anchor>
      </Group>
    </>
  );
}
