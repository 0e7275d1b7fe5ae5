import 'leaflet/dist/leaflet.css';
import { PROFILE_MAP_ZOOM } from '@admin/contract';
import { CircleMarker, MapContainer, TileLayer, Tooltip } from 'react-leaflet';

/** The post's location. A vector marker (no image request) so it shows even when tiles cannot load. */
export default function PostMap({
  latitude,
  longitude,
  tileUrl,
  label,
}: {
  latitude: number;
  longitude: number;
  tileUrl: string;
  label: string;
}) {
  return (
    <MapContainer
      center={[latitude, longitude]}
      zoom={PROFILE_MAP_ZOOM}
      scrollWheelZoom={false}
      style={{ height: 320, width: '100%', borderRadius: 8, background: 'var(--app-map-bg)' }}
      aria-label={`Map of ${label}`}
    >
      <TileLayer url={tileUrl} attribution="&copy; OpenStreetMap contributors" />
      <CircleMarker
        center={[latitude, longitude]}
        radius={10}
        pathOptions={{ color: '#fff', weight: 3, fillColor: '#e03131', fillOpacity: 1 }}
        className="post-location-marker"
      >
        <Tooltip>{label}</Tooltip>
      </CircleMarker>
    </MapContainer>
  );
}
