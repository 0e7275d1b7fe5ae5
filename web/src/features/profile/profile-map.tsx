import 'leaflet/dist/leaflet.css';
import { PROFILE_MAP_ZOOM } from '@admin/contract';
import L from 'leaflet';
import { MapContainer, Marker, TileLayer, Tooltip } from 'react-leaflet';
import classes from './profile.module.css';

// An inline SVG pin: no image request, so the marker shows even when no tiles can load.
const pin = L.divIcon({
  className: classes.pin,
  html: `<svg xmlns="http://www.w3.org/2000/svg" width="30" height="42" viewBox="0 0 30 42" aria-hidden="true">
    <path d="M15 1C7.3 1 1 7.2 1 14.9 1 25.3 15 41 15 41s14-15.7 14-26.1C29 7.2 22.7 1 15 1z"
      fill="#e03131" stroke="#fff" stroke-width="2"/><circle cx="15" cy="15" r="5.5" fill="#fff"/></svg>`,
  iconSize: [30, 42],
  iconAnchor: [15, 41],
});

/** The user's location (spec 01: marker at latitude/longitude, zoom 12). Loaded lazily. */
export default function ProfileMap({
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
      className={classes.map}
      aria-label={`Map of ${label}`}
    >
      <TileLayer url={tileUrl} attribution="&copy; OpenStreetMap contributors" />
      <Marker position={[latitude, longitude]} icon={pin} alt={label} title={label}>
        <Tooltip>{label}</Tooltip>
      </Marker>
    </MapContainer>
  );
}
