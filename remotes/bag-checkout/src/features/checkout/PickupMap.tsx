import type { PickupPoint } from '@preloved/contract';
import { getConfig } from '@preloved/shared';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './CheckoutPage.module.css';

// Spec §3 map defaults: Lisbon's centre at zoom 5; zoom 15 once the centre changes.
const LISBON: L.LatLngTuple = [38.7071, -9.13549];
const START_ZOOM = 5;
const CENTRED_ZOOM = 15;

export interface PickupMapProps {
  points: PickupPoint[];
  chosen: number | null;
  onChoose: (id: number) => void;
  /** The tiles do not load (blocked, unreachable, refused) before any has: the page shows the list alone. */
  onTilesFailed?: () => void;
}

/**
 * The pickup points on a Leaflet map (small, the field's default for tile maps). A point is chosen
 * by clicking its marker; the list beside it does the same for keyboards and when tiles do not load.
 */
export default function PickupMap({ points, chosen, onChoose, onTilesFailed }: PickupMapProps) {
  const { t } = useTranslation('bag');
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const choose = useRef(onChoose);
  choose.current = onChoose;
  const failed = useRef(onTilesFailed);
  failed.current = onTilesFailed;

  useEffect(() => {
    if (!element.current) return;
    const instance = L.map(element.current, { center: LISBON, zoom: START_ZOOM });
    // A map whose first tile fails shows nothing useful (grey squares): say so once and let the list
    // stand alone. A tile that fails after others loaded is a gap, not a failure.
    let loaded = false;
    let told = false;
    L.tileLayer(getConfig().mapTileUrl, { attribution: '© OpenStreetMap', maxZoom: 19 })
      .on('tileload', () => {
        loaded = true;
      })
      .on('tileerror', () => {
        if (loaded || told) return;
        told = true;
        failed.current?.();
      })
      .addTo(instance);
    map.current = instance;
    return () => {
      instance.remove();
      map.current = null;
    };
  }, []);

  useEffect(() => {
    const instance = map.current;
    if (!instance) return;
    // Circle markers need no icon images, so nothing but tiles is fetched.
    const layer = L.layerGroup(
      points.map((point) =>
        L.circleMarker([point.lat, point.lng], {
          radius: point.id === chosen ? 10 : 7,
          weight: 2,
          color: point.id === chosen ? '#111' : '#555',
          fillOpacity: point.id === chosen ? 0.9 : 0.5,
        })
          .bindTooltip(point.name)
          .on('click', () => choose.current(point.id)),
      ),
    ).addTo(instance);
    return () => {
      layer.remove();
    };
  }, [points, chosen]);

  useEffect(() => {
    const point = points.find((candidate) => candidate.id === chosen);
    if (point && map.current) map.current.setView([point.lat, point.lng], CENTRED_ZOOM);
  }, [points, chosen]);

  return <div ref={element} className={styles.map} role="region" aria-label={t('delivery.map')} />;
}
