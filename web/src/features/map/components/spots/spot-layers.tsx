/**
 * The spots drawn inside the map (docs/map.md "Where spots plug in"; it sits in MapShell's `layers` slot,
 * so react-map-gl stays in the lazy canvas chunk): one GeoJSON source clustered by MapLibre, a circle per
 * spot in its type's colour (Roman Site, Beach and group digs each their own, others brown), clusters with
 * their counts, the info window of the chosen spot, and the marker of a spot being placed. An info window
 * that opens under the map's edge or its overlays (the search bar, the controls) is brought into view.
 * Under the spots, the owner's permission boundaries and excluded areas; an own spot whose permission has
 * expired has a red ring (docs/permissions.md "On the map").
 */
import type { FeatureCollection, Point, Polygon } from 'geojson';
import type {
  GeoJSONSource,
  Map as MapLibreMap,
  MapLayerMouseEvent,
  Popup as MapLibrePopup,
} from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Layer, Marker, Popup, Source, useMap } from 'react-map-gl/maplibre';
import { SPOT_COLOURS, spotColourKey } from '@schema/contracts/locations-constants';
import type { LocalLocation } from '@web/db/locations-types';
import type { LatLng } from '@schema/contracts/grid/coordinates';
import { panIntoView } from '../../model/pan-into-view';
import { samePoints } from '../../model/same-points';
import type { ShapeProperties } from '../../model/spots/boundary';
import { permissionFlag } from '../../model/spots/list';
import { SHAPE_COLOURS } from '../../model/spots/shape-colours';
import { useMapInsets } from '../map-shell-context';
import { SpotBoundaries } from './spot-boundaries';

const SOURCE = 'dq-spots';
const POINTS = 'dq-spot-points';
const CLUSTERS = 'dq-spot-clusters';
/** The spots' layers: the protected sites are drawn beneath them, and a tap on a spot is the spot's. */
export const SPOT_LAYERS: readonly string[] = [CLUSTERS, POINTS];

export interface SpotLayersProps {
  spots: readonly LocalLocation[];
  selected: LocalLocation | null;
  onSelect: (uid: string | null) => void;
  /** The info window's content for the selected spot. */
  info: ReactNode;
  /** A spot being placed (Add New Spot, or moving one). */
  draft: LatLng | null;
  /** The owner's saved boundaries and excluded areas. */
  shapes?: FeatureCollection<Polygon, ShapeProperties> | undefined;
}

interface ClusterBadge {
  id: number;
  count: number;
  position: LatLng;
}

function useClusterBadges(): ClusterBadge[] {
  const { current: map } = useMap();
  const [badges, setBadges] = useState<ClusterBadge[]>([]);
  useEffect(() => {
    if (!map) return;
    const update = () => {
      if (!map.getSource(SOURCE)) return;
      const seen = new Map<number, ClusterBadge>();
      for (const f of map.querySourceFeatures(SOURCE, { filter: ['has', 'point_count'] })) {
        const id = Number(f.properties.cluster_id);
        if (f.geometry.type !== 'Point' || seen.has(id)) continue;
        const [longitude = 0, latitude = 0] = f.geometry.coordinates;
        seen.set(id, { id, count: Number(f.properties.point_count), position: { latitude, longitude } });
      }
      setBadges([...seen.values()]);
    };
    map.on('idle', update);
    return () => {
      map.off('idle', update);
    };
  }, [map]);
  return badges;
}

