/**
 * A drawing session for a permission's boundary and excluded areas on the map (docs/permissions.md
 * "Drawing the boundary"), with terra-draw and its MapLibre adapter. Both are imported only when a session
 * starts, so neither the map's first load nor any other page carries them. Polygon mode draws a shape;
 * select mode then edits its corners (drag a corner, drag a midpoint to add one, right-click a corner to
 * remove it). The saved shapes are loaded tagged with their role; a newly finished shape gets the role it
 * was drawn for. What is saved is read from the session by model/spots/boundary.ts.
 */
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { GeoJSONStoreFeatures, TerraDraw } from 'terra-draw';
import type { LocalLocation } from '@web/db/locations-types';
import {
  areasFromFeatures,
  featuresToDraw,
  readDrawing,
  type AreaRole,
  type DrawingResult,
  type DrawnArea,
} from '../model/spots/boundary';
import { SHAPE_COLOURS } from '../model/spots/shape-colours';

export type DrawStatus = 'loading' | 'ready' | 'failed';

export interface BoundaryDrawSession {
  status: DrawStatus;
  /** The finished areas, boundary first. */
  areas: DrawnArea[];
  /** The role of the shape being drawn now; null while editing corners (select mode). */
  drawing: AreaRole | null;
  selected: string | number | null;
  draw: (role: AreaRole) => void;
  remove: (id: string | number) => void;
  /** The session's shapes, ready to save (or the message saying why not). */
  read: () => DrawingResult;
}

const colourFor = (role: unknown) =>
  role === 'exclusion' ? SHAPE_COLOURS.exclusionFill : SHAPE_COLOURS.boundary;

async function createDraw(map: MapLibreMap, pendingRole: () => AreaRole): Promise<TerraDraw> {
  const [td, { TerraDrawMapLibreGLAdapter }] = await Promise.all([
    import('terra-draw'),
    import('terra-draw-maplibre-gl-adapter'),
  ]);
  const colour = (feature: GeoJSONStoreFeatures) => colourFor(feature.properties.role ?? pendingRole());
  return new td.TerraDraw({
    adapter: new TerraDrawMapLibreGLAdapter({ map, coordinatePrecision: 9 }),
    modes: [
      new td.TerraDrawPolygonMode({
        styles: { fillColor: colour, outlineColor: colour, fillOpacity: 0.25, outlineWidth: 3 },
      }),
      new td.TerraDrawSelectMode({
        flags: {
          polygon: {
            feature: {
              draggable: false,
              coordinates: { draggable: true, midpoints: true, deletable: true },
            },
          },
        },
        styles: { selectedPolygonColor: colour, selectedPolygonOutlineColor: colour },
      }),
    ],
  });
}

export function useBoundaryDraw(
  map: MapLibreMap | undefined,
  spot: LocalLocation,
  start: 'boundary' | 'exclusion' | 'edit',
): BoundaryDrawSession {
  const ref = useRef<TerraDraw | null>(null);
  const pending = useRef<AreaRole>(start === 'exclusion' ? 'exclusion' : 'boundary');
  const [status, setStatus] = useState<DrawStatus>('loading');
  const [areas, setAreas] = useState<DrawnArea[]>([]);
  const [drawing, setDrawing] = useState<AreaRole | null>(null);
  const [selected, setSelected] = useState<string | number | null>(null);

  const refresh = useCallback(() => {
    const draw = ref.current;
    if (!draw) return;
    const found = areasFromFeatures(draw.getSnapshot());
    setAreas([...found.filter((a) => a.role === 'boundary'), ...found.filter((a) => a.role !== 'boundary')]);
  }, []);

  const drawShape = useCallback((role: AreaRole) => {
    const draw = ref.current;
    if (!draw) return;
    pending.current = role;
    draw.setMode('polygon');
    setDrawing(role);
    setSelected(null);
  }, []);

  // One session per spot: the saved record is what it starts from, and a later sync does not reset it.
  const saved = useRef(spot);
  useEffect(() => {
    if (!map) return;
    let live = true;
    let draw: TerraDraw | null = null;
    createDraw(map, () => pending.current).then(
      (created) => {
        if (!live) return;
        draw = created;
        ref.current = created;
        created.start();
        created.addFeatures(featuresToDraw(saved.current, () => created.getFeatureId()));
        created.on('finish', (id, context) => {
          if (context.mode === 'polygon' && context.action === 'draw') {
            created.updateFeatureProperties(id, { role: pending.current });
            created.setMode('select');
            created.selectFeature(id);
            setDrawing(null);
          }
          refresh();
        });
        created.on('change', (_ids, type) => {
          if (type === 'delete') refresh();
        });
        created.on('select', (id) => setSelected(id));
        created.on('deselect', () => setSelected(null));
        refresh();
        const boundary = created
          .getSnapshot()
          .find((f) => f.properties.role === 'boundary' && f.id !== undefined);
        if (start === 'edit' || (start === 'boundary' && boundary)) {
          created.setMode('select');
          if (boundary?.id !== undefined) created.selectFeature(boundary.id);
        } else drawShape(start === 'exclusion' ? 'exclusion' : 'boundary');
        setStatus('ready');
      },
      () => live && setStatus('failed'),
    );
    return () => {
      live = false;
      ref.current = null;
      draw?.stop();
    };
  }, [map, start, refresh, drawShape]);

  const remove = useCallback(
    (id: string | number) => {
      const draw = ref.current;
      if (!draw?.hasFeature(id)) return;
      if (selected === id) draw.deselectFeature(id);
      draw.removeFeatures([id]);
      refresh();
    },
    [refresh, selected],
  );

  const read = useCallback(
    (): DrawingResult => readDrawing(ref.current?.getSnapshot() ?? [], saved.current),
    [],
  );

  return { status, areas, drawing, selected, draw: drawShape, remove, read };
}
