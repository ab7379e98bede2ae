/**
 * /map (docs/map.md "The screen"): the detecting map with the member's spots plugged into MapShell's slots —
 * Add New Spot as the primary action; Import, Export and Only my locations in the map menu; the filter chips;
 * the location guide in the layers control; the markers and info window in `layers`; the Add/Edit form and
 * the spots list in the panel (a bottom sheet on phones, beside the map on desktops); spot names in the
 * search box; the owner draws a permission's boundary from a spot's details (docs/permissions.md). Spots
 * are read from the device (own and the shared window; docs/sync.md), so all of it works with no signal. Anonymous visitors see the shared spots; Add New Spot and Import are disabled with the
 * reason shown.
 */
import { useCallback, useMemo, useState } from 'react';
import { NEARBY_RADIUS_DEFAULT_KM, locationMessages as m } from '@schema/contracts/locations-constants';
import { ConfirmDeleteDialog } from '@web/components/ui/confirm-delete-dialog';
import { toast } from '@web/components/ui/toast-store';
import { useCurrentUser } from '@web/db/current-user';
import type { LocalLocation } from '@web/db/locations-types';
import { MapShell } from '../components/map-shell';
import type { EditorState } from '../components/spots/spot-editor';
import { ExportDialog } from '../components/spots/export-dialog';
import { ImportDialog } from '../components/spots/import-dialog';
import { SpotFilters } from '../components/spots/spot-filters';
import { SpotLegend } from '../components/spots/spot-legend';
import { ProtectedLegend } from '../components/protected/protected-legend';
import { ProtectedAreaMarkers } from '../components/protected/protected-markers';
import { BoundaryLegend } from '../components/spots/boundary-legend';
import { SpotMarkers, type DrawingState } from '../components/spots/spot-markers';
import { SpotsPanel } from '../components/spots/spots-panel';
import { AddSpotButton, SpotMenuItems } from '../components/spots/spot-tools';
import { deleteSpot } from '../hooks/spot-writes';
import { searchSpots, useSpots } from '../hooks/use-spots';
import type { LatLng } from '@schema/contracts/grid/coordinates';
import type { SpotFilters as Filters } from '../model/spots/list';

export function MapPage() {
  const { user } = useCurrentUser();
  const spots = useSpots();
  const [filters, setFilters] = useState<Filters>({
    filter: null,
    onlyMine: false,
    radiusKm: NEARBY_RADIUS_DEFAULT_KM,
  });
  const [selectedUid, setSelectedUid] = useState<string | null>(null);
  const [editor, setEditor] = useState<EditorState | null>(null);
  const [draft, setDraft] = useState<LatLng | null>(null);
  const [deleting, setDeleting] = useState<LocalLocation | null>(null);
  const [dialog, setDialog] = useState<'import' | 'export' | null>(null);
  const [summary, setSummary] = useState('Spots in view');
  const [drawing, setDrawing] = useState<DrawingState | null>(null);

  const all = useMemo(() => (spots.state === 'ready' ? spots.value : []), [spots]);
  const selected = all.find((s) => s.uid === selectedUid) ?? null;
  const viewerId = user?.id ?? null;
  const ownSpots = useMemo(() => all.filter((s) => s.userId === viewerId), [all, viewerId]);
  const activeFilters = user ? filters : { ...filters, onlyMine: false };

  const clearSelection = useCallback(() => setSelectedUid(null), []);
  const startEdit = useCallback((spot: LocalLocation) => {
    setSelectedUid(null);
    setEditor({ mode: 'edit', spot });
    setDraft({ latitude: spot.latitude, longitude: spot.longitude });
  }, []);

  return (
    <>
      <MapShell
        title="Detecting Map"
        primaryAction={
          <AddSpotButton
            user={user}
            onAdd={() => {
              setSelectedUid(null);
              setEditor({ mode: 'create' });
              setDraft(null);
            }}
          />
        }
        menuItems={
          <SpotMenuItems
            user={user}
            onImport={() => setDialog('import')}
            onExport={() => setDialog('export')}
            onlyMine={activeFilters.onlyMine}
            onOnlyMine={(onlyMine) => setFilters((f) => ({ ...f, onlyMine }))}
          />
        }
        filters={<SpotFilters value={activeFilters} onChange={setFilters} />}
        legend={
          <>
            <SpotLegend />
            <BoundaryLegend />
            <ProtectedLegend />
          </>
        }
        spotSearch={searchSpots}
        onMapClick={editor ? setDraft : undefined}
        layers={
          <>
            <ProtectedAreaMarkers
              interactive={editor === null && drawing === null}
              spotSelected={selectedUid !== null}
              onPick={clearSelection}
            />
            <SpotMarkers
              spots={all}
              filters={activeFilters}
              viewerId={viewerId}
              selected={selected}
              onSelect={setSelectedUid}
              draft={editor ? draft : null}
              onEdit={startEdit}
              onDelete={setDeleting}
              drawing={drawing}
              onDraw={(next) => {
                setSelectedUid(next ? null : (drawing?.spot.uid ?? null));
                if (next) setEditor(null);
                setDrawing(next);
              }}
            />
          </>
        }
        panelSummary={summary}
        panelForcedOpen={editor !== null}
        panel={
          <SpotsPanel
            spots={spots}
            filters={activeFilters}
            user={user}
            editor={editor}
            draft={draft}
            onDraft={setDraft}
            onEditorDone={(uid) => {
              setEditor(null);
              setDraft(null);
              if (uid) setSelectedUid(uid);
            }}
            onSelect={setSelectedUid}
            onEdit={startEdit}
            onDelete={setDeleting}
            onSummary={setSummary}
          />
        }
      />
      <ConfirmDeleteDialog
        open={deleting !== null}
        title={m.deleteConfirmTitle}
        description={`Delete "${deleting?.name ?? ''}"? This cannot be undone.`}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!user || !deleting) return;
          try {
            await deleteSpot(user, deleting);
            toast({ title: m.deleted });
            if (selectedUid === deleting.uid) setSelectedUid(null);
            setDeleting(null);
          } catch {
            toast({ title: m.deleteFailed, variant: 'destructive' });
          }
        }}
      />
      {user ? (
        <>
          <ImportDialog
            open={dialog === 'import'}
            user={user}
            ownSpots={ownSpots}
            onClose={() => setDialog(null)}
          />
          <ExportDialog open={dialog === 'export'} ownSpots={ownSpots} onClose={() => setDialog(null)} />
        </>
      ) : null}
    </>
  );
}
