/**
 * The protected sites drawn inside the map (docs/protected-areas.md "On the device"; loaded with the map
 * canvas, so react-map-gl and MapLibre stay in its lazy chunk): one GeoJSON source of the areas near the
 * view, carrying the sources' attribution to the map's attribution control, filled with a red hatch (an
 * image added to the map) under a red outline, beneath the spots. A tap on an area — not on a spot over
 * it — reports it; its info window opens where it was tapped.
 */
import type { MapLayerMouseEvent, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, type ReactNode } from 'react';
import { Layer, Popup, Source, useMap } from 'react-map-gl/maplibre';
import { HATCH_IMAGE, hatchImage, PROTECTED_RED, type ProtectedFeatures } from '../../model/protected-areas';
import { SPOT_LAYERS } from '../spots/spot-layers';

const SOURCE = 'dq-protected';
const FILL = 'dq-protected-fill';
const LINE = 'dq-protected-line';

export interface ProtectedLayersProps {
  data: ProtectedFeatures;
  attribution: string;
  /** A tap on an area: its id and where (longitude, latitude); null when taps are off. */
  onTap: ((id: number, at: [number, number]) => void) | null;
  popup: { at: [number, number]; info: ReactNode; onClose: () => void } | null;
}

/** The hatch, added once per style (a new style — the theme changed — asks for it again). */
function useHatch(map: MapLibreMap | undefined) {
  useEffect(() => {
    if (!map) return;
    const add = () => {
      if (!map.hasImage(HATCH_IMAGE)) map.addImage(HATCH_IMAGE, hatchImage(), { pixelRatio: 2 });
    };
    const missing = (e: { id: string }) => {
      if (e.id === HATCH_IMAGE) add();
    };
    add();
    map.on('styleimagemissing', missing);
    return () => {
      map.off('styleimagemissing', missing);
    };
  }, [map]);
}

/** Keeps the areas beneath the spots, whichever was added first. */
function useBeneathSpots(map: MapLibreMap | undefined) {
  useEffect(() => {
    if (!map) return;
    const order = () => {
      const layers = map.getLayersOrder();
      const firstSpot = layers.findIndex((id) => SPOT_LAYERS.includes(id));
      const fill = layers.indexOf(FILL);
      if (firstSpot < 0 || fill < firstSpot) return;
      const before = layers[firstSpot];
      map.moveLayer(FILL, before);
      map.moveLayer(LINE, before);
    };
    map.on('idle', order);
    return () => {
      map.off('idle', order);
    };
  }, [map]);
}

export default function ProtectedLayers({ data, attribution, onTap, popup }: ProtectedLayersProps) {
  const { current } = useMap();
  const map = current?.getMap();
  useHatch(map);
  useBeneathSpots(map);

  useEffect(() => {
    if (!map || !onTap) return;
    const tap = (e: MapLayerMouseEvent) => {
      const spots = SPOT_LAYERS.filter((id) => map.getLayer(id));
      if (spots.length > 0 && map.queryRenderedFeatures(e.point, { layers: spots }).length > 0) return;
      const id = e.features?.[0]?.properties.id;
      if (typeof id === 'number') onTap(id, [e.lngLat.lng, e.lngLat.lat]);
    };
    map.on('click', FILL, tap);
    return () => {
      map.off('click', FILL, tap);
    };
  }, [map, onTap]);

  return (
    <>
      {/* A source's attribution is read when it is added: a new text adds it anew. */}
      <Source key={attribution} id={SOURCE} type="geojson" data={data} attribution={attribution}>
        <Layer id={FILL} type="fill" paint={{ 'fill-pattern': HATCH_IMAGE }} />
        <Layer id={LINE} type="line" paint={{ 'line-color': PROTECTED_RED, 'line-width': 2 }} />
      </Source>
      {popup ? (
        <Popup
          longitude={popup.at[0]}
          latitude={popup.at[1]}
          anchor="bottom"
          maxWidth="280px"
          closeOnClick={false}
          onClose={popup.onClose}
        >
          {popup.info}
        </Popup>
      ) : null}
    </>
  );
}
