import 'leaflet/dist/leaflet.css';
import { MILE_IN_METRES } from '@admin/contract';
import { Circle, CircleMarker, MapContainer, TileLayer, Tooltip } from 'react-leaflet';

/**
 * Local targeting: the address and a circle of radius miles x 1609.34 m. Both are vector shapes,
 * so they show even when no tiles can load.
 */
export default function TargetMap({
  latitude,
  longitude,
  radiusMiles,
  address,
  tileUrl,
}: {
  latitude: number;
  longitude: number;
  radiusMiles: number;
  address: string;
  tileUrl: string;
}) {
  const radius = radiusMiles * MILE_IN_METRES;
  // Frame the whole circle: its extent in degrees, a little padded.
  const dLat = (Math.max(radius, 200) / 111_320) * 1.1;
  const dLng = dLat / Math.max(Math.cos((latitude * Math.PI) / 180), 0.01);
  return (
    <MapContainer
      bounds={[
        [latitude - dLat, longitude - dLng],
        [latitude + dLat, longitude + dLng],
      ]}
      style={{ height: 280, width: '100%', borderRadius: 8, background: 'var(--app-map-bg)' }}
      scrollWheelZoom={false}
      aria-label="Target area map"
    >
      <TileLayer url={tileUrl} attribution="&copy; OpenStreetMap contributors" />
      <Circle
        center={[latitude, longitude]}
        radius={radius}
        pathOptions={{ color: '#1c7ed6', fillColor: '#339af0', fillOpacity: 0.2 }}
      />
      <CircleMarker
        center={[latitude, longitude]}
        radius={7}
        pathOptions={{ color: '#fff', weight: 2, fillColor: '#e03131', fillOpacity: 1 }}
      >
        <Tooltip>{address}</Tooltip>
      </CircleMarker>
    </MapContainer>
  );
}