/** Once the map is still, pans the open info window into view. */
function useKeepPopupInView(map: MapLibreMap | undefined, popup: MapLibrePopup | null, key: string | null) {
  const insets = useMapInsets();
  const insetsRef = useRef(insets);
  useEffect(() => {
    insetsRef.current = insets;
  }, [insets]);
  useEffect(() => {
    if (!map || !popup || !key) return;
    let live = true;
    const check = () => {
      const element = popup.getElement();
      if (!live || !element) return;
      const [dx, dy] = panIntoView(
        element.getBoundingClientRect(),
        map.getContainer().getBoundingClientRect(),
        insetsRef.current,
      );
      if (dx !== 0 || dy !== 0) map.panBy([dx, dy], { duration: 300 });
    };
    const frame = requestAnimationFrame(() => {
      if (map.isMoving()) map.once('moveend', check);
      else check();
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      map.off('moveend', check);
    };
  }, [map, popup, key]);
}

export default function SpotLayers({ spots, selected, onSelect, info, draft, shapes }: SpotLayersProps) {
  const { current: map } = useMap();
  const fresh = useMemo<FeatureCollection<Point>>(() => {
    const now = new Date();
    return {
      type: 'FeatureCollection',
      features: spots.map((s) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [s.longitude, s.latitude] },
        properties: {
          uid: s.uid,
          colour: SPOT_COLOURS[spotColourKey(s)],
          ring:
            permissionFlag(s.permissionExpires, now) === 'expired'
              ? SHAPE_COLOURS.expiredRing
              : SHAPE_COLOURS.ring,
        },
      })),
    };
  }, [spots]);
  // A push that only gave spots their server ids (each batch of an import's) changes no point on the map:
  // the previous data stays then, so the map is not handed 10,000 points again and can reach idle.
  const [data, setData] = useState(fresh);
  if (data !== fresh && !samePoints(data, fresh)) setData(fresh);
  const badges = useClusterBadges();
  const [popup, setPopup] = useState<MapLibrePopup | null>(null);
  useKeepPopupInView(map?.getMap(), popup, selected?.uid ?? null);

  // Read by `npm run bench:map`: the first idle after the spots were handed to the map.
  const marked = useRef(false);
  useEffect(() => {
    if (!map || marked.current || data.features.length === 0) return;
    marked.current = true;
    const count = data.features.length;
    map.once('idle', () => performance.mark('dq-spots-idle', { detail: count }));
  }, [map, data]);
  // Also read by the bench: the first idle after the map was handed a different number of spots (an import
  // has settled on the map). The count is read from the source itself at each idle: react-map-gl hands the
  // data over while rendering, and a long render (10,000 list rows) may be committed after the map's idle,
  // so a listener added in an effect for that data would wait for an idle that already came.
  useEffect(() => {
    if (!map) return;
    let marked = -1;
    const drawn = () => {
      const handed = map.getSource<GeoJSONSource>(SOURCE)?.serialize().data;
      const count = typeof handed === 'object' && 'features' in handed ? handed.features.length : 0;
      if (count === marked) return;
      marked = count;
      performance.mark('dq-spots-drawn', { detail: count });
    };
    map.on('idle', drawn);
    return () => {
      map.off('idle', drawn);
    };
  }, [map]);

  const expand = async (clusterId: number, position: LatLng) => {
    const source = map?.getSource<GeoJSONSource>(SOURCE);
    if (!map || !source) return;
    const zoom = await source.getClusterExpansionZoom(clusterId);
    map.easeTo({ center: [position.longitude, position.latitude], zoom });
  };

  useEffect(() => {
    if (!map) return;
    const pick = (e: MapLayerMouseEvent) => {
      const uid = e.features?.[0]?.properties.uid;
      if (typeof uid === 'string') onSelect(uid);
    };
    const pointer = () => (map.getCanvas().style.cursor = 'pointer');
    const plain = () => (map.getCanvas().style.cursor = '');
    map.on('click', POINTS, pick);
    map.on('mouseenter', POINTS, pointer);
    map.on('mouseleave', POINTS, plain);
    return () => {
      map.off('click', POINTS, pick);
      map.off('mouseenter', POINTS, pointer);
      map.off('mouseleave', POINTS, plain);
    };
  }, [map, onSelect]);

  return (
    <>
      {shapes ? <SpotBoundaries shapes={shapes} /> : null}
      <Source id={SOURCE} type="geojson" data={data} cluster clusterRadius={40} clusterMaxZoom={13}>
        <Layer
          id={CLUSTERS}
          type="circle"
          filter={['has', 'point_count']}
          paint={{
            'circle-color': '#57534e',
            'circle-opacity': 0.85,
            'circle-radius': ['step', ['get', 'point_count'], 14, 10, 18, 100, 24, 1000, 30],
            'circle-stroke-width': 2,
            'circle-stroke-color': '#ffffff',
          }}
        />
        <Layer
          id={POINTS}
          type="circle"
          filter={['!', ['has', 'point_count']]}
          paint={{
            'circle-color': ['get', 'colour'],
            'circle-radius': 8,
            'circle-stroke-width': ['case', ['==', ['get', 'ring'], SHAPE_COLOURS.ring], 2, 3],
            'circle-stroke-color': ['get', 'ring'],
          }}
        />
      </Source>
      {badges.map((b) => (
        <Marker key={b.id} longitude={b.position.longitude} latitude={b.position.latitude}>
          <button
            type="button"
            className="rounded-full px-1 text-xs font-bold text-white"
            aria-label={`${b.count} spots here: zoom in`}
            onClick={(e) => {
              e.stopPropagation();
              void expand(b.id, b.position);
            }}
          >
            {b.count}
          </button>
        </Marker>
      ))}
      {selected ? (
        <Popup
          ref={setPopup}
          longitude={selected.longitude}
          latitude={selected.latitude}
          anchor="bottom"
          offset={12}
          maxWidth="280px"
          closeOnClick={false}
          onClose={() => onSelect(null)}
        >
          {info}
        </Popup>
      ) : null}
      {draft ? (
        <Marker longitude={draft.longitude} latitude={draft.latitude} anchor="bottom">
          <div role="img" aria-label="New spot position" className="flex flex-col items-center">
            <span className="rounded-md bg-emerald-700 px-2 py-0.5 text-xs font-semibold text-white shadow">
              New spot
            </span>
            <span className="-mt-0.5 size-3 rotate-45 bg-emerald-700 shadow" />
          </div>
        </Marker>
      ) : null}
    </>
  );
}
